import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole, sessionOf, stubApi } from '../../test/console-test.tsx';

const coupon = (id: number, code: string, extra: Record<string, unknown> = {}) => ({
  id,
  code,
  name: { ja: '春の割引', en: 'Spring discount' },
  discount_type: 'percent',
  discount_amount: 20,
  coverage_from: '2026-04-01',
  coverage_to: '2026-05-31',
  expires_at: '2026-05-31T14:59:00.000Z',
  channels: ['web'],
  usage_limit: 10,
  used_count: 3,
  product_ids: null,
  is_invitation: false,
  campaign: null,
  is_active: true,
  batch: null,
  created_at: '2026-03-01T00:00:00.000Z',
  status: 'active',
  ...extra,
});

describe('the coupons screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists coupons with their uses, filters them into the query, and deactivates one after asking', {
    timeout: 20_000,
  }, async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/coupons': { status: 200, body: { coupons: [coupon(5, 'SPRING-20')], total: 1, next_before: null } },
      'GET venues/harbor/promotions': { status: 200, body: { has_membership_login: false, promotions: [] } },
      'PATCH venues/harbor/coupons/5': {
        status: 200,
        body: coupon(5, 'SPRING-20', { is_active: false, status: 'inactive' }),
      },
    });
    renderConsole('/venues/harbor/coupons');
    // The first render loads the screen's module and the table library.
    await screen.findByRole('heading', { name: 'Coupons — Harbor Museum' }, { timeout: 15_000 });
    const table = await screen.findByRole('table', { name: '1 coupon, newest first' });
    const row = within(table).getByRole('row', { name: /SPRING-20/ });
    expect(within(row).getByText('3 / 10')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/console/api/v1/venues/harbor/coupons/export.csv?lang=en',
    );

    fireEvent.input(screen.getByLabelText('Search'), { target: { value: 'spring' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'used_up' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => {
      const last = calls.filter((call) => call.path === 'venues/harbor/coupons').at(-1);
      expect(last?.query.get('q')).toBe('spring');
      expect(last?.query.get('status')).toBe('used_up');
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate SPRING-20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate SPRING-20?' });
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await screen.findByText('Coupon SPRING-20 was deactivated.');
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ is_active: false });
  });

  it('generates a batch for the products ticked and ends with its download link', async () => {
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/coupons': { status: 200, body: { coupons: [], total: 0, next_before: null } },
      'GET venues/harbor/promotions': { status: 200, body: { has_membership_login: false, promotions: [] } },
      'GET venues/harbor/products': {
        status: 200,
        body: {
          products: [
            { id: 7, name: { ja: '一般入場', en: 'General admission' }, is_archived: false },
            { id: 8, name: { en: 'Guided tour' }, is_archived: false },
          ],
        },
      },
      'POST venues/harbor/coupons/batches': {
        status: 201,
        body: { batch: 'SPRING@2026-03-01T00:00:00.000Z', count: 50, prefix: 'SPRING' },
      },
    });
    renderConsole('/venues/harbor/coupons');
    fireEvent.click(await screen.findByRole('button', { name: 'Generate codes' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Generate codes' }));
    fireEvent.input(dialog.getByLabelText('Prefix'), { target: { value: 'spring' } });
    fireEvent.input(dialog.getByLabelText('Number of codes'), { target: { value: '50' } });
    fireEvent.input(dialog.getByLabelText('English'), { target: { value: 'Spring discount' } });
    fireEvent.input(dialog.getByLabelText('Amount'), { target: { value: '20' } });
    fireEvent.click(await dialog.findByRole('checkbox', { name: 'Guided tour' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Generate' }));
    const link = await dialog.findByRole('link', { name: 'Download the codes (CSV)' });
    expect(link.getAttribute('href')).toBe(
      '/console/api/v1/venues/harbor/coupons/export.csv?batch=SPRING%402026-03-01T00%3A00%3A00.000Z&lang=en',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      prefix: 'SPRING',
      count: 50,
      name: { en: 'Spring discount' },
      discount_type: 'percent',
      discount_amount: 20,
      channels: ['web'],
      usage_limit: null,
      product_ids: [8],
    });
    expect(calls.find((call) => call.path === 'venues/harbor/products')?.query.get('archived')).toBe('false');
  });

  it("edits a coupon's limit, sending only that field, and shows the server's refusal by the field", async () => {
    let refuse = true;
    const calls = stubApi({
      'GET session': { status: 200, body: sessionOf() },
      'GET venues/harbor/coupons': { status: 200, body: { coupons: [coupon(5, 'SPRING-20')], total: 1, next_before: null } },
      'GET venues/harbor/promotions': { status: 200, body: { has_membership_login: false, promotions: [] } },
      'PATCH venues/harbor/coupons/5': () =>
        refuse
          ? {
              status: 400,
              body: {
                error: 'invalid field',
                can_retry: false,
                field: 'usage_limit',
                message: 'must not be below the 3 uses already made',
              },
            }
          : { status: 200, body: coupon(5, 'SPRING-20', { usage_limit: 30 }) },
    });
    renderConsole('/venues/harbor/coupons');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit SPRING-20' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit coupon SPRING-20' }));
    const limit = dialog.getByLabelText('Usage limit') as HTMLInputElement;
    expect(limit.value).toBe('10');
    expect((dialog.getByLabelText('English') as HTMLInputElement).value).toBe('Spring discount');

    fireEvent.input(limit, { target: { value: '2' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await dialog.findByText('Must not be below the 3 uses already made.');
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ usage_limit: 2 }]);

    refuse = false;
    fireEvent.input(limit, { target: { value: '30' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await screen.findByText('Coupon SPRING-20 was saved.');
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({ usage_limit: 30 });
  });

  it('is not in the navigation of a member without catalogue:read', async () => {
    stubApi({
      'GET session': {
        status: 200,
        body: sessionOf({
          staff: { ...sessionOf().staff, is_owner: false },
          venues: [{ id: 1, code: 'harbor', variant: 'harbor', name: 'Harbor Museum', rights: ['orders:read'] }],
          organisation_rights: [],
        }),
      },
      'GET venues/harbor': {
        status: 200,
        body: {
          id: 1,
          code: 'harbor',
          variant: 'harbor',
          kind: 'exhibition',
          name: { en: 'Harbor Museum' },
          languages: ['en'],
          currency: 'JPY',
          time_zone: 'Asia/Tokyo',
        },
      },
    });
    renderConsole('/venues/harbor');
    await screen.findByRole('link', { name: 'Overview' });
    expect(screen.queryByRole('link', { name: 'Coupons' })).toBeNull();
  });
});
