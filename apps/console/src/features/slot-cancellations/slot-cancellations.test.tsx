import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiCall } from '../../test/console-test.tsx';
import { renderConsole, sessionOf, stubApi } from '../../test/console-test.tsx';

const JOB_ID = '0b8f5e7c-2a31-4d6e-9f10-3c2b1a0d9e8f';
const FAILED_ORDER = '5a0c8f6e-1d2b-4c3a-9e8f-7a6b5c4d3e2f';
const NAME = { ja: '日時指定入場券', en: 'Timed-Entry Ticket' };

const slot = (id: number, start: string) => ({
  slot_id: id,
  product_id: 3,
  product_name: NAME,
  date: '2026-12-02',
  start_time: start,
  orders: 2,
  admissions: 3,
  refundable: 5000,
});

const preview = {
  currency: 'JPY',
  slots: [slot(40, '14:00'), slot(41, '14:30')],
  slot_count: 2,
  over_count: 0,
  orders: 4,
  admissions: 6,
  refundable: 10000,
};

const summary = (status: 'running' | 'done', done: number) => ({
  id: JOB_ID,
  status,
  created_at: '2026-12-01T03:00:00.000Z',
  finished_at: status === 'done' ? '2026-12-01T03:00:04.000Z' : null,
  requested_by: 'Olive Owner',
  reason: 'Storm warning',
  slot_count: 2,
  first_date: '2026-12-02',
  last_date: '2026-12-02',
  orders: { total: 4, done, skipped: 0, failed: 0, pending: 4 - done },
});

const progress = (status: 'running' | 'done', done: number) => ({
  ...summary(status, done),
  message: 'The garden is closed.',
  currency: 'JPY',
  slots: [
    { slot_id: 40, product_id: 3, product_name: NAME, date: '2026-12-02', start_time: '14:00' },
    { slot_id: 41, product_id: 3, product_name: NAME, date: '2026-12-02', start_time: '14:30' },
  ],
  refunds: {
    succeeded: { count: done === 4 ? 3 : done, amount: done === 4 ? 7500 : done * 2500 },
    pending: { count: 0, amount: 0 },
    failed: { count: done === 4 ? 1 : 0, amount: done === 4 ? 2500 : 0 },
  },
  admissions_cancelled: done === 4 ? 6 : done,
  mails: done,
  orders_per_second: done >= 2 ? 1.5 : null,
  failed_refunds:
    done === 4
      ? [
          {
            refund_id: 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b',
            order_id: FAILED_ORDER,
            reservation_number: '7K2QM-9XA4B',
            amount: 2500,
            failure_reason: 'card_declined',
          },
        ]
      : [],
  failed_orders: [],
});

const products = { products: [{ id: 3, name: NAME }] };

describe('calling off slots', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('previews a day’s afternoon, says plainly what will happen, starts the job and follows it until it is finished', {
    timeout: 30_000,
  }, async () => {
    let readings = 0;
    const calls: ApiCall[] = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/slot-cancellations': { status: 200, body: { jobs: [] } },
      'GET venues/harbor/orders/products': { status: 200, body: products },
      'POST venues/harbor/slot-cancellations/preview': { status: 200, body: preview },
      'POST venues/harbor/slot-cancellations': { status: 202, body: progress('running', 0) },
      [`GET venues/harbor/slot-cancellations/${JOB_ID}`]: () => {
        readings += 1;
        return { status: 200, body: readings < 3 ? progress('running', readings) : progress('done', 4) };
      },
    });
    const { router } = renderConsole('/venues/harbor/slot-cancellations');
    await screen.findByRole('heading', { name: 'Call off slots — Harbor Museum' }, { timeout: 15_000 });
    await screen.findByText('No slots have been called off at this venue yet.');

    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-12-02' } });
    fireEvent.change(screen.getByLabelText('Slots starting from'), { target: { value: '12:00' } });
    fireEvent.change(screen.getByLabelText('Slots starting before'), { target: { value: '18:00' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Timed-Entry Ticket' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const found = await screen.findByRole('region', { name: 'What would be called off' });
    expect(calls.find((call) => call.path === 'venues/harbor/slot-cancellations/preview')?.body).toEqual({
      selection: { from: '2026-12-02', to: '2026-12-02', time_from: '12:00', time_to: '18:00', product_ids: [3] },
    });
    expect(within(found).getByText('4')).toBeTruthy();
    expect(within(found).getByText(/[¥￥]10,000/)).toBeTruthy();
    const table = within(found).getByRole('table', { name: '2 slots' });
    expect(within(table).getByRole('row', { name: /14:30/ })).toBeTruthy();

    // A changed selection puts the preview away.
    fireEvent.change(screen.getByLabelText('Slots starting before'), { target: { value: '17:00' } });
    expect(screen.queryByRole('region', { name: 'What would be called off' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Slots starting before'), { target: { value: '18:00' } });
    await screen.findByRole('region', { name: 'What would be called off' });

    // The reason is required before anything is confirmed.
    fireEvent.click(screen.getByRole('button', { name: 'Call off these slots…' }));
    await screen.findByText('Fill this in.');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.input(screen.getByLabelText('Reason'), { target: { value: 'Storm warning' } });
    fireEvent.input(screen.getByLabelText(/^Message to the visitors/), { target: { value: 'The garden is closed.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call off these slots…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call off these slots?' });
    expect(
      within(dialog).getByText(/^4 orders will be cancelled and up to [¥￥]10,000 refunded; this cannot be undone\.$/),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path === 'venues/harbor/slot-cancellations')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Call off and refund' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/venues/harbor/slot-cancellations/${JOB_ID}`));
    expect(calls.find((call) => call.method === 'POST' && call.path === 'venues/harbor/slot-cancellations')?.body).toEqual({
      selection: { from: '2026-12-02', to: '2026-12-02', time_from: '12:00', time_to: '18:00', product_ids: [3] },
      reason: 'Storm warning',
      message: 'The garden is closed.',
    });
    const bar = await screen.findByRole('progressbar', { name: /of 4 orders handled/ });
    expect(bar.getAttribute('max')).toBe('4');

    // Read every second while it runs, until it says it is done.
    await screen.findByText('Finished', { selector: '.notice-title' }, { timeout: 10_000 });
    expect(screen.getByRole('progressbar', { name: '4 of 4 orders handled' }).getAttribute('value')).toBe('4');
    expect(screen.getByText('The slot cancellation has finished: 4 orders handled.')).toBeTruthy();
    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Refunded')).toMatch(/^[¥￥]7,5003 refunds$/);
    expect(figure('Refused by the provider')).toMatch(/^[¥￥]2,5001 refund$/);
    expect(figure('Mails queued')).toBe('4');
    const link = screen.getByRole('link', { name: '7K2QM-9XA4B' });
    expect(link.getAttribute('href')).toBe(`/venues/harbor/orders/${FAILED_ORDER}`);
    const doneReadings = readings;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(readings).toBe(doneReadings);
  });

  it('lists the orders the job gave up on and the refunds still waiting, each order linked for follow-up', async () => {
    const LEFT = '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    stubApi({
      'GET session': { status: 200, body: sessionOf() },
      [`GET venues/harbor/slot-cancellations/${JOB_ID}`]: {
        status: 200,
        body: {
          ...progress('done', 4),
          orders: { total: 4, done: 3, skipped: 0, failed: 1, pending: 0 },
          refunds: {
            succeeded: { count: 3, amount: 7500 },
            pending: { count: 1, amount: 2500 },
            failed: { count: 0, amount: 0 },
          },
          failed_refunds: [],
          failed_orders: [{ order_id: LEFT, reservation_number: 'QW3RT-Y7UP2', error: 'lock timeout' }],
        },
      },
    });
    renderConsole(`/venues/harbor/slot-cancellations/${JOB_ID}`);
    await screen.findByRole('heading', { name: /^Slot cancellation — 2026\/12\/02/ }, { timeout: 15_000 });
    expect(screen.getByText('Every order has been handled; some need follow-up, listed below.')).toBeTruthy();
    const failed = screen.getByRole('region', { name: 'Orders not cancelled' });
    expect(within(failed).getByRole('link', { name: 'QW3RT-Y7UP2' }).getAttribute('href')).toBe(`/venues/harbor/orders/${LEFT}`);
    expect(within(failed).getByText(/lock timeout/)).toBeTruthy();
    expect(screen.getByText(/The provider has not answered yet/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '4 of 4 orders handled' })).toBeTruthy();
  });

  it('checks the time window before asking the server, tied to its field', { timeout: 20_000 }, async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/slot-cancellations': { status: 200, body: { jobs: [summary('done', 4)] } },
      'GET venues/harbor/orders/products': { status: 200, body: products },
    });
    renderConsole('/venues/harbor/slot-cancellations');
    await screen.findByRole('heading', { name: 'Call off slots — Harbor Museum' }, { timeout: 15_000 });
    const row = await screen.findByRole('row', { name: /Storm warning/ });
    expect(within(row).getByRole('link').getAttribute('href')).toBe(`/venues/harbor/slot-cancellations/${JOB_ID}`);
    expect(within(row).getByText('Finished')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Slots starting from'), { target: { value: '15:00' } });
    fireEvent.change(screen.getByLabelText('Slots starting before'), { target: { value: '12:00' } });
    fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2099-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const error = await screen.findByText('Must be later than the start of the time window.');
    expect(screen.getByLabelText('Slots starting before').getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.getByText('Choose a last day on or after the first day, at most 31 days in all.')).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/preview'))).toBe(false);
  });

  it('lets a member who may only read orders follow cancellations, not start one', async () => {
    stubApi({
      'GET session': {
        status: 200,
        body: sessionOf({
          staff: { ...sessionOf().staff, is_owner: false },
          venues: [{ id: 1, code: 'harbor', variant: 'harbor', name: 'Harbor Museum', rights: ['orders:read'] }],
          organisation_rights: [],
        }),
      },
      'GET venues/harbor/slot-cancellations': { status: 200, body: { jobs: [summary('running', 1)] } },
    });
    renderConsole('/venues/harbor/slot-cancellations');
    await screen.findByRole('row', { name: /Storm warning/ }, { timeout: 15_000 });
    expect(screen.getByText(/needs the right to refund orders/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Preview' })).toBeNull();
    const nav = within(screen.getByRole('navigation', { name: 'Console' }));
    expect(nav.getByRole('link', { name: 'Call off slots' }).getAttribute('href')).toBe('/venues/harbor/slot-cancellations');
  });

  it('shows the screens only to a member who may read orders at the venue', async () => {
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
    const { router } = renderConsole('/venues/harbor/slot-cancellations');
    await screen.findByText('You do not have the right to see or do this. Ask an owner if you need it.', undefined, {
      timeout: 15_000,
    });
    expect(
      within(screen.getByRole('navigation', { name: 'Console' })).queryByRole('link', { name: 'Call off slots' }),
    ).toBeNull();
    await router.navigate(`/venues/harbor/slot-cancellations/${JOB_ID}`);
    await screen.findByText('You do not have the right to see or do this. Ask an owner if you need it.');
  });
});
