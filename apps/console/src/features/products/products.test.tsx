import type { ConsoleProduct } from '@storefront/domain/console/products';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, sessionOf, stubApi, venueSummary } from '../../test/console-test.tsx';

const product = (id: number, name: string, extra: Partial<ConsoleProduct> = {}): ConsoleProduct => ({
  id,
  uuid: `00000000-0000-4000-8000-00000000000${id}`,
  key: `product-${id}`,
  type: 'time',
  sale_type: 'ticket',
  sales_channels: ['web', 'spot'],
  name: { ja: name, en: name },
  description: {},
  caution: {},
  presented_by: {},
  max_per_order: 6,
  position: id,
  image: null,
  is_archived: false,
  archived_at: null,
  options: [{ id: id * 10, key: 'adult', type: 'admission', name: { ja: '一般', en: 'Adult' }, price: 1800 }],
  set_products: [],
  self_cancel: null,
  ...extra,
});

describe('products', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the products and archives one after asking', async () => {
    let archived = false;
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/products': () => ({
        status: 200,
        body: { products: archived ? [] : [product(1, 'Night exhibition'), product(2, 'Garden tour')] },
      }),
      'POST venues/harbor/products/1/archive': () => {
        archived = true;
        return { status: 200, body: product(1, 'Night exhibition', { is_archived: true, archived_at: '2025-01-01T00:00:00Z' }) };
      },
    });
    renderConsole('/venues/harbor/products');
    const table = within(await screen.findByRole('table', { name: '2 products' }));
    expect(table.getByRole('link', { name: 'Night exhibition' })).toBeTruthy();
    expect(table.getAllByText('web, spot')).toHaveLength(2);
    fireEvent.click(table.getByRole('button', { name: 'Archive Night exhibition' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Archive Night exhibition?' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Archive' }));
    await screen.findByText('Night exhibition was archived.');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['venues/harbor/products/1/archive']);
  });

  it('asks for the name in the default language before sending a new product', async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor': { status: 200, body: { ...venueSummary('harbor', 'Harbor Museum'), languages: ['ja', 'en'] } },
    });
    renderConsole('/venues/harbor/products/new');
    const key = await screen.findByRole('textbox', { name: /^Key/ });
    fireEvent.change(key, { target: { value: 'night' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the product' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    // The editor is the console's largest screen: its first load in a cold test takes a few seconds.
  }, 15_000);

  it('lets visitors cancel until the hours and for the fee given, and sends the rule with the product', async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor': { status: 200, body: { ...venueSummary('harbor', 'Harbor Museum'), languages: ['ja', 'en'] } },
      'GET venues/harbor/products/1': { status: 200, body: product(1, 'Night exhibition') },
      'PATCH venues/harbor/products/1': (call) => ({
        status: 200,
        body: product(1, 'Night exhibition', {
          self_cancel: (call.body as { self_cancel: ConsoleProduct['self_cancel'] }).self_cancel,
        }),
      }),
    });
    renderConsole('/venues/harbor/products/1');
    const allowed = await screen.findByRole('checkbox', { name: 'Visitors may cancel' }, { timeout: 10_000 });
    expect((allowed as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('spinbutton', { name: /hours before/ })).toBeNull();
    fireEvent.click(allowed);
    const hours = await screen.findByRole('spinbutton', { name: /hours before/ });
    expect((hours as HTMLInputElement).value).toBe('24');
    fireEvent.change(hours, { target: { value: '48' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: /^Fee per booking/ }), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const sent = calls.find((call) => call.method === 'PATCH')?.body as { self_cancel: unknown };
    expect(sent.self_cancel).toEqual({ hours_before: 48, fee: 300 });
  }, 20_000);

  it('turns the waiting list on with its offer time, saved on its own and checked before sending', async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor': { status: 200, body: { ...venueSummary('harbor', 'Harbor Museum'), languages: ['ja', 'en'] } },
      'GET venues/harbor/products/1': { status: 200, body: product(1, 'Night exhibition') },
      'GET venues/harbor/products/1/waiting-list': { status: 200, body: { enabled: false, offer_minutes: 30 } },
      'PUT venues/harbor/products/1/waiting-list': (call) => ({ status: 200, body: call.body }),
    });
    renderConsole('/venues/harbor/products/1');
    const section = within(await screen.findByRole('region', { name: 'Waiting list' }, { timeout: 10_000 }));
    const enabled = await section.findByRole('checkbox', { name: 'Offer a waiting list when a slot is sold out' });
    expect((enabled as HTMLInputElement).checked).toBe(false);
    const minutes = section.getByRole('spinbutton', { name: /^Offer holds places for \(minutes\)/ }) as HTMLInputElement;
    expect(minutes.value).toBe('30');
    fireEvent.click(enabled);
    fireEvent.change(minutes, { target: { value: '5' } });
    fireEvent.click(section.getByRole('button', { name: 'Save the waiting list' }));
    await section.findByText('Enter a whole number of minutes within the range given.');
    expect(minutes.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(minutes, { target: { value: '45' } });
    fireEvent.click(section.getByRole('button', { name: 'Save the waiting list' }));
    await section.findByText('The waiting list was saved. The shop offers it within a minute.');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { enabled: true, offer_minutes: 45 },
    ]);
    // The product's own form was not sent.
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  }, 20_000);
});
