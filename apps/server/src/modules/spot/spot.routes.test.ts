import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { buildTestApp, fakeStorefrontDir } from '../../../test/app.ts';
import { wallClock } from '../../../test/clock.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { otherSlot } from '../../../test/date-changes.ts';
import { CUSTOMER, freshSlot, orderBody } from '../../../test/orders.ts';
import { type SpotSlot, spotOrderBody, todaySpotSlot } from '../../../test/spot.ts';
import { buildApp } from '../../app.ts';
import { rows } from '../../db/rows.ts';
import { clock } from '../../lib/clock.ts';
import { signQrToken } from './qr-token.ts';

type ErrorBody = { error: string; field?: string };
type Order = { order_token: string; status: string; price: number; customerFields: Record<string, string> | null };
type Stocks = {
  product: { uuid: string; salesChannels: string[] };
  date: string;
  timeSpans: { id: number; remaining: number; status: string }[];
  nextTimeSpanId: number | null;
};

const card = {
  number: '4242424242424242',
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  cvc: '123',
  name: 'HANAKO YAMADA',
};

describeEachEngine(
  'spot API',
  (ctx) => {
    let app: FastifyInstance;
    let api: ReturnType<typeof apiFor>;
    let slot: SpotSlot;
    let full: SpotSlot;
    let onWebRoutes: SpotSlot;
    let qrToken: string;
    beforeAll(async () => {
      app = await buildTestApp(ctx.db);
      api = apiFor(app, 'demo');
      // Made before the first read: availability answers are cached for under a second.
      slot = await todaySpotSlot(ctx.db, 'demo', 20);
      full = await todaySpotSlot(ctx.db, 'demo', 1);
      onWebRoutes = await todaySpotSlot(ctx.db, 'demo', 10);
      const qr = await api.get<{ qr_token: string }>(`spot/qr/${slot.productUuid}`);
      expect(qr.status).toBe(200);
      qrToken = qr.body.qr_token;
    });
    afterAll(async () => {
      await app.close();
    });

    async function siteSecret(variant: string) {
      const [row] = await rows<{ secret: string }>(
        ctx.db,
        sql`select q.secret from spot_qr_secrets q join sites s on s.id = q.site_id where s.variant = ${variant}`,
      );
      if (!row) throw new Error('no secret');
      return row.secret;
    }

    it('makes a QR code that works until the venue’s next midnight, never showing the key', async () => {
      const { status, body } = await api.get<Record<string, string>>(`spot/qr/${slot.productUuid}?days=7`);
      expect(status).toBe(200);
      expect(body.qr_token).toMatch(/^[\w-]+\.[\w-]{22}$/);
      expect(String(body.validFrom) < String(body.validTo)).toBe(true);
      expect(new Date(body.expiresAt as string).getTime()).toBeGreaterThan(clock.nowMs() + 6 * 86_400_000);
      expect(JSON.stringify(body)).not.toContain(await siteSecret('demo'));
      const config = await api.get('configurations');
      expect(JSON.stringify(config.body)).not.toContain(await siteSecret('demo'));
    });

    it('rejects bad QR code requests naming the field', async () => {
      const cases: [string, number, string | undefined][] = [
        ['spot/qr/not-a-uuid', 400, 'productUUID'],
        [`spot/qr/${slot.productUuid}?days=0`, 400, 'days'],
        [`spot/qr/${slot.productUuid}?days=40`, 400, 'days'],
        [`spot/qr/${slot.productUuid}?days=x`, 400, 'days'],
        ['spot/qr/00000000-0000-4000-8000-000000000000', 404, undefined],
      ];
      for (const [path, code, field] of cases) {
        const { status, body } = await api.get<ErrorBody>(path);
        expect(status, path).toBe(code);
        expect(body.field, path).toBe(field);
      }
      const [webOnly] = await rows<{ uuid: string }>(
        ctx.db,
        sql`select p.uuid::text as uuid from products p join sites s on s.id = p.site_id
          where s.variant = 'demo' and not ('spot' = any(p.sales_channels)) limit 1`,
      );
      const notOnSpot = await api.get<ErrorBody>(`spot/qr/${webOnly?.uuid}`);
      expect(notOnSpot.status).toBe(400);
      expect(notOnSpot.body.error).toBe('ticket not on sale now');
    });

    it('asks staff for the key when one is configured, and in production mode always', async () => {
      for (const appMode of ['demo', 'production'] as const) {
        const keyed = await buildApp({
          config: { appMode, appEnv: 'development', reconnectSite: null, spotStaffKey: 'staff-key-of-the-venue' },
          db: ctx.db,
          storefrontDir: fakeStorefrontDir(),
        });
        try {
          const url = `/demo/api/v1/spot/qr/${slot.productUuid}`;
          const without = await keyed.inject({ method: 'GET', url });
          expect(without.statusCode).toBe(403);
          expect(without.json().field).toBe('x-staff-key');
          const wrong = await keyed.inject({ method: 'GET', url, headers: { 'x-staff-key': 'staff-key-of-the-venuX' } });
          expect(wrong.statusCode).toBe(403);
          const right = await keyed.inject({ method: 'GET', url, headers: { 'x-staff-key': 'staff-key-of-the-venue' } });
          expect(right.statusCode).toBe(200);
        } finally {
          await keyed.close();
        }
      }
      const production = await buildTestApp(ctx.db, { appMode: 'production' });
      try {
        const response = await production.inject({ method: 'GET', url: `/demo/api/v1/spot/qr/${slot.productUuid}` });
        expect(response.statusCode).toBe(403);
      } finally {
        await production.close();
      }
    });

    it('shows today’s slots still to come of the QR code’s product', async () => {
      const over = await todaySpotSlot(ctx.db, 'demo', 5, -45);
      const { status, body } = await api.get<Stocks>(`spot/products/stocks?qr_token=${qrToken}&lang=en`);
      expect(status).toBe(200);
      expect(body.product.uuid).toBe(slot.productUuid);
      expect(body.product.salesChannels).toContain('spot');
      const ids = body.timeSpans.map((span) => span.id);
      expect(ids).toContain(slot.timeSpanId);
      expect(ids).not.toContain(over.timeSpanId);
      expect(body.timeSpans.every((span) => span.status !== 'closed')).toBe(true);
      expect(body.nextTimeSpanId).not.toBeNull();
    });

    it('rejects a missing, malformed or forged QR token, and says when one has expired', async () => {
      const otherSite = apiFor(app, 'borderless');
      const [borderlessProduct] = await rows<{ uuid: string }>(
        ctx.db,
        sql`select p.uuid::text as uuid from products p join sites s on s.id = p.site_id
          where s.variant = 'borderless' and 'spot' = any(p.sales_channels) limit 1`,
      );
      const foreign = (await otherSite.get<{ qr_token: string }>(`spot/qr/${borderlessProduct?.uuid}`)).body.qr_token;
      for (const [query, field] of [
        ['', 'qr_token'],
        ['qr_token=abc', 'qr_token'],
        [`qr_token=${foreign}`, 'qr_token'],
        [`qr_token=${qrToken}&lang=fr`, 'lang'],
      ] as const) {
        const { status, body } = await api.get<ErrorBody>(`spot/products/stocks?${query}`);
        expect(status, query).toBe(400);
        expect(body.field, query).toBe(field);
      }
      const expired = signQrToken(await siteSecret('demo'), 'demo', {
        productUuid: slot.productUuid,
        expiresAt: new Date(clock.nowMs() - 1000),
      });
      const { status, body } = await api.get<ErrorBody>(`spot/products/stocks?qr_token=${expired}`);
      expect(status).toBe(410);
      expect(body.error).toBe('spot qrCode has expired');
      const order = await api.post<ErrorBody>('spot/orders', spotOrderBody(slot, expired, 1));
      expect(order.body.error).toBe('spot qrCode has expired');
    });

    it('sells one of today’s slots on the spot channel, and the order is paid and mailed like any other', async () => {
      const created = await api.post<Order>('spot/orders', spotOrderBody(slot, qrToken, 2));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const token = created.body.order_token;
      const [stored] = await rows<{ channel: string }>(
        ctx.db,
        sql`select channel from orders where time_span_id = ${slot.timeSpanId}`,
      );
      expect(stored?.channel).toBe('spot');
      const stocks = await api.get<Stocks>(`spot/products/stocks?qr_token=${qrToken}`);
      expect(stocks.body.timeSpans.find((span) => span.id === slot.timeSpanId)?.remaining).toBe(18);

      // The e-mail address is all the spot flow asks for.
      const fields = await api.put<Order>(`spot/orders/${token}`, { customer_info: { email: 'spot@example.com' } });
      expect(fields.status, JSON.stringify(fields.body)).toBe(200);
      expect(fields.body.customerFields).toEqual({ email: 'spot@example.com' });
      const badEmail = await api.put<ErrorBody>(`spot/orders/${token}`, { customer_info: { email: 'nope' } });
      expect(badEmail.body.error).toBe('invalid email address');
      const webOnlyMethod = await api.put<ErrorBody>(`spot/orders/${token}`, { payment_method: 'alipay' });
      expect(webOnlyMethod.status).toBe(400);
      expect(webOnlyMethod.body.field).toBe('payment_method');
      const ready = await api.put<Order>(`spot/orders/${token}`, { payment_method: 'gmo' });
      expect(ready.body.status).toBe('ready_checkout');

      const paid = await api.post<{ status: string; reservation_token: string; reservation_number: string }>(
        `orders/checkout/${token}`,
        { payment_method: 'gmo', card },
      );
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const [mail] = await rows<{ text_body: string }>(
        ctx.db,
        sql`select text_body from outbox where to_address = 'spot@example.com' order by created_at desc limit 1`,
      );
      expect(mail?.text_body).toContain(`/demo/tickets/?lang=en#/id/${paid.body.reservation_token}`);
      expect(mail?.text_body).toContain(paid.body.reservation_number);
    });

    it('rejects bad spot orders naming the field or the reason, holding nothing', async () => {
      const tomorrow = await freshSlot(ctx.db, 'demo', 10);
      const cases: [Record<string, unknown>, number, string][] = [
        [{ ...spotOrderBody(slot, qrToken, 1), qr_token: undefined }, 400, 'qr_token'],
        [{ ...spotOrderBody(slot, qrToken, 1), product_uuid: '00000000-0000-4000-8000-000000000000' }, 400, 'product_uuid'],
        [{ ...spotOrderBody(slot, qrToken, 1), quantity: 0 }, 400, 'quantity'],
        [{ ...spotOrderBody(slot, qrToken, 1), lang: 'fr' }, 400, 'lang'],
      ];
      for (const [payload, code, field] of cases) {
        const { status, body } = await api.post<ErrorBody>('spot/orders', payload);
        expect(status, field).toBe(code);
        expect(body.field, JSON.stringify(body)).toBe(field);
      }
      const notToday = await api.post<ErrorBody>(
        'spot/orders',
        spotOrderBody({ ...slot, timeSpanId: tomorrow.timeSpanId }, qrToken, 1),
      );
      expect(notToday.status).toBe(400);
      expect(notToday.body.error).toBe('ticket not on sale now');
      const tooMany = await api.post<ErrorBody>('spot/orders', spotOrderBody(full, qrToken, 2));
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.error).toBe('out of stock');
      const [held] = await rows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from stock_holds where time_span_id in (${tomorrow.timeSpanId}, ${full.timeSpanId})`,
      );
      expect(held?.n).toBe(0);
    });

    it('keeps spot calls to spot orders, and a changed slot to today’s', async () => {
      const web = await api.post<Order>('orders', orderBody(await freshSlot(ctx.db, 'demo', 10), 1));
      expect(web.status).toBe(201);
      const webToken = web.body.order_token;
      expect((await api.put<ErrorBody>(`spot/orders/${webToken}`, { payment_method: 'free' })).status).toBe(404);
      expect((await api.post<ErrorBody>(`spot/ordercoupons/${webToken}`, { coupon: 'DMO10OFF' })).status).toBe(404);
      expect((await api.put<ErrorBody>('spot/orders/x', {})).body.field).toBe('id');

      const spot = await api.post<Order>('spot/orders', spotOrderBody(slot, qrToken, 1));
      const tomorrow = await freshSlot(ctx.db, 'demo', 10, 2);
      const moved = await api.put<ErrorBody>(`spot/orders/${spot.body.order_token}`, {
        time_span_id: tomorrow.timeSpanId,
        quantity: 1,
        option_values: [{ option_value_id: slot.adultOptionId, quantity: 1 }],
      });
      expect(moved.status).toBe(400);
      expect(moved.body.error).toBe('ticket not on sale now');
      const partial = await api.put<ErrorBody>(`spot/orders/${spot.body.order_token}`, { time_span_id: slot.timeSpanId });
      expect(partial.body.field).toBe('time_span_id');
    });

    it('holds a spot order to the spot rules on the web routes too: today only, the e-mail only, spot methods, no date change', async () => {
      const today = onWebRoutes;
      const spot = await api.post<Order>('spot/orders', spotOrderBody(today, qrToken, 1));
      expect(spot.status, JSON.stringify(spot.body)).toBe(201);
      const token = spot.body.order_token;
      const tomorrow = await otherSlot(ctx.db, today.productId, 1);
      const moved = await api.put<ErrorBody>(`orders/${token}`, {
        time_span_id: tomorrow,
        quantity: 1,
        option_values: [{ option_value_id: today.adultOptionId, quantity: 1 }],
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(400);
      expect(moved.body.error).toBe('ticket not on sale now');
      const [heldTomorrow] = await rows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from stock_holds where time_span_id = ${tomorrow} and released_at is null`,
      );
      expect(heldTomorrow?.n).toBe(0);
      expect(
        (await api.get<{ mainProduct: { productTimeSpanID: number } }>(`orders/${token}`)).body.mainProduct.productTimeSpanID,
      ).toBe(today.timeSpanId);

      // The spot asks for the address only, on whichever route the fields come.
      const fields = await api.put<Order>(`orders/${token}`, { customer_info: { ...CUSTOMER, email: 'spot-web@example.com' } });
      expect(fields.status, JSON.stringify(fields.body)).toBe(200);
      expect(fields.body.customerFields).toEqual({ email: 'spot-web@example.com' });

      // Payment methods offered on the web only (wallets, the carrier login) are not a spot order's.
      for (const method of ['alipay', 'd_pay']) {
        const webOnly = await api.put<ErrorBody>(`orders/${token}`, { payment_method: method });
        expect(webOnly.status, method).toBe(400);
        expect(webOnly.body.field, method).toBe('payment_method');
      }
      const ready = await api.put<Order>(`orders/${token}`, { payment_method: 'gmo' });
      expect(ready.body.status).toBe('ready_checkout');
      for (const method of ['alipay', 'd_pay']) {
        const paidWebOnly = await api.post<ErrorBody>(`orders/checkout/${token}`, { payment_method: method });
        expect(paidWebOnly.status, method).toBe(400);
        expect(paidWebOnly.body.field, method).toBe('payment_method');
      }
      const login = await app.inject({ method: 'GET', url: `/demo/d-account/v1/auth/${token}` });
      expect(login.statusCode).toBe(404);
      expect(login.json()).toMatchObject({ error: 'record not found', can_retry: false });
      expect((await api.get<Order>(`orders/${token}`)).body.status).toBe('ready_checkout');

      const paid = await api.post<{ reservation_token: string }>(`orders/checkout/${token}`, { payment_method: 'gmo', card });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const reservationToken = paid.body.reservation_token;
      const change = await api.get<ErrorBody>(`timechanges/tickets/${reservationToken}`);
      expect(change.status).toBe(400);
      expect(change.body.error).toBe('cannot change ticket');
      const created = await api.post<ErrorBody>(`timechanges/tickets/${reservationToken}`, { time_span_id: tomorrow });
      expect(created.status).toBe(400);
      expect(created.body.error).toBe('cannot change ticket');
      const [order] = await rows<{ time_span_id: number; changes: number }>(
        ctx.db,
        sql`select o.time_span_id, (select count(*)::int from time_changes c where c.order_id = o.id) as changes
          from orders o where o.time_span_id = ${today.timeSpanId}`,
      );
      expect(order).toEqual({ time_span_id: today.timeSpanId, changes: 0 });
    });

    it('applies a coupon valid on the spot, and refuses one that is not', async () => {
      const spot = await api.post<Order>('spot/orders', spotOrderBody(slot, qrToken, 2));
      const token = spot.body.order_token;
      const applied = await api.post<{ coupon_name: string; coupon_discount: number; order: Order }>(
        `spot/ordercoupons/${token}`,
        {
          coupon: 'DMO10OFF',
        },
      );
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
      expect(applied.body.coupon_discount).toBe(Math.floor((2 * slot.adultPrice * 10) / 100));
      expect(applied.body.order.price).toBe(2 * slot.adultPrice - applied.body.coupon_discount);
      const empty = await api.post<ErrorBody>(`spot/ordercoupons/${token}`, { coupon: ' ' });
      expect(empty.status).toBe(400);
      expect(empty.body.field).toBe('coupon');
      const unknown = await api.post<ErrorBody>(`spot/ordercoupons/${token}`, { coupon: 'NO-SUCH-CODE' });
      expect(unknown.body.error).toBe('coupon_code does not exist');
    });

    it('searches set products of the QR code’s slots only', async () => {
      const found = await api.get<{ mainProductTimeSpanId: number; setProducts: unknown[] }[]>(
        `spot/setproducts/search?qr_token=${qrToken}&lang=en&main_product_time_span_ids=${slot.timeSpanId}`,
      );
      expect(found.status).toBe(200);
      expect(found.body[0]?.mainProductTimeSpanId).toBe(slot.timeSpanId);
      expect(found.body[0]?.setProducts.length).toBeGreaterThan(0);
      const tomorrow = await freshSlot(ctx.db, 'demo', 10);
      for (const [query, field] of [
        [`qr_token=${qrToken}&main_product_time_span_ids=${tomorrow.timeSpanId}`, 'main_product_time_span_ids'],
        [`qr_token=${qrToken}&main_product_time_span_ids=a,b`, 'main_product_time_span_ids'],
        [`main_product_time_span_ids=${slot.timeSpanId}`, 'qr_token'],
      ] as const) {
        const { status, body } = await api.get<ErrorBody>(`spot/setproducts/search?${query}`);
        expect(status, query).toBe(400);
        expect(body.field, query).toBe(field);
      }
    });
  },
  // Spot sales are today's only: at 10:00 at the venue whatever the hour the suite runs.
  { at: () => wallClock('10:00') },
);
