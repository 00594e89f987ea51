/**
 * Values a visitor or an attacker can send that the database cannot hold: each is refused with a
 * 400 naming the field, and nothing of it is written.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { describeEachEngine } from '../../test/database.ts';
import { CUSTOMER, freshSlot, orderBody } from '../../test/orders.ts';
import { card } from '../../test/payments.ts';
import { buyTickets } from '../../test/tickets.ts';
import type { Database } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { DEMO_MEMBER } from '../db/seed.ts';
import { SANDBOX_CARDS } from '../modules/payments/providers/sandbox-gateway.ts';

type ErrorBody = { error: string; can_retry?: boolean; field?: string; message?: string };
type Order = { order_token: string; customerFields: Record<string, string> | null };

const NUL = '\u0000';

async function count(db: Database, table: string): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return row?.n ?? 0;
}

function expectRefused(response: { status: number; body: ErrorBody }, field: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body).toMatchObject({ error: 'invalid request', can_retry: false, field });
  expect(response.body.message).toContain(field);
}

describeEachEngine(
  'bad input',
  (ctx) => {
    const test = useTestApp(ctx);
    let app: FastifyInstance;
    let api: ReturnType<typeof apiFor>;
    beforeAll(() => {
      app = test.app;
      api = apiFor(app, 'demo');
    });

    it('refuses a NUL in customer info, coupon, inquiry, addressee and membership e-mail, and a lone surrogate in customer info, naming the field', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 20);
      const created = await api.post<Order>('orders', orderBody(slot, 1));
      const token = created.body.order_token;

      const customer = await api.put<ErrorBody>(`orders/${token}`, { customer_info: { ...CUSTOMER, fullname: `Hanako${NUL}` } });
      expectRefused(customer, 'customer_info.fullname');
      expect(customer.body.message).toBe('customer_info.fullname must not contain a NUL character');
      // jsonb holds no half of a surrogate pair either.
      const surrogate = await api.put<ErrorBody>(`orders/${token}`, { customer_info: { ...CUSTOMER, fullname: 'Hanako\ud800' } });
      expectRefused(surrogate, 'customer_info.fullname');
      const customerKey = await api.put<ErrorBody>(`orders/${token}`, { customer_info: { ...CUSTOMER, [`note${NUL}`]: 'x' } });
      expectRefused(customerKey, 'customer_info');
      expect(customerKey.body.message).toBe('customer_info has a key that is not valid (must not contain a NUL character)');
      expect((await api.get<Order>(`orders/${token}`)).body.customerFields).toBeNull();

      const couponsBefore = await count(ctx.db, 'order_coupons');
      expectRefused(await api.post<ErrorBody>(`ordercoupons/${token}`, { coupon: `SPRING${NUL}` }), 'coupon');
      expect(await count(ctx.db, 'order_coupons')).toBe(couponsBefore);

      const inquiry = await api.get<ErrorBody>('reservations?email=hanako%00@example.com&reservation_number=R%0012345');
      expectRefused(inquiry, 'email');

      const bought = await buyTickets(api, ctx.db, { quantity: 1 });
      expectRefused(
        await api.post<ErrorBody>(`tickets/${bought.reservationToken}/receipt`, { addressee: `Yamada${NUL}` }),
        'addressee',
      );
      expect(await count(ctx.db, 'receipts')).toBe(0);

      const lab = apiFor(app, 'lab-exhibition');
      const labSlot = await freshSlot(ctx.db, 'lab-exhibition', 20);
      const labOrder = await lab.post<Order>('orders', orderBody(labSlot, 1));
      const login = await lab.post<ErrorBody>(`membership/login/${labOrder.body.order_token}`, {
        email: `${DEMO_MEMBER.email}${NUL}`,
        password: DEMO_MEMBER.password,
      });
      expectRefused(login, 'email');
    });

    it('refuses ids past the integer range, naming the field, holding nothing', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 20);
      const created = await api.post<ErrorBody>('orders', orderBody(slot, 1, { time_span_id: 2_147_483_648 }));
      expectRefused(created, 'time_span_id');
      expectRefused(
        await api.post<ErrorBody>('orders', orderBody(slot, 1, { option_values: [{ option_value_id: 2 ** 53, quantity: 1 }] })),
        'option_values.0.option_value_id',
      );

      const order = await api.post<Order>('orders', orderBody(slot, 1));
      const moved = await api.put<ErrorBody>(`orders/${order.body.order_token}`, {
        time_span_id: 2_147_483_648,
        quantity: 1,
        option_values: [{ option_value_id: slot.adultOptionId, quantity: 1 }],
      });
      expectRefused(moved, 'time_span_id');
      expectRefused(await api.delete<ErrorBody>(`ordercoupons/${order.body.order_token}/9999999999`), 'couponId');

      const bought = await buyTickets(api, ctx.db, { quantity: 1 });
      const changesBefore = await count(ctx.db, 'time_changes');
      expectRefused(
        await api.post<ErrorBody>(`timechanges/tickets/${bought.reservationToken}`, { time_span_id: 2_147_483_648 }),
        'time_span_id',
      );
      expect(await count(ctx.db, 'time_changes')).toBe(changesBefore);
      const [held] = await rows<{ held: number }>(ctx.db, sql`select held from product_time_spans where id = ${slot.timeSpanId}`);
      expect(held?.held).toBe(1);
    });

    it('serves pages with a fresh cookie and refuses calls when the XSRF-TOKEN cookie is malformed', async () => {
      for (const value of ['%', '%E0%A4%A', 'abc%ZZ']) {
        const cookie = `XSRF-TOKEN=${value}`;
        const page = await app.inject({ method: 'GET', url: '/demo/', headers: { cookie } });
        expect(page.statusCode, value).toBe(200);
        expect(page.headers['set-cookie']).toMatch(/^XSRF-TOKEN=[\w-]{22};/);
        const configuration = await app.inject({ method: 'GET', url: '/demo/api/v1/configurations', headers: { cookie } });
        expect(configuration.statusCode, value).toBe(200);
        const call = await app.inject({
          method: 'POST',
          url: '/demo/api/v1/orders',
          headers: { cookie, 'x-xsrf-token': value },
          payload: {},
        });
        expect(call.statusCode, value).toBe(403);
        expect(call.json()).toMatchObject({ error: 'invalid request', field: 'x-xsrf-token' });
      }
    });

    it('answers record not found for an unknown sandbox challenge, wallet or page kind, and still shows a known one', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 20);
      const order = await api.post<Order>('orders', orderBody(slot, 1));
      await api.put(`orders/${order.body.order_token}`, { customer_info: CUSTOMER, payment_method: 'gmo_3ds' });
      const started = await api.post<{ redirect_url: string }>(`orders/checkout/${order.body.order_token}`, {
        payment_method: 'gmo_3ds',
        card: card(SANDBOX_CARDS.success),
      });
      const challenge = await app.inject({ method: 'GET', url: new URL(started.body.redirect_url).pathname });
      expect(challenge.statusCode).toBe(200);
      expect(challenge.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(challenge.headers['referrer-policy']).toBe('no-referrer');
      expect(challenge.body).toContain('3-D Secure authentication');

      for (const url of [
        '/sandbox-gateway/challenge/sbx_unknown',
        '/sandbox-gateway/wallet/sbx_unknown',
        '/sandbox-gateway/receipt/sbx_unknown',
      ]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({ error: 'record not found', can_retry: false });
      }
      const answered = await app.inject({
        method: 'POST',
        url: '/sandbox-gateway/challenge/sbx_unknown',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'action=pass',
      });
      expect(answered.statusCode).toBe(404);
    });
  },
  { seed: { variants: ['demo', 'lab-exhibition'], days: 5 } },
);
