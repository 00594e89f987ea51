import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, sessionOf, stubApi } from '../../test/console-test.tsx';

const entry = (id: number, email: string, extra: Record<string, unknown> = {}) => ({
  id,
  status: 'waiting',
  position: id,
  product_id: 7,
  product_name: { ja: '夜間展示', en: 'Night exhibition' },
  slot: { id: 70, date: '2026-05-02', start_time: '18:00', end_time: '18:30' },
  email,
  quantity: 2,
  lang: 'ja',
  offered_at: null,
  offer_expires_at: null,
  created_at: '2026-04-20T01:00:00.000Z',
  ...extra,
});

const products = { products: [{ id: 7, name: { ja: '夜間展示', en: 'Night exhibition' } }] };

describe('the waiting lists screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the entries with their places, filters them into the query, and takes an offered visitor off after asking', {
    timeout: 20_000,
  }, async () => {
    let takenOff = false;
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/orders/products': { status: 200, body: products },
      'GET venues/harbor/waiting-list': () => ({
        status: 200,
        body: {
          entries: [
            entry(1, 'aoi@example.com', {
              status: takenOff ? 'closed' : 'offered',
              position: null,
              offered_at: '2026-04-30T01:00:00.000Z',
              offer_expires_at: '2026-04-30T01:30:00.000Z',
            }),
            entry(2, 'ben@example.com', { position: 1, lang: 'en' }),
            entry(3, 'cai@example.com', { status: 'left', position: null }),
          ],
          is_capped: false,
          time_zone: 'Asia/Tokyo',
        },
      }),
      'DELETE venues/harbor/waiting-list/1': () => {
        takenOff = true;
        return { status: 204 };
      },
    });
    renderConsole('/venues/harbor/waiting-list');
    await screen.findByRole('heading', { name: 'Waiting lists — Harbor Museum' }, { timeout: 15_000 });
    const table = await screen.findByRole('table', { name: '3 entries in slots not yet over' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Slot',
      'Product',
      'Place in line',
      'E-mail',
      'Tickets',
      'Language',
      'Status',
      'Offer held until',
      'Actions',
    ]);
    const offered = within(table).getByRole('row', { name: /aoi@example\.com/ });
    expect(within(offered).getByRole('rowheader').textContent).toBe('2026-05-02 18:00–18:30');
    expect(within(offered).getByText('Offered places')).toBeTruthy();
    expect(within(offered).getByText('Night exhibition')).toBeTruthy();
    expect(within(offered).getByText('日本語')).toBeTruthy();
    const waiting = within(table).getByRole('row', { name: /ben@example\.com/ });
    expect(within(waiting).getAllByRole('cell')[1]?.textContent).toBe('1');
    // An entry that has ended cannot be taken off.
    expect(
      (within(table).getByRole('button', { name: 'Take off the list: cai@example.com' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.change(screen.getByLabelText('Product'), { target: { value: '7' } });
    fireEvent.input(screen.getByLabelText(/^Visit date/), { target: { value: '2026-05-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => {
      const last = calls.filter((call) => call.path === 'venues/harbor/waiting-list').at(-1);
      expect(last?.query.get('product_id')).toBe('7');
      expect(last?.query.get('date')).toBe('2026-05-02');
    });
    await screen.findByRole('table', { name: '3 entries on 2026-05-02' });

    fireEvent.click(screen.getByRole('button', { name: 'Take off the list: aoi@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take aoi@example.com off the list?' });
    expect(within(dialog).getByText(/go back at once and are offered to the next in line/)).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take off the list' }));
    await screen.findByText('aoi@example.com was taken off the list.');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['venues/harbor/waiting-list/1']);
    await vi.waitFor(() =>
      expect(within(screen.getByRole('row', { name: /aoi@example\.com/ })).getByText('Closed')).toBeTruthy(),
    );
  });

  it('shows a reader the lists without the action, and the navigation offers them with orders:read only', async () => {
    stubApi({
      'GET session': {
        status: 200,
        body: sessionOf({
          staff: { ...sessionOf().staff, is_owner: false },
          venues: [{ id: 1, code: 'harbor', variant: 'harbor', name: 'Harbor Museum', rights: ['orders:read'] }],
          organisation_rights: [],
        }),
      },
      'GET venues/harbor/orders/products': { status: 200, body: products },
      'GET venues/harbor/waiting-list': {
        status: 200,
        body: { entries: [entry(2, 'ben@example.com')], is_capped: true, time_zone: 'Asia/Tokyo' },
      },
    });
    renderConsole('/venues/harbor/waiting-list');
    const table = await screen.findByRole('table', { name: '1 entry in slots not yet over' }, { timeout: 15_000 });
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.getByText(/Only the first 500 entries are shown/)).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: 'Console' }));
    expect(nav.getByRole('link', { name: 'Waiting lists' }).getAttribute('href')).toBe('/venues/harbor/waiting-list');
  });

  it('refuses a member without orders:read, as the server would', async () => {
    stubApi({
      'GET session': {
        status: 200,
        body: sessionOf({
          staff: { ...sessionOf().staff, is_owner: false },
          venues: [{ id: 1, code: 'harbor', variant: 'harbor', name: 'Harbor Museum', rights: ['catalogue:read'] }],
          organisation_rights: [],
        }),
      },
    });
    renderConsole('/venues/harbor/waiting-list');
    await screen.findByText(/You do not have the right to see or do this/, {}, { timeout: 15_000 });
    const nav = within(screen.getByRole('navigation', { name: 'Console' }));
    expect(nav.queryByRole('link', { name: 'Waiting lists' })).toBeNull();
  });
});
