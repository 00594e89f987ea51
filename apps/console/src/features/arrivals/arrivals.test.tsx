import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderConsole, sessionOf, stubApi } from '../../test/console-test.tsx';

const ORDER_NUMBER = '7K2QM9XA4B';
const TICKET = 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b';
const ORDER_ID = '5d0c3b2a-1f9e-4d8c-b7a6-958473625140';

const slotArrivals = (id: number, start: string, end: string, sold: number, checkedIn: number, noShows: number | null) => ({
  slot: { id, date: '2026-11-24', start_time: start, end_time: end },
  product_name: 'Timed-Entry Ticket',
  sold,
  checked_in: checkedIn,
  no_shows: noShows,
  by_gate:
    checkedIn === 0
      ? []
      : [
          { gate: 'north', count: checkedIn - 1 },
          { gate: 'east', count: 1 },
        ],
});

const arrivals = (inAtTwo: number) => ({
  date: '2026-11-24',
  generated_at: '2026-11-24T04:10:00.000Z',
  slots: [slotArrivals(40, '10:00', '10:30', 20, 18, 2), slotArrivals(41, '14:00', '14:30', 12, inAtTwo, null)],
  totals: { sold: 32, checked_in: 18 + inAtTwo },
  conflicts: [
    {
      nonce: '0b8f5e7c-2a31-4d6e-9f10-3c2b1a0d9e8f',
      kind: 'used',
      ticket_id: TICKET,
      order_id: ORDER_ID,
      reservation_number: ORDER_NUMBER,
      product_name: 'Timed-Entry Ticket',
      device_name: 'tablet 2',
      gate: 'east',
      // 13:05 and 13:02 in Japan.
      scanned_at: '2026-11-24T04:05:00.000Z',
      uploaded_at: '2026-11-24T04:09:00.000Z',
      first: { at: '2026-11-24T04:02:00.000Z', gate: 'north' },
    },
  ],
});

const checkIns = {
  slot: { id: 40, date: '2026-11-24', start_time: '10:00', end_time: '10:30' },
  product_name: 'Timed-Entry Ticket',
  admissions: [
    {
      ticket_id: TICKET,
      reservation_number: ORDER_NUMBER,
      option_name: 'Adult',
      position: 1,
      status: 'used',
      checked_in_at: '2026-11-24T01:02:00.000Z',
      gate: 'north',
      by: 'tablet 2',
      offline: true,
    },
    {
      ticket_id: 'f2a3b4c5-d6e7-4f8a-9b0c-1d2e3f4a5b6c',
      reservation_number: ORDER_NUMBER,
      option_name: 'Child',
      position: 2,
      status: 'valid',
      checked_in_at: null,
      gate: null,
      by: null,
      offline: false,
    },
  ],
};

/** EventSource as the browser has it, driven by the test. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  readonly url: string;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.opened.push(this);
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  send(event: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(event, { data: JSON.stringify(data) }));
  }
  drop() {
    this.readyState = 0;
    this.dispatchEvent(new Event('error'));
  }
  close() {
    this.readyState = 2;
  }
}

describe('live arrivals', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    FakeEventSource.opened = [];
  });

  it('shows the day per slot with totals, follows the stream live, says when it reconnects, and lists the conflicts', {
    timeout: 30_000,
  }, async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const calls: ApiCall[] = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/arrivals': { status: 200, body: arrivals(0) },
      'GET venues/harbor/arrivals/slots/40': { status: 200, body: checkIns },
    });
    const { router } = renderConsole('/venues/harbor/arrivals?date=2026-11-24');
    await screen.findByRole('heading', { name: 'Arrivals — Harbor Museum' }, { timeout: 15_000 });
    const table = await screen.findByRole('table', { name: '2 slots' });
    const morning = within(table).getByRole('row', { name: /10:00–10:30/ });
    expect(within(morning).getByRole('progressbar', { name: '18 of 20 checked in' })).toBeTruthy();
    expect(within(morning).getByText('north 17')).toBeTruthy();
    expect(within(morning).getByText('east 1')).toBeTruthy();
    expect(
      within(morning)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('2');
    const afternoon = within(table).getByRole('row', { name: /14:00–14:30/ });
    expect(within(afternoon).getByText('Counted once the slot’s entry window has closed')).toBeTruthy();
    const totals = within(screen.getByLabelText('The day in figures'));
    expect(totals.getByText('32')).toBeTruthy();
    expect(totals.getByText('Checked in').nextElementSibling?.textContent).toBe('18 (56%)');
    // 32 sold, 18 in, 2 no-shows of the closed slot: 12 still to come.
    expect(totals.getByText('Still to come').nextElementSibling?.textContent).toBe('12');
    expect(calls.find((call) => call.path === 'venues/harbor/arrivals')?.query.get('date')).toBe('2026-11-24');

    // Live: the stream's events replace the figures.
    const source = FakeEventSource.opened.at(-1) as FakeEventSource;
    expect(source.url).toBe('/console/api/v1/venues/harbor/arrivals/stream?date=2026-11-24&lang=en');
    act(() => source.open());
    expect(await screen.findByText('Live')).toBeTruthy();
    act(() => source.send('arrivals', arrivals(5)));
    expect(await screen.findByRole('progressbar', { name: '5 of 12 checked in' })).toBeTruthy();
    act(() => source.drop());
    expect(await screen.findByText('Reconnecting…')).toBeTruthy();
    act(() => source.open());
    expect(await screen.findByText('Live')).toBeTruthy();

    // The conflict, in words, with the order to look at.
    const conflicts = within(screen.getByRole('region', { name: 'Offline conflicts (1)' }));
    expect(conflicts.getByText('Admitted twice offline: 13:02 at north gate and 13:05 at east gate (tablet 2)')).toBeTruthy();
    const link = conflicts.getByRole('link', { name: `Order ${ORDER_NUMBER}` });
    expect(link.getAttribute('href')).toBe(`/venues/harbor/orders/${ORDER_ID}`);

    // A slot's check-in list opens from its row.
    fireEvent.click(within(morning).getByRole('button', { name: 'Check-ins of 10:00–10:30, Timed-Entry Ticket' }));
    const dialog = within(await screen.findByRole('dialog', { name: '10:00–10:30 · Timed-Entry Ticket' }));
    const list = await dialog.findByRole('table', { name: '1 of 2 checked in' });
    const adult = within(list).getByRole('row', { name: /Adult/ });
    expect(within(adult).getByText('10:02')).toBeTruthy();
    expect(within(adult).getByText('Offline')).toBeTruthy();
    expect(within(adult).getByText(/tablet 2/)).toBeTruthy();
    expect(within(within(list).getByRole('row', { name: /Child/ })).getByText('Not yet')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));

    // Another day: read again, and the stream follows it.
    // A day that is not today whenever the test runs: today's date leaves the address without one.
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2031-01-15' } });
    await vi.waitFor(() => expect(router.state.location.search).toBe('?date=2031-01-15'));
    await vi.waitFor(() => expect(FakeEventSource.opened.at(-1)?.url).toContain('date=2031-01-15'));
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('is offered to a gate attendant and refused without checkin:scan', { timeout: 30_000 }, async () => {
    stubApi({
      'GET session': {
        status: 200,
        body: sessionOf({
          venues: [{ id: 1, code: 'harbor', variant: 'harbor', name: 'Harbor Museum', rights: ['orders:read'] }],
          organisation_rights: [],
        }),
      },
    });
    renderConsole('/venues/harbor/arrivals');
    expect(
      await screen.findByText(
        'You do not have the right to see or do this. Ask an owner if you need it.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Console' })).queryByRole('link', { name: 'Arrivals' })).toBeNull();
  });
});
