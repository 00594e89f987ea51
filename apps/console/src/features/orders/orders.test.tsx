import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiCall } from '../../test/console-test.tsx';
import { renderConsole, sessionOf, stubApi } from '../../test/console-test.tsx';

const ORDER_ID = '5a0c8f6e-1d2b-4c3a-9e8f-7a6b5c4d3e2f';

const order = (extra: Record<string, unknown> = {}) => ({
  id: ORDER_ID,
  reservation_number: '7K2QM-9XA4B',
  name: 'Hanako Yamada',
  email: 'hanako@example.com',
  phone: '090-1234-5678',
  product_id: 3,
  product_name: { ja: '常設展', en: 'Permanent exhibition' },
  slot_id: 40,
  visit_date: '2026-05-02',
  visit_starts_at: '2026-05-02T01:00:00.000Z',
  visit_ends_at: '2026-05-02T02:00:00.000Z',
  quantity: 2,
  total: 3000,
  status: 'partly_cancelled',
  channel: 'web',
  completed_at: '2026-04-20T03:04:00.000Z',
  ...extra,
});

const page = (orders: unknown[], total: number, pageNumber = 1) => ({
  orders,
  page: pageNumber,
  size: 50,
  total,
  is_total_capped: false,
  currency: 'JPY',
  time_zone: 'Asia/Tokyo',
});

const lastSearch = (calls: ApiCall[]) => calls.filter((call) => call.path === 'venues/harbor/orders').at(-1);

describe('the orders screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the orders found, searches and filters on the server, links each to its order, and pages', {
    timeout: 20_000,
  }, async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/orders': (call) => ({
        status: 200,
        body: page([order()], 120, Number(call.query.get('page') ?? '1')),
      }),
      'GET venues/harbor/orders/products': {
        status: 200,
        body: { products: [{ id: 3, name: { ja: '常設展', en: 'Permanent exhibition' } }] },
      },
    });
    renderConsole('/venues/harbor/orders');
    // The first render loads the screen's module and the table library.
    await screen.findByRole('heading', { name: 'Orders — Harbor Museum' }, { timeout: 15_000 });
    const table = await screen.findByRole('table', { name: '120 orders' });
    const row = within(table).getByRole('row', { name: /7K2QM-9XA4B/ });
    expect(within(row).getByRole('link', { name: '7K2QM-9XA4B' }).getAttribute('href')).toBe(`/venues/harbor/orders/${ORDER_ID}`);
    expect(within(row).getByText('Partly cancelled')).toBeTruthy();
    expect(within(row).getByText('Permanent exhibition')).toBeTruthy();
    expect(within(row).getByText(/hanako@example\.com/)).toBeTruthy();
    expect(within(row).getByText('Web shop')).toBeTruthy();
    expect(lastSearch(calls)?.query.get('sort')).toBe('completed_at');
    expect(lastSearch(calls)?.query.get('direction')).toBe('desc');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/console/api/v1/venues/harbor/orders/export.csv?sort=completed_at&direction=desc&lang=en',
    );
    expect(screen.getByRole('link', { name: 'Export Excel' }).getAttribute('href')).toBe(
      '/console/api/v1/venues/harbor/orders/export.xlsx?sort=completed_at&direction=desc&lang=en',
    );

    fireEvent.input(screen.getByLabelText('Search'), { target: { value: '7K2QM9XA4B' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'partly_cancelled' } });
    fireEvent.change(screen.getByLabelText('Channel'), { target: { value: 'pos' } });
    await screen.findByRole('option', { name: 'Permanent exhibition' });
    fireEvent.change(screen.getByLabelText('Product'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => {
      const last = lastSearch(calls);
      expect(last?.query.get('q')).toBe('7K2QM9XA4B');
      expect(last?.query.get('status')).toBe('partly_cancelled');
      expect(last?.query.get('channel')).toBe('pos');
      expect(last?.query.get('product_id')).toBe('3');
      expect(last?.query.get('page')).toBe('1');
    });
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toContain('q=7K2QM9XA4B&');

    await screen.findByText('Page 1 of 3');
    const next = screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement;
    await vi.waitFor(() => expect(next.disabled).toBe(false));
    fireEvent.click(next);
    await vi.waitFor(() => expect(lastSearch(calls)?.query.get('page')).toBe('2'));
    await screen.findByText('Page 2 of 3');

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'visit-asc' } });
    await vi.waitFor(() => {
      const last = lastSearch(calls);
      expect(last?.query.get('sort')).toBe('visit');
      expect(last?.query.get('direction')).toBe('asc');
      // A new order starts at the first page, with the same search.
      expect(last?.query.get('page')).toBe('1');
      expect(last?.query.get('q')).toBe('7K2QM9XA4B');
    });
  });

  it('refuses visit dates in the wrong order before asking the server, tied to the field', async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/orders': { status: 200, body: page([], 0) },
      'GET venues/harbor/orders/products': { status: 200, body: { products: [] } },
    });
    renderConsole('/venues/harbor/orders');
    await screen.findByRole('table', { name: '0 orders' }, { timeout: 15_000 });
    expect(screen.getByText('No order matches.')).toBeTruthy();
    const searches = calls.filter((call) => call.path === 'venues/harbor/orders').length;
    fireEvent.change(screen.getByLabelText('Visit from'), { target: { value: '2026-05-03' } });
    fireEvent.change(screen.getByLabelText('Visit until'), { target: { value: '2026-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const error = await screen.findByText('Must not be before the first visit date.');
    expect(screen.getByLabelText('Visit until').getAttribute('aria-describedby')).toContain(error.id);
    expect(calls.filter((call) => call.path === 'venues/harbor/orders')).toHaveLength(searches);
  });

  it('shows the screen only to a member who may read orders at the venue', async () => {
    const rights = ['catalogue:read'] as const;
    stubApi({
      'GET session': {
        status: 200,
        body: sessionOf({
          staff: { ...sessionOf().staff, is_owner: false },
          venues: [{ id: 1, code: 'harbor', variant: 'harbor', name: 'Harbor Museum', rights: [...rights] }],
          organisation_rights: [],
        }),
      },
    });
    renderConsole('/venues/harbor/orders');
    await screen.findByText('You do not have the right to see or do this. Ask an owner if you need it.', undefined, {
      timeout: 15_000,
    });
  });
});
