import { addDays, todayIn } from '@storefront/domain/dates';
import { baseTexts } from '@storefront/seed/texts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { wallClock } from '../../../test/clock.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { rows } from '../../db/rows.ts';
import { clock } from '../../lib/clock.ts';
import { stockHolds } from '../stock/stock.schema.ts';

/** The venue's today and tomorrow by the suite's clock, read when a test runs (not when the file loads). */
const today = () => todayIn('Asia/Tokyo', clock.now());
const tomorrow = () => addDays(today(), 1);
/** A path naming `{today}` and `{tomorrow}`, as the test names show it, with the days filled in. */
const dated = (path: string) => path.replaceAll('{today}', today()).replaceAll('{tomorrow}', tomorrow());

type Json = Record<string, unknown>;

describeEachEngine(
  'catalogue API',
  (ctx) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildTestApp(ctx.db);
    });
    afterAll(async () => {
      await app.close();
    });

    const get = async (url: string) => {
      const response = await app.inject({ method: 'GET', url });
      return { status: response.statusCode, body: response.json() as Json & Json[], type: response.headers['content-type'] };
    };

    async function firstTimedProduct() {
      const { body } = await get('/borderless/api/v1/products?lang=en');
      const product = (body as unknown as { id: number; uuid: string; type: string }[]).find((p) => p.type === 'time');
      if (!product) throw new Error('the borderless seed has no timed product');
      return product;
    }

    /** A slot of tomorrow with places left, found through the API itself. */
    async function openSlot() {
      const product = await firstTimedProduct();
      const { body } = await get(`/borderless/api/v1/products/stocks?date=${tomorrow()}&product_id=${product.id}&lang=en`);
      const spans = (body as unknown as { timeSpans: { id: number; remaining: number; capacity: number }[] }).timeSpans;
      const slot = spans.find((s) => s.remaining >= 5);
      if (!slot) throw new Error('no open slot tomorrow');
      return { product, slot };
    }

    it('lists six languages ordered by display_position', async () => {
      const { status, body } = await get('/borderless/api/v1/langs');
      expect(status).toBe(200);
      const langs = body as unknown as { id: string; display_position: number; is_default: boolean }[];
      expect(langs.map((l) => l.id).sort()).toEqual(['en', 'ja', 'kr', 'th', 'zh-hans', 'zh-hant']);
      const positions = langs.map((l) => l.display_position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(langs.filter((l) => l.is_default).map((l) => l.id)).toEqual(['ja']);
    });

    it('answers under the site code as well as the variant', async () => {
      const { status } = await get('/cafe-lumen/api/v1/langs');
      expect(status).toBe(200);
    });

    const endpoints = [
      'langs',
      'field_templates',
      'configurations',
      'texts?lang=en',
      'products?lang=en',
      'products/search?from={today}&to={tomorrow}',
      'products/search2?date={tomorrow}',
      'products/stocks?date={tomorrow}&product_id=1',
      'products/stocks-statuses?from={today}&to={tomorrow}',
      'products/orderable_stocks?product_time_span_id=1',
      'setproducts/search?main_product_time_span_ids=1',
      'paymentmethods?channel=web',
      'calendar/colors?from={today}&to={tomorrow}',
      'gtm/GTM-ABC1234',
    ];
    it.each(endpoints)('returns 404 JSON for an unknown site on %s', async (endpoint) => {
      const { status, body, type } = await get(`/no-such-venue/api/v1/${dated(endpoint)}`);
      expect(status).toBe(404);
      expect(type).toMatch(/application\/json/);
      expect(body.error).toBe('site not found');
    });

    it('returns the sign-in field templates in order', async () => {
      const { status, body } = await get('/borderless/api/v1/field_templates');
      expect(status).toBe(200);
      const fields = body as unknown as { fieldName: string; isDisplay: boolean; isRequired: boolean; type: string }[];
      expect(fields.map((f) => f.fieldName)).toContain('email');
      expect(fields.find((f) => f.fieldName === 'email')).toMatchObject({ isDisplay: true, isRequired: true, type: 'text' });
    });

    it('returns the site configuration', async () => {
      const { status, body } = await get('/borderless/api/v1/configurations');
      expect(status).toBe(200);
      expect(body).toMatchObject({ siteCode: 'borderless', variant: 'borderless', currency: 'JPY', appMode: 'demo' });
      expect((body.ticketDisplay as Json).type).toMatch(/^(fusion|separate)$/);
    });

    it('returns the texts of the asked language and defaults to ja', async () => {
      const en = await get('/borderless/api/v1/texts?lang=en');
      const ja = await get('/borderless/api/v1/texts');
      expect(en.status).toBe(200);
      expect(en.body.error_connection_title).toBe('We were unable to connect to the server');
      expect(ja.body.error_connection_title).toBe('通信ができませんでした');
    });

    it('gives a shared text the venue has no row for in its shared wording, and the venue’s own wording over it', async () => {
      const [site] = await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'borderless'`);
      await ctx.db.execute(sql`delete from texts where site_id = ${site?.id} and lang = 'th' and key = 'ticket_price_refunded'`);
      await ctx.db.execute(
        sql`update texts set value = 'ยอดที่ท่านชำระ' where site_id = ${site?.id} and lang = 'th' and key = 'ticket_price_paid'`,
      );
      const th = await get('/borderless/api/v1/texts?lang=th');
      expect(th.status).toBe(200);
      expect(th.body.ticket_price_refunded).toBe(baseTexts.th.ticket_price_refunded);
      expect(th.body.ticket_price_paid).toBe('ยอดที่ท่านชำระ');
    });

    it('lists products with options in the asked language', async () => {
      const { status, body } = await get('/borderless/api/v1/products?lang=en');
      expect(status).toBe(200);
      const products = body as unknown as {
        uuid: string;
        name: string;
        options: { price: number; type: string }[];
        priceFrom: number;
      }[];
      expect(products.length).toBeGreaterThanOrEqual(2);
      for (const product of products) {
        expect(product.name).not.toBe('');
        expect(product.options.length).toBeGreaterThan(0);
        const paid = product.options.filter((o) => o.type === 'admission' && o.price > 0).map((o) => o.price);
        expect(product.priceFrom).toBe(paid.length > 0 ? Math.min(...paid) : 0);
      }
    });

    it('returns tomorrow’s slots with remaining stock from products/search2', async () => {
      const { status, body } = await get(`/borderless/api/v1/products/search2?date=${tomorrow()}&lang=en`);
      expect(status).toBe(200);
      const result = body as unknown as {
        product: { uuid: string };
        timeSpans: { date: string; remaining: number; capacity: number; startTime: string }[];
      }[];
      const spans = result.flatMap((r) => r.timeSpans);
      expect(spans.length).toBeGreaterThan(0);
      for (const span of spans) {
        expect(span.date).toBe(tomorrow());
        expect(span.remaining).toBeGreaterThanOrEqual(0);
        expect(span.remaining).toBeLessThanOrEqual(span.capacity);
        expect(span.startTime).toMatch(/^\d{2}:\d{2}$/);
      }
    });

    it('searches a date range for one product and one type', async () => {
      const product = await firstTimedProduct();
      const { status, body } = await get(
        `/borderless/api/v1/products/search?from=${today()}&to=${addDays(today(), 6)}&lang=ja&product_uuid=${product.uuid}&product_type=time`,
      );
      expect(status).toBe(200);
      const result = body as unknown as { product: { uuid: string }; timeSpans: { date: string }[] }[];
      expect(result.map((r) => r.product.uuid)).toEqual([product.uuid]);
      for (const span of result[0]?.timeSpans ?? []) {
        expect(span.date >= today() && span.date <= addDays(today(), 6)).toBe(true);
      }
    });

    it('counts only live holds against remaining stock', async () => {
      const { product, slot } = await openSlot();
      const url = `/borderless/api/v1/products/orderable_stocks?product_time_span_id=${slot.id}`;
      const before = (await get(url)).body as unknown as { remaining: number };
      await ctx.db.insert(stockHolds).values([
        { timeSpanId: slot.id, quantity: 3, expiresAt: new Date(clock.nowMs() + 15 * 60_000) },
        { timeSpanId: slot.id, quantity: 2, expiresAt: new Date(clock.nowMs() - 60_000) },
      ]);
      // Availability may be cached for under a second.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const after = (await get(url)).body as unknown as { remaining: number; maxOrderable: number };
      expect(after.remaining).toBe(before.remaining - 3);
      const stocks = (await get(`/borderless/api/v1/products/stocks?date=${tomorrow()}&product_id=${product.id}`))
        .body as unknown as {
        timeSpans: { id: number; remaining: number }[];
      };
      expect(stocks.timeSpans.find((s) => s.id === slot.id)?.remaining).toBe(before.remaining - 3);
    });

    it('shows the low-stock and sold-out states the seed creates', async () => {
      const statuses = await rows<{ status: string }>(
        ctx.db,
        sql`select distinct case when sold = capacity then 'sold_out' when capacity - sold <= 10 then 'few' else 'available' end as status
          from product_time_spans where date > ${today()}::date`,
      );
      expect(statuses.map((s) => s.status).sort()).toEqual(['available', 'few', 'sold_out']);
    });

    it('gives a status per day from products/stocks-statuses', async () => {
      const product = await firstTimedProduct();
      const to = addDays(today(), 13);
      const { status, body } = await get(
        `/borderless/api/v1/products/stocks-statuses?from=${today()}&to=${to}&product_uuid=${product.uuid}`,
      );
      expect(status).toBe(200);
      const days = body as unknown as { date: string; status: string }[];
      expect(days).toHaveLength(14);
      expect(days[0]?.date).toBe(today());
      expect(days.some((d) => d.status === 'available' || d.status === 'few')).toBe(true);
    });

    it('lists set products per main slot with their remaining stock', async () => {
      const products = (await get('/demo/api/v1/products?lang=en')).body as unknown as { id: number; hasSetProducts: boolean }[];
      const withSets = products.find((p) => p.hasSetProducts);
      if (!withSets) throw new Error('the demo seed has no product with set products');
      // The first open day from the day after tomorrow: the venue closes one weekday a week.
      let ids: number[] = [];
      for (let offset = 2; offset < 9 && ids.length === 0; offset++) {
        const spans = (await get(`/demo/api/v1/products/stocks?date=${addDays(today(), offset)}&product_id=${withSets.id}`))
          .body as unknown as { timeSpans: { id: number }[] };
        ids = spans.timeSpans.slice(0, 2).map((s) => s.id);
      }
      expect(ids.length).toBeGreaterThan(0);
      const { status, body } = await get(`/demo/api/v1/setproducts/search?lang=en&main_product_time_span_ids=${ids.join(',')}`);
      expect(status).toBe(200);
      const result = body as unknown as { mainProductTimeSpanId: number; setProducts: { remaining: number; price: number }[] }[];
      expect(result.map((r) => r.mainProductTimeSpanId)).toEqual(ids);
      expect(result[0]?.setProducts.length).toBeGreaterThan(0);
    });

    it('lists payment methods per channel with names', async () => {
      const web = await get('/borderless/api/v1/paymentmethods?lang=en&channel=web');
      expect(web.status).toBe(200);
      const methods = web.body as unknown as { method: string; name: string }[];
      expect(methods.map((m) => m.method)).toContain('free');
      for (const m of methods) expect(m.name).not.toBe(m.method);
    });

    it('names each payment method by what the visitor pays with, the processor only where two would read the same', async () => {
      const names = async (venue: string, lang: string) =>
        Object.fromEntries(
          (
            (await get(`/${venue}/api/v1/paymentmethods?lang=${lang}&channel=web`)).body as unknown as {
              method: string;
              name: string;
            }[]
          ).map((m) => [m.method, m.name]),
        );
      // borderless has one card method: it is just a credit card.
      expect(await names('borderless', 'ja')).toMatchObject({
        gmo_3ds: 'クレジットカード',
        gmo_paypay: 'PayPay',
        d_pay: 'd払い',
      });
      expect(await names('borderless', 'en')).toMatchObject({ gmo_3ds: 'Credit card', adyen_we_chat_pay: 'WeChat Pay' });
      // The demo venue offers every method: the card methods would all read "Credit card", so each names its processor.
      const demo = await names('demo', 'ja');
      expect(demo).toMatchObject({ gmo_3ds: 'クレジットカード（GMO・3Dセキュア）', stripe: 'クレジットカード（Stripe）' });
      expect(new Set(Object.values(demo)).size).toBe(Object.keys(demo).length);
    });

    it('returns calendar colours by date', async () => {
      const { status, body } = await get(`/borderless/api/v1/calendar/colors?from=${today()}&to=${addDays(today(), 6)}`);
      expect(status).toBe(200);
      const colors = body as unknown as { date: string; color_code: string }[];
      expect(colors).toHaveLength(7);
      expect(colors[0]).toEqual({ date: today(), color_code: expect.stringMatching(/^#[0-9a-f]{6}$/i) });
    });

    it('answers gtm for the site’s own tag manager id only', async () => {
      const config = (await get('/borderless/api/v1/configurations')).body as unknown as { tagManagerIds: string[] };
      const [id] = config.tagManagerIds;
      expect(id).toMatch(/^GTM-/);
      expect((await get(`/borderless/api/v1/gtm/${id}`)).status).toBe(200);
      expect((await get('/borderless/api/v1/gtm/GTM-ZZZZ999')).status).toBe(404);
    });

    // Bad input: a 4xx JSON error naming the field, never a 500.
    const badRequests: [string, string][] = [
      ['/borderless/api/v1/texts?lang=fr', 'lang'],
      ['/borderless/api/v1/products?lang=', 'lang'],
      ['/borderless/api/v1/products/search2?date=2026-13-01&lang=en', 'date'],
      ['/borderless/api/v1/products/search2?date=tomorrow', 'date'],
      ['/borderless/api/v1/products/search2?lang=en', 'date'],
      ['/borderless/api/v1/products/search?from=2026-01-10&to=2026-01-01', 'to'],
      ['/borderless/api/v1/products/search?from=2026-01-01&to=2027-01-01', 'to'],
      ['/borderless/api/v1/products/search?from=2026-01-01&to=2026-01-02&product_uuid=abc', 'product_uuid'],
      ['/borderless/api/v1/products/search?from=2026-01-01&to=2026-01-02&product_type=hourly', 'product_type'],
      ['/borderless/api/v1/products/stocks?date=2026-02-30&product_id=1', 'date'],
      ['/borderless/api/v1/products/stocks?date=2026-02-03&product_id=-4', 'product_id'],
      ['/borderless/api/v1/products/stocks?date=2026-02-03&product_id=99999999999', 'product_id'],
      ['/borderless/api/v1/products/stocks-statuses?from=x&to=2026-01-02', 'from'],
      ['/borderless/api/v1/products/orderable_stocks?product_time_span_id=1.5', 'product_time_span_id'],
      ['/borderless/api/v1/setproducts/search?main_product_time_span_ids=1,,2', 'main_product_time_span_ids'],
      ['/borderless/api/v1/setproducts/search?main_product_time_span_ids=', 'main_product_time_span_ids'],
      ['/borderless/api/v1/paymentmethods?channel=fax', 'channel'],
      ['/borderless/api/v1/calendar/colors?from=2026-01-01', 'to'],
      ['/borderless/api/v1/gtm/not-a-gtm-id', 'id'],
      ['/borderless/api/v1/texts?lang=en&lang=ja', 'lang'],
      ['/borderless/api/v1/products/search2?date[]=2026-01-01', 'date'],
      ['/borderless/api/v1/products/stocks?date=2026-02-03&product_id=1e3', 'product_id'],
    ];
    it.each(badRequests)('rejects %s naming %s', async (url, field) => {
      const { status, body, type } = await get(url);
      expect(status).toBe(400);
      expect(type).toMatch(/application\/json/);
      expect(body.field).toBe(field);
      expect(body.error).toBe('invalid request');
      expect(String(body.message)).toContain(field);
    });

    const unknownRecords = [
      '/borderless/api/v1/products/stocks?date=2026-02-03&product_id=999999',
      '/borderless/api/v1/products/orderable_stocks?product_time_span_id=999999999',
      '/borderless/api/v1/setproducts/search?main_product_time_span_ids=999999999',
      '/borderless/api/v1/products/stocks-statuses?from={today}&to={today}&product_uuid=00000000-0000-4000-8000-000000000000',
    ];
    it.each(unknownRecords)('answers 404 record not found for %s', async (url) => {
      const { status, body } = await get(dated(url));
      expect(status).toBe(404);
      expect(body.error).toBe('record not found');
    });

    it('answers a malformed path or method with a 4xx JSON error', async () => {
      for (const [method, url] of [
        ['GET', '/%E0%A4%A/api/v1/langs'],
        ['POST', '/borderless/api/v1/langs'],
        ['GET', '/borderless/api/v1/no-such-call'],
      ] as const) {
        const response = await app.inject({ method, url });
        expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, url).toBeLessThan(500);
        expect(response.headers['content-type'], url).toMatch(/application\/json/);
      }
    });

    it('does not serve another site’s product', async () => {
      const demoProducts = (await get('/demo/api/v1/products')).body as unknown as { id: number }[];
      const id = demoProducts[0]?.id;
      const { status } = await get(`/borderless/api/v1/products/stocks?date=${tomorrow()}&product_id=${id}`);
      expect(status).toBe(404);
    });

    it('serves the OpenAPI document', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const doc = response.json() as { paths: Record<string, unknown> };
      expect(Object.keys(doc.paths)).toContain('/{site}/api/v1/products/search2');
    });
  },
  // Searches, day statuses and colours start from the venue's today: at 10:00 at the venue, so
  // today is the day the seed starts from whatever the hour (or side of midnight) the suite runs at.
  { at: () => wallClock('10:00') },
);
