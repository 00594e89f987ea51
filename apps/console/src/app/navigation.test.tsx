import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, sessionOf, stubApi, venueSummary } from '../test/console-test.tsx';

/** A gate attendant: one venue, scanning only, nothing organisation-wide. */
const gateSession = () =>
  sessionOf({
    staff: { ...sessionOf().staff, id: 5, email: 'gate@example.com', name: 'Gina Gate', is_owner: false },
    venues: [{ id: 1, code: 'harbor', variant: 'harbor', name: 'Harbor Museum', rights: ['checkin:scan'] }],
    organisation_rights: [],
  });

describe('navigation by right', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows an owner every screen', async () => {
    stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor': { status: 200, body: venueSummary('harbor', 'Harbor Museum') },
    });
    renderConsole('/venues/harbor');
    const nav = within(await screen.findByRole('navigation', { name: 'Console' }));
    for (const name of ['Overview', 'Audit log', 'Staff', 'Teams', 'Audit log (all venues)', 'New venue', 'Your account']) {
      expect(nav.getByRole('link', { name })).toBeTruthy();
    }
  });

  it('hides from a staff member what their rights do not allow, and the venues they are not attached to', async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: gateSession() },
      'GET venues/harbor': { status: 200, body: venueSummary('harbor', 'Harbor Museum') },
    });
    renderConsole('/venues/harbor');
    await screen.findByRole('heading', { name: 'Harbor Museum' });
    const nav = within(screen.getByRole('navigation', { name: 'Console' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Overview', 'Arrivals', 'Your account']);
    expect(screen.getByText('Check visitors in')).toBeTruthy();
    expect(screen.queryByText('Manage staff and teams')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Venue\s*Harbor Museum/ }));
    expect(
      within(screen.getByRole('list', { name: 'Venues' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Harbor Museumharbor']);
    expect(calls.some((call) => call.path === 'staff' || call.path === 'audit')).toBe(false);
  });

  it('answers a venue the staff member is not attached to with not found, and a screen without the right with a plain refusal', async () => {
    stubApi({ 'GET session': { status: 200, body: gateSession() } });
    const { router } = renderConsole('/venues/lumen');
    await screen.findByRole('heading', { name: 'Not found' });
    await router.navigate('/staff');
    await screen.findByText('You do not have the right to see or do this. Ask an owner if you need it.');
    await router.navigate('/venues/harbor/audit');
    await screen.findByText('You do not have the right to see or do this. Ask an owner if you need it.');
  });
});
