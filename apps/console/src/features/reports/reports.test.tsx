import type { Dashboard, Journal, SalesTotals } from '@storefront/domain/console/reports';
import { addDays, todayIn } from '@storefront/domain/dates';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, renderConsole, sessionOf, stubApi } from '../../test/console-test.tsx';

const totals = (amount: number, orders: number, tickets: number, more: Partial<SalesTotals> = {}): SalesTotals => ({
  amount,
  orders,
  tickets,
  discount: 0,
  coupon_orders: 0,
  refunds: 0,
  refunded_amount: 0,
  date_changes: 0,
  date_change_amount: 0,
  ...more,
});

/** The server's answer for a range, its figures fixed (the days far from today: the page asks for them by address). */
function dashboardFor(from: string, to: string): Dashboard {
  return {
    venues: ['harbor'],
    time_zone: 'Asia/Tokyo',
    currency: 'JPY',
    today: { date: '2031-03-12', current: totals(48000, 12, 20), previous: totals(40000, 10, 16) },
    week: { from: '2031-03-10', to: '2031-03-16', current: totals(96000, 24, 40), previous: totals(0, 0, 0) },
    range: { from, to },
    previous_range: { from: '2031-02-01', to: '2031-02-28' },
    totals: totals(1_234_500, 310, 512, { discount: 15000, coupon_orders: 21, refunds: 3, refunded_amount: 7200 }),
    previous_totals: totals(987_600, 250, 400, { discount: 12000, coupon_orders: 18, refunds: 4, refunded_amount: 9600 }),
    daily: [
      { date: '2031-03-01', amount: 52300, orders: 14, tickets: 22, refunded_amount: 0 },
      { date: '2031-03-02', amount: 61800, orders: 17, tickets: 27, refunded_amount: 2400 },
    ],
    products: [
      { key: '7', label: 'Harbor admission', orders: 280, quantity: 470, amount: 1_128_000 },
      { key: '9', label: 'Night tour', orders: 30, quantity: 42, amount: 106_500 },
    ],
    options: [{ key: '3', label: 'Audio guide', orders: 40, quantity: 55, amount: 27500 }],
    set_products: [],
    channels: [
      { key: 'web', label: 'web', orders: 290, quantity: 480, amount: 1_150_000 },
      { key: 'spot', label: 'spot', orders: 20, quantity: 32, amount: 84500 },
    ],
    payment_methods: [{ key: 'card', label: 'Credit card', orders: 310, quantity: 512, amount: 1_234_500 }],
    coupons: [{ key: 'SPRING', label: 'Spring ten percent', orders: 21, quantity: 21, amount: 15000 }],
    occupancy: [
      { date: '2031-03-01', hour: 10, capacity: 100, sold: 73 },
      { date: '2031-03-01', hour: 12, capacity: 50, sold: 50 },
      { date: '2031-03-02', hour: 10, capacity: 100, sold: 8 },
      { date: '2031-03-02', hour: 12, capacity: 200, sold: 199 },
    ],
    generated_at: '2031-03-12T03:00:00.000Z',
  };
}

const journal: Journal = {
  venue: 'harbor',
  time_zone: 'Asia/Tokyo',
  currency: 'JPY',
  tax_rate: 10,
  range: { from: '2031-03-01', to: '2031-03-31' },
  lines: [
    {
      date: '2031-03-01',
      payment_method: 'card',
      payment_method_label: 'Credit card',
      kind: 'sale',
      count: 14,
      amount: 52300,
      tax: 4754,
      net: 47546,
    },
    {
      date: '2031-03-02',
      payment_method: 'card',
      payment_method_label: 'Credit card',
      kind: 'refund',
      count: 1,
      amount: -2400,
      tax: -218,
      net: -2182,
    },
  ],
  totals: { sales: 52300, refunds: -2400, amount: 49900, tax: 4536, net: 45364 },
};

const dashboardCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === 'venues/harbor/reports/dashboard');

describe('figures', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a venue dashboard: the cards, the period beside the one before, the tables behind the charts and the heat map', {
    timeout: 30_000,
  }, async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/reports/dashboard': (call) => ({
        status: 200,
        body: dashboardFor(call.query.get('from') ?? '', call.query.get('to') ?? ''),
      }),
    });
    renderConsole('/venues/harbor/reports?from=2031-03-01&to=2031-03-31');
    await screen.findByRole('heading', { name: 'Figures — Harbor Museum' }, { timeout: 15_000 });
    expect(within(screen.getByRole('navigation', { name: 'Console' })).getByRole('link', { name: 'Figures' })).toBeTruthy();

    // Today and this week, with the change against the day and week before.
    const today = within(await screen.findByRole('region', { name: /^Today/ }));
    expect(today.getByText('¥48,000')).toBeTruthy();
    expect(today.getByText('+20% against yesterday (¥40,000)')).toBeTruthy();
    expect(today.getByText('12')).toBeTruthy();
    const week = within(screen.getByRole('region', { name: /^This week/ }));
    expect(week.getByText('¥96,000')).toBeTruthy();
    expect(week.getAllByText('None last week')).toHaveLength(3);

    // The period's totals beside the previous period's.
    const totalsTable = within(screen.getByRole('table', { name: /^Totals of/ }));
    const discount = within(totalsTable.getByRole('row', { name: /Coupon discount given/ }));
    expect(discount.getByText('¥15,000')).toBeTruthy();
    expect(discount.getByText('¥12,000')).toBeTruthy();
    expect(discount.getByText('+25%')).toBeTruthy();

    // The charts' tables: a screen reader reads them; "Show as table" shows them to everyone.
    const daily = within(screen.getByRole('table', { name: /^Sales by day/ }));
    const second = within(daily.getByRole('row', { name: /Mar 2/ }));
    expect(second.getByText('¥61,800')).toBeTruthy();
    expect(second.getByText('¥2,400')).toBeTruthy();
    const channels = within(screen.getByRole('table', { name: 'By sales channel' }));
    expect(within(channels.getByRole('row', { name: /On-the-spot QR/ })).getByText('¥84,500')).toBeTruthy();
    const coupons = within(screen.getByRole('table', { name: 'Coupons used' }));
    expect(coupons.getByRole('columnheader', { name: 'Discount given' })).toBeTruthy();
    expect(within(coupons.getByRole('row', { name: /Spring ten percent/ })).getByText('¥15,000')).toBeTruthy();
    const productsPanel = within(screen.getByRole('region', { name: 'By product' }));
    const asTable = productsPanel.getByRole('button', { name: 'Show as table' });
    expect(productsPanel.getByRole('table', { name: 'By product' }).parentElement?.className).toBe('visually-hidden');
    fireEvent.click(asTable);
    expect(asTable.getAttribute('aria-pressed')).toBe('true');
    expect(productsPanel.getByRole('table', { name: 'By product' }).parentElement?.className).toBe('table-scroll');
    expect(
      within(screen.getByRole('region', { name: 'By set product' })).getAllByText('Nothing in this period.').length,
    ).toBeGreaterThan(0);

    // The heat map is a table: each cell says its share and names day, hour, sold and capacity.
    const heat = within(screen.getByRole('table', { name: /^Share of places sold/ }));
    const cell = heat.getByRole('cell', { name: 'Sat, Mar 1, 10:00: 73% sold (73 of 100)' });
    expect(cell.textContent).toBe('73%');
    expect(cell.className).toContain('heat-3');
    expect(heat.getByRole('cell', { name: 'Sat, Mar 1, 12:00: 100% sold (50 of 50)' }).className).toContain('heat-4');
    expect(heat.getByRole('cell', { name: 'Sat, Mar 1, 11:00: no slots' })).toBeTruthy();
    // Rounded down: only a sold-out slot says 100 %.
    expect(heat.getByRole('cell', { name: 'Sun, Mar 2, 12:00: 99% sold (199 of 200)' }).textContent).toBe('99%');
    expect(heat.getByRole('columnheader', { name: '11:00' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Colours by share of places sold' })).getByText('80% or more')).toBeTruthy();

    // Each table's downloads carry the period.
    const link = screen.getByRole('link', { name: 'Download By product as XLSX (Excel)' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://console.test');
    expect(href.pathname).toBe('/console/api/v1/venues/harbor/reports/dashboard/export');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      table: 'products',
      format: 'xlsx',
      from: '2031-03-01',
      to: '2031-03-31',
      lang: 'en',
    });
    expect(dashboardCalls(calls).at(-1)?.query.get('from')).toBe('2031-03-01');

    // Dates of one's own: checked first, then asked for, and the downloads follow.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2031-03-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('A report covers at most 366 days.')).toBeTruthy();
    expect(dashboardCalls(calls).some((call) => call.query.get('from') === '2030-01-01')).toBe(false);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2031-01-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2031-01-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() =>
      expect(
        dashboardCalls(calls).some((call) => call.query.get('from') === '2031-01-05' && call.query.get('to') === '2031-01-20'),
      ).toBe(true),
    );
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Download By sales channel as CSV' }).getAttribute('href')).toContain(
        'from=2031-01-05&to=2031-01-20',
      ),
    );

    // A preset is worked out from today in the venue's zone, and asked for at once.
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'last-7-days' } });
    const today7 = todayIn('Asia/Tokyo');
    await vi.waitFor(() =>
      expect(
        dashboardCalls(calls).some((call) => call.query.get('from') === addDays(today7, -6) && call.query.get('to') === today7),
      ).toBe(true),
    );
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('last-7-days');
    // Choosing one's own dates asks nothing yet: it leads to the dates.
    const asked = dashboardCalls(calls).length;
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'custom' } });
    expect((screen.getByLabelText('Period') as HTMLSelectElement).value).toBe('custom');
    expect(document.activeElement).toBe(screen.getByLabelText('From'));
    expect(dashboardCalls(calls)).toHaveLength(asked);
  });

  it('shows the sales journal with its lines, totals, time zone and downloads', { timeout: 30_000 }, async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/reports/journal': { status: 200, body: journal },
    });
    renderConsole('/venues/harbor/reports/journal?from=2031-03-01&to=2031-03-31');
    await screen.findByRole('heading', { name: 'Sales journal — Harbor Museum' }, { timeout: 15_000 });
    const table = within(await screen.findByRole('table', { name: /^Sales and refunds by day and payment method/ }));
    const refund = within(table.getByRole('row', { name: /Mar 2/ }));
    expect(refund.getByText('Refunds')).toBeTruthy();
    expect(refund.getByText('-¥2,400')).toBeTruthy();
    expect(refund.getByText('-¥218')).toBeTruthy();
    const sale = within(table.getByRole('row', { name: /Mar 1/ }));
    expect(sale.getByText('Credit card')).toBeTruthy();
    expect(sale.getByText('¥4,754')).toBeTruthy();
    const total = within(table.getByRole('row', { name: /Totals: sales ¥52,300, refunds -¥2,400/ }));
    expect(total.getByText('¥49,900')).toBeTruthy();
    expect(total.getByText('¥4,536')).toBeTruthy();
    expect(total.getByText('¥45,364')).toBeTruthy();
    expect(screen.getByText(/Amounts in JPY, including 10% consumption tax.*Asia\/Tokyo/)).toBeTruthy();
    expect(calls.find((call) => call.path === 'venues/harbor/reports/journal')?.query.get('to')).toBe('2031-03-31');
    const csv = new URL(
      screen.getByRole('link', { name: 'Download the sales journal as CSV' }).getAttribute('href') ?? '',
      'http://console.test',
    );
    expect(csv.pathname).toBe('/console/api/v1/venues/harbor/reports/journal/export');
    expect(Object.fromEntries(csv.searchParams)).toEqual({ format: 'csv', from: '2031-03-01', to: '2031-03-31', lang: 'en' });
  });

  it('refuses the figures without the right, and adds venues up for a member who reads several', {
    timeout: 30_000,
  }, async () => {
    const session = sessionOf({
      organisation_rights: [],
      venues: [
        { id: 1, code: 'harbor', variant: 'harbor', name: 'Harbor Museum', rights: ['reports:read', 'orders:read'] },
        { id: 2, code: 'lumen', variant: 'cafe-lumen', name: 'Cafe Lumen', rights: ['reports:read'] },
        { id: 3, code: 'annex', variant: 'harbor', name: 'Annex', rights: ['orders:read'] },
      ],
    });
    const calls = stubApi({
      'GET session': { status: 200, body: session },
      'GET reports/dashboard': (call) => ({
        status: 200,
        body: {
          ...dashboardFor(call.query.get('from') ?? '', call.query.get('to') ?? ''),
          venues: call.query.get('venues') ? (call.query.get('venues') ?? '').split(',') : ['harbor', 'lumen'],
        },
      }),
    });
    const view = renderConsole('/venues/annex/reports');
    expect(
      await screen.findByText(
        'You do not have the right to see or do this. Ask an owner if you need it.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('reports/dashboard'))).toBe(false);
    const navigation = within(screen.getByRole('navigation', { name: 'Console' }));
    expect(navigation.queryByRole('link', { name: 'Figures' })).toBeNull();
    fireEvent.click(navigation.getByRole('link', { name: 'Figures across venues' }));
    await screen.findByRole('heading', { name: 'Figures across venues' });
    expect(await screen.findByText('Venues counted: Harbor Museum, Cafe Lumen')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Annex' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Download/ })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cafe Lumen' }));
    await vi.waitFor(() => expect(calls.at(-1)?.query.get('venues')).toBe('harbor'));
    expect(await screen.findByText('Venues counted: Harbor Museum')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Harbor Museum' }) as HTMLInputElement).disabled).toBe(true);
    expect(view.router.state.location.search).toContain('venues=harbor');
  });
});
