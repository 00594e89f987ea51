import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, sessionOf, stubApi, venueSummary } from '../../test/console-test.tsx';

/** A manager who holds `staff:manage` everywhere and may change orders at the harbor only. */
const manager = sessionOf({
  staff: { ...sessionOf().staff, email: 'lead@example.com', name: 'Lee Lead', is_owner: false },
  venues: [
    { id: 1, code: 'harbor', variant: 'harbor', name: 'Harbor Museum', rights: ['orders:read', 'orders:write', 'staff:manage'] },
    { id: 2, code: 'lumen', variant: 'cafe-lumen', name: 'Cafe Lumen', rights: ['staff:manage'] },
  ],
  organisation_rights: ['staff:manage'],
});

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('the rights a team may be given', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers a manager only the rights they hold where the team holds them, and says why', async () => {
    stubApi({
      'GET session': { status: 200, body: manager },
      'GET venues': {
        status: 200,
        body: { venues: [venueSummary('harbor', 'Harbor Museum'), venueSummary('lumen', 'Cafe Lumen')] },
      },
    });
    renderConsole('/teams/new');
    await screen.findByLabelText('Team name');
    // All venues: staff:manage is the one right they hold everywhere.
    expect(checkbox('Manage staff and teams').disabled).toBe(false);
    expect(checkbox('See orders').disabled).toBe(true);
    expect(screen.getByText(/You can give a team only rights you hold yourself/)).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Only the venues chosen below'));
    fireEvent.click(await screen.findByLabelText(/\(harbor\)/));
    expect(checkbox('See orders').disabled).toBe(false);
    expect(checkbox('Change orders').disabled).toBe(false);
    expect(checkbox('Refund orders').disabled).toBe(true);
    fireEvent.click(checkbox('Change orders'));
    // The café too: they hold no order right there, but a right already ticked can still be unticked.
    fireEvent.click(screen.getByLabelText(/\(lumen\)/));
    expect(checkbox('See orders').disabled).toBe(true);
    expect(checkbox('Change orders').disabled).toBe(false);
  });

  it('offers an owner every right', async () => {
    stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues': { status: 200, body: { venues: [venueSummary('harbor', 'Harbor Museum')] } },
    });
    renderConsole('/teams/new');
    await screen.findByLabelText('Team name');
    expect(screen.getAllByRole('checkbox').every((box) => !(box as HTMLInputElement).disabled)).toBe(true);
    expect(screen.queryByText(/You can give a team only rights you hold yourself/)).toBeNull();
  });

  it('shows the server refusing a team as a clear refusal', async () => {
    stubApi({
      'GET session': { status: 200, body: manager },
      'GET venues': { status: 200, body: { venues: [venueSummary('harbor', 'Harbor Museum')] } },
      'POST teams': { status: 403, body: { error: 'forbidden', can_retry: false, message: 'you do not hold orders:read' } },
    });
    renderConsole('/teams/new');
    await screen.findByLabelText('Team name');
    fireEvent.input(screen.getByLabelText('Team name'), { target: { value: 'Managers' } });
    fireEvent.click(checkbox('Manage staff and teams'));
    fireEvent.click(screen.getByRole('button', { name: 'Create the team' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You do not have the right to see or do this.');
  });
});
