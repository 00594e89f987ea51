/**
 * Walks the server's own OpenAPI document and sends every operation malformed requests: broken
 * bodies, NUL bytes in every string, numbers past every range, huge arrays, unknown path ids and
 * bad XSRF cookies; the console's date filters (the audit log's too) dates out of their range. None
 * may fail the server (5xx), and none that is refused may write anything.
 */
import { addDays, todayIn } from '@storefront/domain/dates';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { apiFor } from '../../test/api.ts';
import { useTestApp } from '../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn, TEST_PASSWORD } from '../../test/console.ts';
import { describeEachEngine, testEngines } from '../../test/database.ts';
import { type Case, casesFor, type Endpoint, endpointsOf, type OpenApiDocument, seededRandom } from '../../test/openapi-cases.ts';
import { CUSTOMER, freshSlot, orderBody } from '../../test/orders.ts';
import { buyTickets } from '../../test/tickets.ts';
import type { Database } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { SANDBOX_CARDS } from '../modules/payments/providers/sandbox-gateway.ts';

/** Tables written by reads or by refusals on purpose: rate-limit counters, lazily made keys, the sandbox's own side. */
const NOT_BUSINESS_DATA = new Set(['rate_limits', 'site_secrets', 'spot_qr_secrets']);
const isBusinessTable = (name: string) => !NOT_BUSINESS_DATA.has(name) && !name.startsWith('sandbox_');

/** Answers that record the attempt by design: a refused card is a failed payment, a rate limit counts. */
const RECORDED_REFUSALS = new Set([402, 429]);
/**
 * A failed console sign-in, or a wrong password given again inside a session, is counted towards the
 * account's lock and written to the audit log, by design.
 */
const isRecordedSignInFailure = (status: number, body: string) =>
  (status === 401 && body.includes('"sign-in failed"')) || (status === 403 && body.includes('is not your current password'));

/**
 * Counts, from here on, what is written to the business tables: rows inserted less rows deleted
 * per table, and the change of the stock and coupon counters. Triggers append one row per change
 * to a log (only appended, so no two transactions ever wait on one another for it); the state is
 * the log's sums. Counting every table's rows after each of thousands of requests took most of
 * this file's time.
 */
async function countWrites(db: Database, tables: string[]): Promise<void> {
  await db.execute(sql`create table fuzz_writes (name text not null, delta bigint not null)`);
  await db.execute(
    sql.raw(`create function fuzz_rows() returns trigger language plpgsql as $$
    begin
      insert into fuzz_writes values (tg_table_name, case tg_op when 'INSERT' then 1 else -1 end);
      return null;
    end $$`),
  );
  // held/sold of the slots and the set products' stocks, used_count of the coupons.
  await db.execute(
    sql.raw(`create function fuzz_counters() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'coupons' then
        insert into fuzz_writes values ('coupons used', new.used_count - old.used_count);
      else
        insert into fuzz_writes values (tg_table_name || ' held', new.held - old.held), (tg_table_name || ' sold', new.sold - old.sold);
      end if;
      return null;
    end $$`),
  );
  for (const table of tables) {
    await db.execute(
      sql`create trigger fuzz_rows after insert or delete on ${sql.identifier(table)} for each row execute function fuzz_rows()`,
    );
  }
  for (const table of ['product_time_spans', 'set_product_stocks', 'coupons']) {
    await db.execute(
      sql`create trigger fuzz_counters after update on ${sql.identifier(table)} for each row execute function fuzz_counters()`,
    );
  }
}

/** What was written since `countWrites`, as one line of text: "orders=1 product_time_spans held=2". */
async function snapshot(db: Database): Promise<string> {
  const [row] = await rows<{ state: string | null }>(
    db,
    sql`select string_agg(name || '=' || total, ' ' order by name) as state
          from (select name, sum(delta) as total from fuzz_writes group by name) sums where total <> 0`,
  );
  return row?.state ?? '';
}

/** Streams (server-sent events) never end, so only their refusals are sent. */
const isStream = (endpoint: Endpoint) => /\/signage\/events$|\/arrivals\/stream$/.test(endpoint.path);

/** State-changing calls on the test's own records go last, so the others still find them open. */
function weight(endpoint: Endpoint): number {
  // Signing out ends the console session every other console call is made with.
  if (endpoint.path === '/console/api/v1/session' && endpoint.method === 'DELETE') return 3;
  if (endpoint.method === 'DELETE') return 2;
  return /checkout|confirm|claim|exe-payment/.test(endpoint.path) ? 1 : 0;
}

describeEachEngine(
  'API fuzz',
  (ctx) => {
    const test = useTestApp(ctx);

    it('answers every malformed request of every documented operation without a 5xx, writing nothing when refused', async () => {
      const app: FastifyInstance = test.app;
      await app.ready();
      const document = app.swagger() as unknown as OpenApiDocument;
      const api = apiFor(app, 'demo');

      // Real records for the operations to reach past their contracts.
      const slot = await freshSlot(ctx.db, 'demo', 50);
      const order = await api.post<{ order_token: string }>('orders', orderBody(slot, 1));
      expect(order.status).toBe(201);
      const bought = await buyTickets(api, ctx.db, { quantity: 2 });
      const later = await freshSlot(ctx.db, 'demo', 50, 2);
      const change = await api.post<{ time_change_token: string }>(`timechanges/tickets/${bought.reservationToken}`, {
        time_span_id: later.timeSpanId,
      });
      expect(change.status, JSON.stringify(change.body)).toBe(201);
      const share = await api.post<{ share_token: string }>(`tickets/${bought.reservationToken}/shares`, {
        option_values: [{ option_value_id: bought.slot.adultOptionId, quantity: 1 }],
      });
      const xsrfPage = await app.inject({ method: 'GET', url: '/demo/api/v1/configurations' });
      const xsrf = xsrfPage.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
      const tomorrow = addDays(todayIn('Asia/Tokyo'), 1);

      // The console's calls are made signed in (an owner), its second sign-in step by a member half-way
      // through signing in; the staff routes act on a third member, so neither session is touched.
      const team = await makeTeam(ctx.db, { rights: ['orders:read'] });
      const owner = await makeStaff(ctx.db, { isOwner: true, totp: true });
      const ownerClient = consoleClient(app);
      await signIn(ownerClient, owner.email);
      const pending = await makeStaff(ctx.db, { totp: true, teamIds: [team.id] });
      const pendingClient = consoleClient(app);
      await pendingClient.post('sign-in/password', { email: pending.email, password: TEST_PASSWORD });
      const target = await makeStaff(ctx.db, { teamIds: [team.id] });
      const [demoSite] = await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'demo'`);
      const consoleCookie = (url: string) =>
        /\/sign-in\/(totp|recovery-code)/.test(url)
          ? `console_session=${pendingClient.sessionToken}`
          : `console_session=${ownerClient.sessionToken}`;

      const known = {
        product_uuid: slot.productUuid,
        time_span_id: slot.timeSpanId,
        option_value_id: slot.adultOptionId,
        set_products: [],
        quantity: 1,
        customer_info: { ...CUSTOMER },
        coupon: 'NO-SUCH-COUPON',
        email: bought.email,
        password: 'not the password',
        addressee: 'Storefront Test',
        reservation_token: bought.reservationToken,
        reservation_number: bought.reservationNumber,
        number: bought.reservationNumber,
        payment_method: 'gmo',
        // A venue's payment method goes to a provider that can take it: the sandbox takes every paid one.
        provider: 'sandbox',
        payment_number: 'pay_unknown_00000001',
        md: 'pay_unknown_00000001',
        card_token: 'tok_unknown_00000001',
        // A declining card: checkout calls reach the gateway but pay nothing, so the order stays open.
        card: {
          number: SANDBOX_CARDS.decline,
          exp_month: 12,
          exp_year: new Date().getFullYear() + 2,
          cvc: '123',
          name: 'HANAKO YAMADA',
        },
        from: tomorrow,
        to: tomorrow,
        // The console calendar's time window and colour.
        time_from: '09:00',
        time_to: '18:00',
        color_code: '#123abc',
        date: tomorrow,
        product_id: String(slot.productId),
        product_time_span_id: String(slot.timeSpanId),
        main_product_time_span_ids: String(slot.timeSpanId),
        qr_token: 'AAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB',
        days: '1',
        field_name: 'mail_magazine',
        gate: 'gate-1',
        payload: 'SF1.unknown',
        mode: 'gate',
        ticket_id: 'all',
        lang: 'en',
        token: 'AAAAAAAAAAAAAAAAAAAAAA',
        challenge_id: '00000000-0000-4000-8000-000000000000',
        code: '000000',
        current_password: 'not the password',
        new_password: 'a new password for the fuzz',
        team_ids: [team.id],
        venue_ids: [demoSite?.id ?? 1],
        rights: ['orders:read'],
        all_venues: false,
        actor_id: '1',
        before: '1000000',
        venue: 'demo',
        variant: 'fuzz-venue',
        time_zone: 'Asia/Tokyo',
        product_ids: [slot.productId],
        // Weekdays are 1–7 in slot series and 0–6 in calendar selections: these are valid in both.
        weekdays: [1, 2, 3, 4, 5, 6],
        opens_at: '09:00',
        closes_at: '10:00',
        start_times: ['09:00'],
        slot_minutes: 30,
        valid_from: tomorrow,
        valid_to: tomorrow,
        closed_dates: [],
        holiday_dates: [],
        month: tomorrow.slice(0, 7),
        coverage_from: tomorrow,
        coverage_to: tomorrow,
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        // The gate kit's cursor: its day and the moment it was made.
        since: `${tomorrow}|${new Date().toISOString()}`,
        // A webhook receiver: a URL the contract takes, and an event it knows.
        url: 'https://receiver.example/hook',
        events: ['order.completed'],
        // The venue's own telephone number and qualified-invoice registration number, in its settings.
        phone: '+81 3-1234-5678',
        invoice_registration_number: 'T7000012050002',
      };
      const pathValue = (path: string, name: string): string => {
        if (name === 'timechangeToken') return change.body.time_change_token;
        if (name === 'productUUID') return slot.productUuid;
        if (name === 'couponId') return '1';
        if (name === 'variant' || name === 'venue') return 'demo';
        if (name === 'lang') return 'en';
        // An order, its mail and its refunds in the console are named by uuid; none has this one.
        if (path.startsWith('/console/') && (name === 'order' || name === 'mail' || name === 'refund'))
          return '00000000-0000-4000-8000-000000000000';
        // An image and a webhook receiver are named by uuid; none has this one.
        if (path.startsWith('/console/') && (name === 'endpoint' || (name === 'id' && path.includes('/images/'))))
          return '00000000-0000-4000-8000-000000000000';
        if (path.startsWith('/console/') && name === 'id') return path.includes('/teams/') ? String(team.id) : String(target.id);
        if (name === 'kind') return 'challenge';
        // A slot of the arrivals' check-in list.
        if (name === 'slot') return String(slot.timeSpanId);
        if (name === 'reference') return 'sbx_unknown_reference';
        // A money document's number, well formed; no document has it.
        if (name === 'number' && path.includes('/receipts/')) return 'DEMO-2000-000000';
        if (path.includes('/gtm/')) return 'GTM-ABCD123';
        if (path.includes('/shares/')) return share.body.share_token;
        if (name === 'token' && !path.includes('/mailmagazines/')) return bought.reservationToken;
        if (/\/(orders|ordercoupons|membership|d-account)\b/.test(path)) return order.body.order_token;
        return 'AAAAAAAAAAAAAAAAAAAAAA';
      };

      const [{ names }] = (await rows<{ names: string[] }>(
        ctx.db,
        sql`select array_agg(table_name::text order by table_name) as names from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )) as [{ names: string[] }];
      const tables = names.filter(isBusinessTable);
      expect(tables).toEqual(expect.arrayContaining(['orders', 'tickets', 'payments', 'receipts', 'ticket_shares', 'members']));

      const endpoints = endpointsOf(document).sort((a, b) => weight(a) - weight(b));
      expect(endpoints.length).toBeGreaterThan(50);
      const random = seededRandom(20_240_612);
      const failures: string[] = [];
      let sent = 0;
      // With both engines in the run, each sends every other case (about 5,000 of 10,000): the
      // contracts refuse most cases before any database is reached, and the two halves together
      // still send every case once. Alone, an engine sends them all.
      const half = testEngines.length > 1 ? testEngines.indexOf(ctx.engine) : null;
      let made = 0;
      // Requests go one at a time, so the state after one is the state before the next.
      await countWrites(ctx.db, tables);
      // The count sees a write, and a write undone.
      await ctx.db.execute(sql`update product_time_spans set held = held + 1 where id = ${slot.timeSpanId}`);
      expect(await snapshot(ctx.db)).toBe('product_time_spans held=1');
      await ctx.db.execute(sql`update product_time_spans set held = held - 1 where id = ${slot.timeSpanId}`);
      let before = await snapshot(ctx.db);
      expect(before).toBe('');
      for (const endpoint of endpoints) {
        const cases = casesFor(endpoint, { site: 'demo', pathValue, known, xsrf, random });
        const sendable = isStream(endpoint) ? cases.filter((c) => c.label.startsWith('site ')) : cases;
        for (const request of sendable.filter(() => half === null || made++ % testEngines.length === half)) {
          const headers = request.url.startsWith('/console/api/')
            ? { ...request.headers, cookie: [request.headers.cookie, consoleCookie(request.url)].filter(Boolean).join('; ') }
            : request.headers;
          const response = await app.inject({
            method: request.method,
            url: request.url,
            headers,
            ...(request.payload === undefined ? {} : { payload: request.payload }),
          });
          sent++;
          const problem = judge(request, response.statusCode, response.body);
          const refused =
            response.statusCode >= 400 &&
            !RECORDED_REFUSALS.has(response.statusCode) &&
            !isRecordedSignInFailure(response.statusCode, response.body);
          const after = await snapshot(ctx.db);
          const wroteWhileRefusing = refused && after !== before;
          if (problem || wroteWhileRefusing) {
            failures.push(
              `${request.method} ${request.url.slice(0, 120)} (${request.label}): ${response.statusCode} ${response.body.slice(0, 200)}${
                wroteWhileRefusing ? `\n    wrote while refusing: ${before} → ${after}` : ''
              }${problem ? `\n    ${problem}` : ''}`,
            );
          }
          before = after;
        }
      }
      expect(sent).toBeGreaterThan(half === null ? 5_000 : 2_500);
      expect(failures, failures.join('\n')).toEqual([]);
    }, 300_000);
  },
  { seed: { variants: ['demo'], days: 5 } },
);

/** What is wrong with an answer, or null. */
function judge(request: Case, status: number, body: string): string | null {
  if (status >= 500) return 'a server error';
  // The error handler's safety net answered: a value got past its contract to the database.
  if (status === 400 && /"message":"the request holds /.test(body)) return 'refused by the database, not by a contract';
  if (request.expectForbidden && status !== 403) return `expected 403 for a broken XSRF pair, got ${status}`;
  if (request.expectField) {
    if (status !== 400) return `expected 400 naming ${request.expectField}, got ${status}`;
    const answer = JSON.parse(body) as { error?: string; field?: string; message?: string };
    if (answer.error !== 'invalid request' || answer.field !== request.expectField || !answer.message) {
      return `expected an invalid request naming ${request.expectField}`;
    }
  }
  return null;
}
