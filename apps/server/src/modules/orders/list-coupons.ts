/** Reading a venue's coupons for the console: a page of them (newest first, paged by id), one, or all for an export. */

import type { Coupon, CouponFilters, CouponListQuery, CouponPage } from '@storefront/domain/console/coupons';
import { and, asc, count, desc, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { couponConditions, couponOf } from './coupon-rows.ts';
import type { CouponRow } from './orders.repository.ts';
import { coupons } from './orders.schema.ts';

export async function listCoupons(db: Database, siteId: number, query: CouponListQuery, now = clock.now()): Promise<CouponPage> {
  const matching = couponConditions(siteId, query, now);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(query.before === undefined ? matching : and(matching, lt(coupons.id, query.before)))
      .orderBy(desc(coupons.id))
      .limit(query.limit + 1),
    db.select({ total: count() }).from(coupons).where(matching),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    coupons: page.map((row) => couponOf(row, now)),
    total: counted?.total ?? 0,
    next_before: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

export async function findCoupon(db: Database, siteId: number, id: number, now = clock.now()): Promise<Coupon | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.siteId, siteId), eq(coupons.id, id)));
  return row ? couponOf(row, now) : null;
}

/** Every matching coupon in the order they were made, read a thousand at a time so an export streams. */
export async function* couponsForExport(
  db: Database,
  siteId: number,
  filters: CouponFilters,
  now = clock.now(),
): AsyncGenerator<CouponRow[]> {
  const matching = couponConditions(siteId, filters, now);
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(coupons)
      .where(and(matching, gt(coupons.id, after)))
      .orderBy(asc(coupons.id))
      .limit(1000);
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)?.id ?? after;
    if (rows.length < 1000) return;
  }
}
