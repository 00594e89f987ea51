import { addDays, todayIn } from '@storefront/domain/dates';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { buildTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { CUSTOMER, freshSlot, orderBody, slotCounters } from '../../../test/orders.ts';
import { rows } from '../../db/rows.ts';
import { hashToken } from '../../lib/tokens.ts';
import { SANDBOX_CARDS } from '../payments/providers/sandbox-gateway.ts';

type Order = {
  order_token: string;
  status: string;
  price: number;
  subtotal: number;
  discount: number;
  coupons: { id: number }[];
};
type ErrorBody = { error: string; field?: string; can_retry?: boolean };

const card = (number: string) => ({
  number,
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  cvc: '123',
  name: 'HANAKO YAMADA',
});

describeEachEngine('orders API', (ctx) => {
  let app: FastifyInstance;
  let api: ReturnType<typeof apiFor>;
  beforeAll(async () => {
    app = await buildTestApp(ctx.db);
    api = apiFor(app, 'demo');
  });
  afterAll(async () => {
    await app.close();
  });

  async function readyOrder(quantity = 2, method = 'gmo') {
    const slot = await freshSlot(ctx.db, 'demo', 50);
    const created = await api.post<Order>('orders', orderBody(slot, quantity));
    expect(created.status).toBe(201);
    const token = created.body.order_token;
    const updated = await api.put<Order>(`orders/${token}`, { customer_info: CUSTOMER, payment_method: method });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    return { slot, token, order: updated.body };
  }

  it('creates a temporary order that holds its places and prices it', async () => {
    const slot = await freshSlot(ctx.db, 'demo', 10);
    const { status, body } = await api.post<Order & { mainProduct: { quantity: number; productTimeSpanID: number } }>(
      'orders',
      orderBody(slot, 3),
    );
    expect(status).toBe(201);
    expect(body.order_token).toMatch(/^[\w-]{22}$/);
    expect(body.status).toBe('pending');
    expect(body.mainProduct).toMatchObject({ quantity: 3, productTimeSpanID: slot.timeSpanId });
    expect(body.price).toBe(3 * slot.adultPrice);
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 10, sold: 0, held: 3 });
    const shown = await api.get<{ remaining: number }>(`products/orderable_stocks?product_time_span_id=${slot.timeSpanId}`);
    expect(shown.body.remaining).toBeLessThanOrEqual(10);
    const again = await api.get<Order>(`orders/${body.order_token}`);
    expect(again.body.price).toBe(body.price);
  });

  it('answers out of stock, holding nothing, when the places are not there', async () => {
    const slot = await freshSlot(ctx.db, 'demo', 2);
    const { status, body } = await api.post<ErrorBody>('orders', orderBody(slot, 3));
    expect(status).toBe(409);
    expect(body.error).toBe('out of stock');
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 2, sold: 0, held: 0 });
    const [count] = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from orders where time_span_id = ${slot.timeSpanId}`,
    );
    expect(count?.n).toBe(0);
  });

  it('rejects a bad create-order payload naming the field, writing nothing', async () => {
    const slot = await freshSlot(ctx.db, 'demo', 5);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...orderBody(slot, 1), product_uuid: 'nope' }, 'product_uuid'],
      [{ ...orderBody(slot, 1), quantity: 0 }, 'quantity'],
      [{ ...orderBody(slot, 1), quantity: 2 }, 'quantity'],
      [{ ...orderBody(slot, 1), option_values: [] }, 'option_values'],
      [{ ...orderBody(slot, 1), lang: 'fr' }, 'lang'],
      [{ ...orderBody(slot, 1), set_products: [{ set_product_id: 999999, quantity: 1 }] }, 'set_products'],
    ];
    for (const [payload, field] of cases) {
      const { status, body } = await api.post<ErrorBody>('orders', payload);
      expect(status, field).toBe(400);
      expect(body.field, JSON.stringify(body)).toBe(field);
    }
    const unknownOption = await api.post<ErrorBody>('orders', {
      ...orderBody(slot, 1),
      option_values: [{ option_value_id: 999999, quantity: 1 }],
    });
    expect(unknownOption.body.error).toBe('option_value_id not found');
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ held: 0 });
  });

  it('refuses a state-changing call without the XSRF header', async () => {
    const slot = await freshSlot(ctx.db, 'demo', 5);
    const response = await app.inject({ method: 'POST', url: '/demo/api/v1/orders', payload: orderBody(slot, 1) });
    expect(response.statusCode).toBe(403);
    expect(response.json().field).toBe('x-xsrf-token');
  });

  it('moves the hold when the selection changes', async () => {
    const first = await freshSlot(ctx.db, 'demo', 10, 2);
    const created = await api.post<Order>('orders', orderBody(first, 2));
    // Taken once the first is held, so the two are different slots whichever weekday the venue closes.
    const second = await freshSlot(ctx.db, 'demo', 10, 3);
    const changed = await api.put<Order>(`orders/${created.body.order_token}`, {
      time_span_id: second.timeSpanId,
      quantity: 4,
      option_values: [{ option_value_id: second.adultOptionId, quantity: 4 }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await slotCounters(ctx.db, first.timeSpanId)).toMatchObject({ held: 0 });
    expect(await slotCounters(ctx.db, second.timeSpanId)).toMatchObject({ held: 4 });
  });

  it('validates customer details on the server', async () => {
    const slot = await freshSlot(ctx.db, 'demo', 5);
    const created = await api.post<Order>('orders', orderBody(slot, 1));
    const badMail = await api.put<ErrorBody>(`orders/${created.body.order_token}`, {
      customer_info: { ...CUSTOMER, email: 'not-an-address' },
    });
    expect(badMail.status).toBe(400);
    expect(badMail.body.error).toBe('invalid email address');
    const badPhone = await api.put<ErrorBody>(`orders/${created.body.order_token}`, {
      customer_info: { ...CUSTOMER, phone: '12' },
    });
    expect(badPhone.body.field).toBe('customer_info.phone');
    const missing = await api.put<ErrorBody>(`orders/${created.body.order_token}`, { customer_info: { email: 'a@example.com' } });
    expect(missing.body.field).toBe('customer_info.fullname');
  });

  it('details written at once by many, beside a change of the selection: no write is lost, the amounts follow the selection', async () => {
    const { slot, token, order } = await readyOrder(1);
    const names = Array.from({ length: 12 }, (_, i) => `Buyer ${i}`);
    const answers = await Promise.all([
      ...names.map((fullname) => api.put<Order>(`orders/${token}`, { customer_info: { ...CUSTOMER, fullname } })),
      api.put<Order>(`orders/${token}`, {
        time_span_id: slot.timeSpanId,
        quantity: 2,
        option_values: [{ option_value_id: slot.adultOptionId, quantity: 2 }],
      }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(13).fill(200));
    const [stored] = await rows<{ fullname: string; quantity: number; subtotal: number; status: string }>(
      ctx.db,
      sql`select customer_fields->>'fullname' as fullname, quantity, subtotal, status from orders
          where id = (select order_id from stock_holds where time_span_id = ${slot.timeSpanId} and released_at is null limit 1)`,
    );
    expect(names).toContain(stored?.fullname);
    // A details write read before the new selection must not keep the old amounts.
    expect(stored).toMatchObject({ quantity: 2, subtotal: order.subtotal * 2, status: 'ready_checkout' });
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ held: 2 });
  });

  it('takes phone numbers from abroad with their country code, keeps them in E.164, and a Japanese one as written', async () => {
    const slot = await freshSlot(ctx.db, 'demo', 5);
    const created = await api.post<Order>('orders', orderBody(slot, 1));
    const kept = async () =>
      (
        await rows<{ phone: string }>(
          ctx.db,
          sql`select customer_fields->>'phone' as phone from orders where token_hash = ${hashToken(created.body.order_token)}`,
        )
      )[0]?.phone;
    const cases: [string, string][] = [
      ['+1 (415) 555-0132', '+14155550132'],
      ['+66 81 234 5678', '+66812345678'],
      ['+82 10-1234-5678', '+821012345678'],
      ['+86 138 0013 8000', '+8613800138000'],
      ['0044 20 7946 0958', '+442079460958'],
      ['090-1234-5678', '090-1234-5678'],
    ];
    for (const [written, stored] of cases) {
      const answer = await api.put(`orders/${created.body.order_token}`, { customer_info: { ...CUSTOMER, phone: written } });
      expect(answer.status, `${written}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(await kept(), written).toBe(stored);
    }
    // Written as an international number, but no country has it.
    const unknown = await api.put<ErrorBody>(`orders/${created.body.order_token}`, {
      customer_info: { ...CUSTOMER, phone: '+1 000 000 0000' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('customer_info.phone');
    expect(await kept()).toBe('090-1234-5678');
  });

  it('checks out with the sandbox card: sold once, tickets issued, reservation token and number', async () => {
    const { slot, token, order } = await readyOrder(2);
    expect(order.status).toBe('ready_checkout');
    const { status, body } = await api.post<{ reservation_number: string; reservation_token: string; total: number }>(
      `orders/checkout/${token}`,
      { payment_method: 'gmo', card: card(SANDBOX_CARDS.success) },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.reservation_number).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(body.reservation_token).toMatch(/^[\w-]{22}$/);
    expect(body.total).toBe(2 * slot.adultPrice);
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 50, sold: 2, held: 0 });
    const [stored] = await rows<{ tickets: number; token_stored_plain: boolean }>(
      ctx.db,
      sql`select (select count(*)::int from tickets t where t.order_id = o.id) as tickets,
                 o.reservation_token_hash = ${body.reservation_token} as token_stored_plain
          from orders o where o.reservation_number = ${body.reservation_number}`,
    );
    expect(stored).toEqual({ tickets: 2, token_stored_plain: false });
    const [mail] = await rows<{ to_address: string; subject: string; text_body: string }>(
      ctx.db,
      sql`select to_address, subject, text_body from outbox where subject like ${`%${body.reservation_number}%`}`,
    );
    expect(mail?.to_address).toBe(CUSTOMER.email);
    expect(mail?.text_body).toContain(`/demo/tickets/?lang=en#/id/${body.reservation_token}`);
    const replay = await api.post<ErrorBody>(`orders/checkout/${token}`, {
      payment_method: 'gmo',
      card: card(SANDBOX_CARDS.success),
    });
    expect(replay.body.error).toBe('order status must be ready_checkout');
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ sold: 2 });
  });

  it('keeps the order and its hold when the card is declined', async () => {
    const { slot, token } = await readyOrder(1);
    const declined = await api.post<ErrorBody>(`orders/checkout/${token}`, {
      payment_method: 'gmo',
      card: card(SANDBOX_CARDS.decline),
    });
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ error: 'payment_api_failure', can_retry: true });
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ sold: 0, held: 1 });
    const retried = await api.post(`orders/checkout/${token}`, { payment_method: 'gmo', card: card(SANDBOX_CARDS.success) });
    expect(retried.status).toBe(200);
  });

  it('requires ready_checkout before checkout', async () => {
    const slot = await freshSlot(ctx.db, 'demo', 5);
    const created = await api.post<Order>('orders', orderBody(slot, 1));
    const { body } = await api.post<ErrorBody>(`orders/checkout/${created.body.order_token}`, { payment_method: 'gmo' });
    expect(body.error).toBe('order status must be ready_checkout');
  });

  it('applies a coupon with the discount rules and removes it again', async () => {
    const { token, order } = await readyOrder(2);
    const [coupon] = await rows<{ code: string; discount_amount: number }>(
      ctx.db,
      sql`select c.code, c.discount_amount from coupons c join sites s on s.id = c.site_id
          where s.variant = 'demo' and c.discount_type = 'percent' and not c.is_invitation and c.usage_limit is null limit 1`,
    );
    if (!coupon) throw new Error('the demo seed has no percent coupon');
    const applied = await api.post<{ coupon_discount: number; coupon_id: number; order: Order }>(`ordercoupons/${token}`, {
      coupon: coupon.code.toLowerCase(),
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.coupon_discount).toBe(Math.floor((order.subtotal * coupon.discount_amount) / 100));
    expect(applied.body.order.price).toBe(order.subtotal - applied.body.coupon_discount);
    const twice = await api.post<ErrorBody>(`ordercoupons/${token}`, { coupon: coupon.code });
    expect(twice.body.error).toBe('multiple flat or fixed discount coupons');
    const removed = await api.delete<Order>(`ordercoupons/${token}/${applied.body.coupon_id}`);
    expect(removed.body.price).toBe(order.subtotal);
  });

  it('produces the coupon errors from real rules', async () => {
    const { token } = await readyOrder(1);
    expect((await api.post<ErrorBody>(`ordercoupons/${token}`, { coupon: 'NO-SUCH-CODE' })).body.error).toBe(
      'coupon_code does not exist',
    );
    const [coupon] = await rows<{ id: number; code: string }>(
      ctx.db,
      sql`select c.id, c.code from coupons c join sites s on s.id = c.site_id where s.variant = 'demo' and not c.is_invitation order by c.id limit 1`,
    );
    if (!coupon) throw new Error('no coupon');
    await ctx.db.execute(sql`update coupons set expires_at = app_now() - interval '1 minute' where id = ${coupon.id}`);
    expect((await api.post<ErrorBody>(`ordercoupons/${token}`, { coupon: coupon.code })).body.error).toBe('expired coupon');
    const tomorrow = addDays(todayIn('Asia/Tokyo'), 1);
    await ctx.db.execute(
      sql`update coupons set expires_at = app_now() + interval '30 days', coverage_from = ${addDays(tomorrow, 5)}::date where id = ${coupon.id}`,
    );
    expect((await api.post<ErrorBody>(`ordercoupons/${token}`, { coupon: coupon.code })).body.error).toBe(
      'out of coverage dates',
    );
    await ctx.db.execute(sql`update coupons set coverage_from = ${tomorrow}::date, channels = '{spot}' where id = ${coupon.id}`);
    expect((await api.post<ErrorBody>(`ordercoupons/${token}`, { coupon: coupon.code })).body.error).toBe('invalid channel');
    await ctx.db.execute(
      sql`update coupons set channels = '{web,spot}', usage_limit = 3, used_count = 3 where id = ${coupon.id}`,
    );
    expect((await api.post<ErrorBody>(`ordercoupons/${token}`, { coupon: coupon.code })).body.error).toBe('coupon limit reached');
  });

  it('counts a limited coupon at checkout and refuses the use past its limit', async () => {
    const [coupon] = await rows<{ id: number; code: string }>(
      ctx.db,
      sql`select c.id, c.code from coupons c join sites s on s.id = c.site_id where s.variant = 'demo' and c.discount_type = 'fixed' and not c.is_invitation limit 1`,
    );
    if (!coupon) throw new Error('no fixed coupon');
    const tomorrow = addDays(todayIn('Asia/Tokyo'), 1);
    await ctx.db.execute(
      sql`update coupons set usage_limit = 1, used_count = 0, expires_at = app_now() + interval '30 days', coverage_from = ${tomorrow}::date - 1, coverage_to = ${tomorrow}::date + 30, channels = '{web}' where id = ${coupon.id}`,
    );
    const first = await readyOrder(1);
    const second = await readyOrder(1);
    expect((await api.post(`ordercoupons/${first.token}`, { coupon: coupon.code })).status).toBe(200);
    expect((await api.post(`ordercoupons/${second.token}`, { coupon: coupon.code })).status).toBe(200);
    expect(
      (await api.post(`orders/checkout/${first.token}`, { payment_method: 'gmo', card: card(SANDBOX_CARDS.success) })).status,
    ).toBe(200);
    const late = await api.post<ErrorBody>(`orders/checkout/${second.token}`, {
      payment_method: 'gmo',
      card: card(SANDBOX_CARDS.success),
    });
    expect(late.body.error).toBe('coupon limit reached');
    expect(await slotCounters(ctx.db, second.slot.timeSpanId)).toMatchObject({ sold: 0, held: 1 });
  });

  it('gives expired holds back at once and answers session_timeout, selling nothing', async () => {
    const slot = await freshSlot(ctx.db, 'demo', 3);
    const created = await api.post<Order>('orders', orderBody(slot, 3));
    const token = created.body.order_token;
    await api.put(`orders/${token}`, { customer_info: CUSTOMER, payment_method: 'gmo' });
    expect((await api.post<ErrorBody>('orders', orderBody(slot, 1))).body.error).toBe('out of stock');

    await ctx.db.execute(
      sql`update orders set expires_at = app_now() - interval '1 second' where time_span_id = ${slot.timeSpanId}`,
    );
    await ctx.db.execute(
      sql`update stock_holds set expires_at = app_now() - interval '1 second' where time_span_id = ${slot.timeSpanId}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const stock = await api.get<{ remaining: number }>(`products/orderable_stocks?product_time_span_id=${slot.timeSpanId}`);
    expect(stock.body.remaining).toBe(3);

    expect((await api.get<ErrorBody>(`orders/${token}`)).body.error).toBe('session_timeout');
    const checkout = await api.post<ErrorBody>(`orders/checkout/${token}`, {
      payment_method: 'gmo',
      card: card(SANDBOX_CARDS.success),
    });
    expect(checkout.status).toBe(410);
    expect(checkout.body.error).toBe('session_timeout');
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ sold: 0 });

    const next = await api.post<Order>('orders', orderBody(slot, 3));
    expect(next.status).toBe(201);
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toEqual({ capacity: 3, sold: 0, held: 3 });
  });

  it('cancels an order and gives its places back; a second cancel is a 400 the storefront ignores', async () => {
    const slot = await freshSlot(ctx.db, 'demo', 5);
    const created = await api.post<Order>('orders', orderBody(slot, 2));
    expect((await api.delete(`orders/${created.body.order_token}`)).status).toBe(204);
    expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ held: 0 });
    expect((await api.delete(`orders/${created.body.order_token}`)).status).toBe(400);
  });

  it('answers 404 for an unknown order token and 400 for a malformed one', async () => {
    expect((await api.get('orders/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await api.get<ErrorBody>('orders/!!')).body.field).toBe('id');
  });
});
