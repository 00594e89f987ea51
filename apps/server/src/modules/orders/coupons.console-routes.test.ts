import { COUPON_CODE_ALPHABET, type Coupon, type CouponBatch, type CouponPage } from '@storefront/domain/console/coupons';
import { addDays, todayIn } from '@storefront/domain/dates';
import { parse as parseCsv } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { type ConsoleClient, consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { CUSTOMER, freshSlot, orderBody } from '../../../test/orders.ts';
import { card } from '../../../test/payments.ts';
import { rows } from '../../db/rows.ts';
import { SANDBOX_CARDS } from '../payments/providers/sandbox-gateway.ts';

type ErrorAnswer = { error: string; field?: string; message?: string };
type Order = { order_token: string; subtotal: number; price: number };

const today = todayIn('Asia/Tokyo');
const settings = (extra: Record<string, unknown> = {}) => ({
  name: { ja: '春の割引', en: 'Spring discount' },
  discount_type: 'percent',
  discount_amount: 20,
  coverage_from: today,
  coverage_to: addDays(today, 60),
  expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  channels: ['web'],
  ...extra,
});
const suffixPattern = `[${COUPON_CODE_ALPHABET}]{8}`;

describeEachEngine('console coupons', (ctx) => {
  const server = useTestApp(ctx);
  const shop = () => apiFor(server.app, 'demo');
  const auditCount = async () => (await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from audit_log`))[0]?.n ?? 0;
  const demoId = async () => (await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'demo'`))[0]?.id ?? 0;

  async function memberWith(rights: ('catalogue:read' | 'catalogue:write' | 'orders:read')[]): Promise<ConsoleClient> {
    const team = await makeTeam(ctx.db, { rights, venueIds: [await demoId()] });
    const member = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app, { ip: '192.0.2.20' });
    await signIn(client, member.email);
    return client;
  }

  /** An order of two admissions at the demo venue, ready for checkout. */
  async function readyOrder() {
    const api = shop();
    const slot = await freshSlot(ctx.db, 'demo', 50);
    const created = await api.post<Order>('orders', orderBody(slot, 2));
    expect(created.status).toBe(201);
    const token = created.body.order_token;
    const updated = await api.put<Order>(`orders/${token}`, { customer_info: CUSTOMER, payment_method: 'gmo' });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    return { api, token, order: updated.body };
  }

  it('makes a coupon with a chosen code that the shop takes, and counts its use once an order is paid', async () => {
    const writer = await memberWith(['catalogue:write']);
    const created = await writer.post<Coupon>('venues/demo/coupons', {
      code: '  spring-twenty ',
      ...settings({ usage_limit: 5, campaign: 'spring' }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      code: 'SPRING-TWENTY',
      used_count: 0,
      usage_limit: 5,
      status: 'active',
      batch: null,
      channels: ['web'],
      product_ids: null,
    });
    const [entry] = await rows<{ action: string; object_type: string; object_id: string; venue_code: string; client_ip: string }>(
      ctx.db,
      sql`select action, object_type, object_id, venue_code, client_ip from audit_log where object_type = 'coupon' order by id desc limit 1`,
    );
    expect(entry).toEqual({
      action: 'created',
      object_type: 'coupon',
      object_id: String(created.body.id),
      venue_code: 'demo',
      client_ip: '192.0.2.20',
    });

    const { api, token, order } = await readyOrder();
    const applied = await api.post<{ coupon_discount: number; order: { price: number } }>(`ordercoupons/${token}`, {
      coupon: 'spring-twenty',
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.coupon_discount).toBe(Math.floor((order.subtotal * 20) / 100));
    const paid = await api.post(`orders/checkout/${token}`, { payment_method: 'gmo', card: card(SANDBOX_CARDS.success) });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const reader = await memberWith(['catalogue:read']);
    const one = await reader.get<Coupon>(`venues/demo/coupons/${created.body.id}`);
    expect(one.body).toMatchObject({ used_count: 1, usage_limit: 5 });
    const found = await reader.get<CouponPage>('venues/demo/coupons?q=twenty');
    expect(found.body.coupons.map((c) => [c.code, c.used_count])).toEqual([['SPRING-TWENTY', 1]]);
    expect((await reader.get<CouponPage>('venues/demo/coupons?q=%E6%98%A5%E3%81%AE')).body.total).toBeGreaterThan(0);
  });

  it('refuses without the right, names the wrong field, refuses a taken code with 409, and writes nothing', async () => {
    const reader = await memberWith(['catalogue:read']);
    const other = await memberWith(['orders:read']);
    const writer = await memberWith(['catalogue:write']);
    const before = await auditCount();
    expect((await reader.post('venues/demo/coupons', { code: 'NOPE1', ...settings() })).status).toBe(403);
    expect((await reader.post('venues/demo/coupons/batches', { prefix: 'NOPE', count: 2, ...settings() })).status).toBe(403);
    expect((await other.get('venues/demo/coupons')).status).toBe(403);
    expect((await other.get('venues/demo/coupons/export.csv')).status).toBe(403);

    const percent = await writer.post<ErrorAnswer>('venues/demo/coupons', {
      code: 'BAD1',
      ...settings({ discount_amount: 101 }),
    });
    expect(percent.status).toBe(400);
    expect(percent.body.field).toBe('discount_amount');
    const fixed = await writer.post<ErrorAnswer>('venues/demo/coupons', {
      code: 'BAD2',
      ...settings({ discount_type: 'fixed', discount_amount: 0 }),
    });
    expect(fixed.body.field).toBe('discount_amount');
    const coverage = await writer.post<ErrorAnswer>('venues/demo/coupons', {
      code: 'BAD3',
      ...settings({ coverage_to: addDays(today, -1) }),
    });
    expect(coverage.body.field).toBe('coverage_to');
    const [foreign] = await rows<{ id: number }>(
      ctx.db,
      sql`select p.id from products p join sites s on s.id = p.site_id where s.code <> 'demo' limit 1`,
    );
    const products = await writer.post<ErrorAnswer>('venues/demo/coupons', {
      code: 'BAD4',
      ...settings({ product_ids: [foreign?.id ?? 1] }),
    });
    expect(products.status).toBe(400);
    expect(products.body.field).toBe('product_ids');
    const code = await writer.post<ErrorAnswer>('venues/demo/coupons', { code: 'two words', ...settings() });
    expect(code.body.field).toBe('code');
    const count = await writer.post<ErrorAnswer>('venues/demo/coupons/batches', { prefix: 'BIG', count: 10_001, ...settings() });
    expect(count.body.field).toBe('count');

    // The demo seed's DMO10OFF, typed as a visitor might.
    const taken = await writer.post<ErrorAnswer>('venues/demo/coupons', { code: 'dmo10off', ...settings() });
    expect(taken.status).toBe(409);
    expect(taken.body.field).toBe('code');
    expect(await auditCount()).toBe(before);
  });

  it('generates 50 codes of a prefix, all different, one of them usable in the shop, audited once', async () => {
    const writer = await memberWith(['catalogue:write']);
    const before = await auditCount();
    const made = await writer.post<CouponBatch>('venues/demo/coupons/batches', {
      prefix: 'fifty',
      count: 50,
      ...settings({ discount_type: 'fixed', discount_amount: 500, usage_limit: 1 }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ count: 50, prefix: 'FIFTY' });
    expect(made.body.batch).toMatch(/^FIFTY@\d{4}-\d{2}-\d{2}T/);
    const codes = await rows<{ code: string; batch: string }>(
      ctx.db,
      sql`select code, batch from coupons where batch = ${made.body.batch}`,
    );
    expect(codes).toHaveLength(50);
    expect(new Set(codes.map((c) => c.code)).size).toBe(50);
    for (const { code } of codes) expect(code).toMatch(new RegExp(`^FIFTY-${suffixPattern}$`));
    expect(await auditCount()).toBe(before + 1);

    const listed = await writer.get<CouponPage>(`venues/demo/coupons?batch=${encodeURIComponent(made.body.batch)}&limit=20`);
    expect(listed.body.total).toBe(50);
    expect(listed.body.coupons).toHaveLength(20);
    expect(listed.body.next_before).not.toBeNull();
    const next = await writer.get<CouponPage>(
      `venues/demo/coupons?batch=${encodeURIComponent(made.body.batch)}&limit=20&before=${listed.body.next_before}`,
    );
    expect(next.body.coupons.map((c) => c.id).some((id) => listed.body.coupons.some((c) => c.id === id))).toBe(false);

    const { api, token, order } = await readyOrder();
    const applied = await api.post<{ coupon_discount: number }>(`ordercoupons/${token}`, {
      coupon: codes[7]?.code.toLowerCase(),
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.coupon_discount).toBe(Math.min(500, order.subtotal));
  });

  it('generates 2,000 codes in one go, all different and matching the prefix', async () => {
    const writer = await memberWith(['catalogue:write']);
    const made = await writer.post<CouponBatch>('venues/demo/coupons/batches', {
      prefix: 'BULK_2K',
      count: 2000,
      ...settings({ is_invitation: true, campaign: 'bulk' }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.count).toBe(2000);
    const [stats] = await rows<{ n: number; distinct_codes: number; matching: number }>(
      ctx.db,
      sql`select count(*)::int as n, count(distinct upper(code))::int as distinct_codes,
            count(*) filter (where code ~ ${`^BULK_2K-${suffixPattern}$`})::int as matching
          from coupons where batch = ${made.body.batch}`,
    );
    expect(stats).toEqual({ n: 2000, distinct_codes: 2000, matching: 2000 });
  });

  it('exports coupons as CSV a spreadsheet reads: BOM, UTF-8, an attachment, formulas made text', async () => {
    const writer = await memberWith(['catalogue:write']);
    const made = await writer.post<CouponBatch>('venues/demo/coupons/batches', {
      prefix: 'CSV',
      count: 3,
      ...settings({ name: { ja: '=HYPERLINK("http://evil")', en: '@SUM(A1)' }, usage_limit: 9 }),
    });
    expect(made.status).toBe(201);
    const reader = await memberWith(['catalogue:read']);
    const cookie = [...reader.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await server.app.inject({
      method: 'GET',
      url: `/console/api/v1/venues/demo/coupons/export.csv?batch=${encodeURIComponent(made.body.batch)}&lang=ja`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="coupons-demo-CSV-[0-9A-Za-z_-]+\.csv"$/);
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString('utf8').trimEnd().split('\r\n');
    // Headings and values in the language the console asks in, the days' and times' zone named.
    expect(lines[0]).toBe(
      'コード,名称,割引,対象の来場日 (Asia/Tokyo),コードの受付期限 (Asia/Tokyo),利用上限,利用回数,有効・無効,バッチ,状態',
    );
    expect(lines).toHaveLength(4);
    for (const line of lines.slice(1)) {
      expect(line).toMatch(new RegExp(`^CSV-${suffixPattern},"'=HYPERLINK\\(""http://evil""\\)",20%,`));
      expect(line).toContain(',9,0,有効,');
      expect(line).toMatch(/,有効$/);
    }
    const english = await server.app.inject({
      method: 'GET',
      url: `/console/api/v1/venues/demo/coupons/export.csv?batch=${encodeURIComponent(made.body.batch)}&lang=en`,
      headers: { cookie },
    });
    expect(english.rawPayload.subarray(3).toString('utf8').split('\r\n')[1]).toContain(",'@SUM(A1),");
    // Each file that left is in the audit log: a staff member took it, and which coupons it held.
    const entries = await rows<{ actor_type: string; venue_code: string; changes: unknown }>(
      ctx.db,
      sql`select actor_type, venue_code, changes from audit_log
          where object_type = 'coupons' and action = 'exported' and changes->'filters'->>'batch' = ${made.body.batch}
          order by id`,
    );
    const entry = { actor_type: 'staff', venue_code: 'demo', changes: { format: 'csv', filters: { batch: made.body.batch } } };
    expect(entries).toEqual([entry, entry]);
  });

  it('words the coupon export’s headings, whether deactivated and the status now in the console’s language, else the member’s, and keeps keys for machines', async () => {
    const writer = await memberWith(['catalogue:write']);
    const made = await writer.post<CouponBatch>('venues/demo/coupons/batches', { prefix: 'WORDS', count: 3, ...settings() });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // One deactivated, one past its expiry, one still taken.
    const codes = (
      await rows<{ code: string }>(ctx.db, sql`select code from coupons where batch = ${made.body.batch} order by code`)
    ).map((row) => row.code);
    await ctx.db.execute(sql`update coupons set is_active = false where code = ${codes[0]}`);
    await ctx.db.execute(sql`update coupons set expires_at = app_now() - interval '1 minute' where code = ${codes[1]}`);
    const reader = await memberWith(['catalogue:read']);
    const cookie = [...reader.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const exported = async (query: string) => {
      const response = await server.app.inject({
        method: 'GET',
        url: `/console/api/v1/venues/demo/coupons/export.csv?batch=${encodeURIComponent(made.body.batch)}${query}`,
        headers: { cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      const [headings, ...records] = parseCsv(response.rawPayload.subarray(3).toString('utf8')) as string[][];
      const byCode = new Map(records.map((record) => [record[0], [record[7], record[9]]]));
      return { headings, values: codes.map((code) => byCode.get(code)) };
    };
    // The member's own language (Japanese) when the console names none.
    expect(await exported('')).toEqual({
      headings: [
        'コード',
        '名称',
        '割引',
        '対象の来場日 (Asia/Tokyo)',
        'コードの受付期限 (Asia/Tokyo)',
        '利用上限',
        '利用回数',
        '有効・無効',
        'バッチ',
        '状態',
      ],
      values: [
        ['無効化済み', '無効化済み'],
        ['有効', '期限切れ'],
        ['有効', '有効'],
      ],
    });
    expect(await exported('&lang=en')).toEqual({
      headings: [
        'Code',
        'Name',
        'Discount',
        'Visit dates (Asia/Tokyo)',
        'Code accepted until (Asia/Tokyo)',
        'Usage limit',
        'Used',
        'Active or deactivated',
        'Batch',
        'Status',
      ],
      values: [
        ['Deactivated', 'Deactivated'],
        ['Active', 'Expired'],
        ['Active', 'Active'],
      ],
    });
    expect((await exported('&lang=zh-hant')).values).toEqual([
      ['已停用', '已停用'],
      ['有效', '已過期'],
      ['有效', '有效'],
    ]);
    expect(await exported('&lang=ja&headings=keys')).toEqual({
      headings: [
        'code',
        'name',
        'discount',
        'coverage (Asia/Tokyo)',
        'expiry (Asia/Tokyo)',
        'limit',
        'used',
        'active',
        'batch',
        'status',
      ],
      values: [
        ['no', 'inactive'],
        ['yes', 'expired'],
        ['yes', 'active'],
      ],
    });
    const bad = await reader.get<{ field?: string }>('venues/demo/coupons/export.csv?headings=columns');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('headings');
  });

  it('streams an export of 10,000 coupons', async () => {
    const writer = await memberWith(['catalogue:write']);
    const made = await writer.post<CouponBatch>('venues/demo/coupons/batches', { prefix: 'TENK', count: 10_000, ...settings() });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const cookie = [...writer.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await server.app.inject({
      method: 'GET',
      url: `/console/api/v1/venues/demo/coupons/export.csv?batch=${encodeURIComponent(made.body.batch)}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const lines = response.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(10_001);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(10_000);
  }, 120_000);

  it('refuses a usage limit below the uses made, and a deactivated coupon is refused by the shop until reactivated', async () => {
    const writer = await memberWith(['catalogue:write']);
    const created = await writer.post<Coupon>('venues/demo/coupons', { code: 'LIMITED', ...settings({ usage_limit: 10 }) });
    expect(created.status).toBe(201);
    await ctx.db.execute(sql`update coupons set used_count = 4 where id = ${created.body.id}`);
    const before = await auditCount();
    const lowered = await writer.patch<ErrorAnswer>(`venues/demo/coupons/${created.body.id}`, { usage_limit: 3 });
    expect(lowered.status).toBe(400);
    expect(lowered.body.field).toBe('usage_limit');
    expect(await auditCount()).toBe(before);
    const atUsed = await writer.patch<Coupon>(`venues/demo/coupons/${created.body.id}`, { usage_limit: 4 });
    expect(atUsed.status).toBe(200);
    expect(atUsed.body.status).toBe('used_up');
    expect((await writer.get<CouponPage>('venues/demo/coupons?status=used_up&q=LIMITED')).body.total).toBe(1);

    const raised = await writer.patch<Coupon>(`venues/demo/coupons/${created.body.id}`, { usage_limit: null });
    expect(raised.body.status).toBe('active');
    const off = await writer.patch<Coupon>(`venues/demo/coupons/${created.body.id}`, { is_active: false });
    expect(off.body.status).toBe('inactive');
    const [entry] = await rows<{ action: string; changes: Record<string, unknown> }>(
      ctx.db,
      sql`select action, changes from audit_log where object_type = 'coupon' order by id desc limit 1`,
    );
    expect(entry).toEqual({ action: 'deactivated', changes: { code: 'LIMITED', is_active: { from: true, to: false } } });
    expect((await writer.get<CouponPage>('venues/demo/coupons?status=inactive&q=LIMITED')).body.total).toBe(1);

    const { api, token } = await readyOrder();
    expect((await api.post<ErrorAnswer>(`ordercoupons/${token}`, { coupon: 'LIMITED' })).body.error).toBe('coupon not available');
    await writer.patch(`venues/demo/coupons/${created.body.id}`, { is_active: true });
    expect((await api.post(`ordercoupons/${token}`, { coupon: 'LIMITED' })).status).toBe(200);

    const dates = await writer.patch<ErrorAnswer>(`venues/demo/coupons/${created.body.id}`, {
      coverage_from: addDays(today, 90),
    });
    expect(dates.status).toBe(400);
    expect(dates.body.field).toBe('coverage_from');
    expect((await writer.patch(`venues/demo/coupons/999999`, { is_active: false })).status).toBe(404);
  });

  it('writes nothing when the audit entry cannot be written: the change and its entry are one transaction', async () => {
    const writer = await memberWith(['catalogue:write']);
    // A trigger makes the audit insert fail for coupons, as a broken audit write would.
    await ctx.db.execute(sql`
      create or replace function refuse_coupon_audit() returns trigger language plpgsql as $$
      begin
        if new.object_type in ('coupon', 'coupon batch') then raise exception 'audit refused'; end if;
        return new;
      end $$`);
    await ctx.db.execute(sql`create trigger refuse_coupon_audit before insert on audit_log
      for each row execute function refuse_coupon_audit()`);
    try {
      const one = await writer.post('venues/demo/coupons', { code: 'NO-AUDIT', ...settings() });
      expect(one.status).toBe(500);
      const batch = await writer.post('venues/demo/coupons/batches', { prefix: 'NOAUDIT', count: 20, ...settings() });
      expect(batch.status).toBe(500);
      const [left] = await rows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from coupons where code = 'NO-AUDIT' or code like 'NOAUDIT-%'`,
      );
      expect(left?.n).toBe(0);
    } finally {
      await ctx.db.execute(sql`drop trigger refuse_coupon_audit on audit_log`);
      await ctx.db.execute(sql`drop function refuse_coupon_audit()`);
    }
  });
});
