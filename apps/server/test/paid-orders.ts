/**
 * Many completed orders in one slot, paid through the sandbox gateway, written as plain SQL in a
 * few statements (what thousands of checkouts would have left): each order with its admissions,
 * a captured payment and the gateway's charge for it, so a refund goes through the gateway as it
 * would for a real purchase. The slot's sold count grows by the admissions. For the slot-cancel
 * job's tests and bench.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { rows } from '../src/db/rows.ts';

const LANGS = ['ja', 'en', 'zh-hans', 'kr', 'zh-hant', 'th'];

export type PaidOrdersOptions = {
  siteId: number;
  productId: number;
  optionId: number;
  timeSpanId: number;
  count: number;
  /** Admissions per order cycle 1..maxQuantity. */
  maxQuantity?: number;
  unitPrice?: number;
  /** Every n-th order's charge refuses refunds (the sandbox's refund_fails scenario); 0 for none. */
  refusedEvery?: number;
  /** Distinguishes the orders of several calls. */
  label: string;
};

/** Answers the orders' ids. */
export async function seedPaidOrders(db: Database, o: PaidOrdersOptions): Promise<string[]> {
  const maxQuantity = o.maxQuantity ?? 3;
  const price = o.unitPrice ?? 1500;
  const refusedEvery = o.refusedEvery ?? 0;
  const made = await rows<{ id: string; quantity: number }>(
    db,
    sql`with numbered as (
          select i, md5(${o.label} || ':order:' || i)::uuid as id, 1 + (i % ${maxQuantity})::int as quantity,
                 upper(substr(md5(${o.label} || ':number:' || i), 1, 10)) as number
          from generate_series(1, ${o.count}) as i),
        made as (
          insert into orders (id, site_id, token_hash, status, channel, lang, product_id, time_span_id, quantity,
                              option_values, set_products, customer_fields, subtotal, total, expires_at, created_at,
                              updated_at, completed_at, reservation_number, reservation_token_hash)
          select n.id, ${o.siteId}::int, md5(${o.label} || ':token:' || n.i), 'completed', 'web',
                 (${`{${LANGS.join(',')}}`}::text[])[1 + (n.i % ${LANGS.length})], ${o.productId}::int, ${o.timeSpanId}::int,
                 n.quantity,
                 jsonb_build_array(jsonb_build_object('option_value_id', ${o.optionId}::int, 'quantity', n.quantity,
                                                      'unit_price', ${price}::int)),
                 '[]', jsonb_build_object('fullname', 'Visitor ' || n.i, 'email', 'visitor' || n.i || '@' || ${o.label} || '.example'),
                 ${price}::int * n.quantity, ${price}::int * n.quantity, app_now(), app_now() - interval '1 hour', app_now() - interval '1 hour',
                 app_now() - interval '1 hour', substr(n.number, 1, 5) || '-' || substr(n.number, 6, 5),
                 md5(${o.label} || ':reservation:' || n.i)
          from numbered n
          returning id, quantity, total),
        admissions as (
          insert into tickets (order_id, option_id, position, status)
          select made.id, ${o.optionId}::int, p, 'valid' from made, generate_series(1, made.quantity) as p
          returning 1),
        paid as (
          insert into payments (order_id, site_id, payment_number, attempt, idempotency_key, method, provider, amount, currency,
                                status, provider_reference, completed_at, settled_at, created_at, updated_at)
          select made.id, ${o.siteId}::int, 'pay_' || md5(made.id::text), 1, 'key_' || md5(made.id::text), 'gmo', 'sandbox',
                 made.total, 'JPY', 'captured', 'sbx_' || md5(made.id::text), app_now(), app_now(), app_now(), app_now()
          from made
          returning 1),
        charged as (
          insert into sandbox_charges (reference, idempotency_key, payment_number, method, amount, currency, scenario,
                                       challenge, status, return_url, cancel_url)
          select 'sbx_' || md5(made.id::text), 'key_' || md5(made.id::text), 'pay_' || md5(made.id::text), 'gmo', made.total,
                 'JPY',
                 case when ${refusedEvery}::int > 0 and get_byte(decode(md5(made.id::text), 'hex'), 0) % ${Math.max(refusedEvery, 1)}::int = 0
                      then 'refund_fails' else 'success' end,
                 'none', 'captured', 'http://127.0.0.1/return', 'http://127.0.0.1/cancel'
          from made
          returning 1)
        select id::text, quantity from made`,
  );
  const admissions = made.reduce((sum, m) => sum + m.quantity, 0);
  await db.execute(
    sql`update product_time_spans set sold = sold + ${admissions}, capacity = greatest(capacity, sold + held + ${admissions})
        where id = ${o.timeSpanId}`,
  );
  return made.map((m) => m.id);
}
