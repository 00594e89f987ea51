import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, sessionOf, stubApi } from '../../test/console-test.tsx';

const entry = (id: number, action: string) => ({
  id,
  at: '2026-03-01T01:00:00Z',
  actor_type: 'staff',
  actor_id: 1,
  actor_label: 'owner@example.com',
  venue_id: 1,
  venue_code: 'harbor',
  object_type: 'team',
  object_id: String(id),
  action,
  changes: { name: { from: 'Gate', to: 'Harbor gate' } },
  client_ip: '127.0.0.1',
});

describe('the audit log', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('turns the filters into the query, keeps them in the address and loads older entries by `before`', async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET staff': { status: 200, body: { staff: [] } },
      'GET audit': (call) =>
        call.query.get('before') === '40'
          ? { status: 200, body: { entries: [entry(39, 'team.create')], next_before: null } }
          : { status: 200, body: { entries: [entry(41, 'team.update'), entry(40, 'team.update')], next_before: 40 } },
    });
    const { router } = renderConsole('/audit');
    await screen.findByRole('heading', { name: 'Audit log' });
    await screen.findByRole('table', { name: /2 entries/ });

    const filters = within(screen.getByRole('form', { name: 'Filter the audit log' }));
    fireEvent.change(filters.getByLabelText('Venue'), { target: { value: 'harbor' } });
    fireEvent.input(filters.getByLabelText('Action'), { target: { value: 'team.update' } });
    fireEvent.input(filters.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.input(filters.getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.click(filters.getByRole('button', { name: 'Apply' }));

    await vi.waitFor(() =>
      expect(router.state.location.search).toBe('?venue=harbor&action=team.update&from=2026-03-01&to=2026-03-31'),
    );
    await vi.waitFor(() => expect(calls.filter((call) => call.path === 'audit')).toHaveLength(2));
    const filtered = calls.filter((call) => call.path === 'audit')[1];
    expect(filtered?.query.toString()).toBe(
      'venue=harbor&action=team.update&from=2026-03-01T00%3A00%3A00%2B09%3A00&to=2026-03-31T23%3A59%3A59.999%2B09%3A00&limit=50',
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Load older entries' }));
    await screen.findByRole('table', { name: /3 entries/ });
    expect(calls.filter((call) => call.path === 'audit')[2]?.query.get('before')).toBe('40');
    expect(screen.queryByRole('button', { name: 'Load older entries' })).toBeNull();
    expect(screen.getAllByText('Harbor gate')).toHaveLength(3);
  });

  it('refuses an end before the start without asking the server', async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET staff': { status: 200, body: { staff: [] } },
      'GET audit': { status: 200, body: { entries: [], next_before: null } },
    });
    renderConsole('/audit');
    const filters = within(await screen.findByRole('form', { name: 'Filter the audit log' }));
    fireEvent.input(filters.getByLabelText('From'), { target: { value: '2026-03-10' } });
    fireEvent.input(filters.getByLabelText('To'), { target: { value: '2026-03-01' } });
    fireEvent.click(filters.getByRole('button', { name: 'Apply' }));
    const error = await filters.findByText('The end is before the start.');
    expect(filters.getByLabelText('To').getAttribute('aria-describedby')).toContain(error.id);
    expect(calls.filter((call) => call.path === 'audit')).toHaveLength(1);
  });
});
