import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, sessionOf, stubApi } from '../../test/console-test.tsx';

const TEAMS = [
  { id: 4, name: 'Gate', all_venues: true, venue_ids: [], rights: ['checkin:scan'], requires_two_factor: false, member_ids: [] },
  {
    id: 7,
    name: 'Harbor office',
    all_venues: false,
    venue_ids: [1],
    rights: ['orders:read'],
    requires_two_factor: true,
    member_ids: [],
  },
];

describe('inviting a staff member', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names what is wrong with each field, tied to it, before anything is sent', async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET staff': { status: 200, body: { staff: [] } },
      'GET teams': { status: 200, body: { teams: TEAMS } },
      'POST staff': (call) => ({
        status: 200,
        body: {
          id: 9,
          ...(call.body as object),
          is_owner: false,
          status: 'invited',
          has_two_factor: false,
          last_sign_in_at: null,
          created_at: '2026-01-01T00:00:00Z',
        },
      }),
    });
    renderConsole('/staff');
    await screen.findByRole('heading', { name: 'Staff' });
    fireEvent.click(screen.getByRole('button', { name: 'Invite a staff member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a staff member' });
    const form = within(dialog);

    fireEvent.input(form.getByLabelText('E-mail address'), { target: { value: 'not an address' } });
    fireEvent.click(form.getByRole('button', { name: 'Send the invitation' }));

    const nameError = await form.findByText('Fill this in.');
    const emailError = form.getByText('Enter an e-mail address, like name@example.com.');
    const teamsError = form.getByText('Choose at least one.');
    expect(form.getByLabelText('Name').getAttribute('aria-describedby')).toContain(nameError.id);
    expect(form.getByLabelText('E-mail address').getAttribute('aria-describedby')).toContain(emailError.id);
    expect(form.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true');
    expect(form.getByRole('group', { name: 'Teams' }).getAttribute('aria-describedby')).toContain(teamsError.id);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.input(form.getByLabelText('Name'), { target: { value: 'Gina Gate' } });
    fireEvent.input(form.getByLabelText('E-mail address'), { target: { value: ' Gina@Example.com ' } });
    fireEvent.change(form.getByLabelText('Language'), { target: { value: 'ja' } });
    fireEvent.click(form.getByLabelText('Harbor office'));
    fireEvent.click(form.getByRole('button', { name: 'Send the invitation' }));

    await screen.findByText('An invitation has been sent to gina@example.com.');
    expect(calls.find((call) => call.method === 'POST' && call.path === 'staff')?.body).toEqual({
      email: 'gina@example.com',
      name: 'Gina Gate',
      language: 'ja',
      team_ids: [7],
    });
  });

  it('puts a taken address on the e-mail field', async () => {
    stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET staff': { status: 200, body: { staff: [] } },
      'GET teams': { status: 200, body: { teams: TEAMS } },
      'POST staff': { status: 409, body: { error: 'conflict', can_retry: false } },
    });
    renderConsole('/staff');
    fireEvent.click(await screen.findByRole('button', { name: 'Invite a staff member' }));
    const form = within(await screen.findByRole('dialog', { name: 'Invite a staff member' }));
    fireEvent.input(form.getByLabelText('Name'), { target: { value: 'Gina Gate' } });
    fireEvent.input(form.getByLabelText('E-mail address'), { target: { value: 'gina@example.com' } });
    fireEvent.click(form.getByLabelText('Gate'));
    fireEvent.click(form.getByRole('button', { name: 'Send the invitation' }));
    const error = await form.findByText('A staff member already uses this e-mail address.');
    expect(form.getByLabelText('E-mail address').getAttribute('aria-describedby')).toContain(error.id);
  });
});
