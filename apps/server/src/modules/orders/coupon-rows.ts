/** Coupons as the console reads them: a row to the console's `Coupon`, and the filters of its list and export. */
import { type Coupon, type CouponFilters, couponStatus } from '@storefront/domain/console/coupons';
import { and, eq, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { CouponRow } from './orders.repository.ts';
import { coupons } from './orders.schema.ts';

export function couponOf(row: CouponRow, now: Date): Coupon {
  const coupon = {
    id: row.id,
    code: row.code,
    name: row.name,
    discount_type: row.discountType,
    discount_amount: row.discountAmount,
    coverage_from: row.coverageFrom,
    coverage_to: row.coverageTo,
    expires_at: row.expiresAt.toISOString(),
    channels: row.channels,
    usage_limit: row.usageLimit,
    used_count: row.usedCount,
    product_ids: row.productIds ?? null,
    is_invitation: row.isInvitation,
    campaign: row.campaign,
    is_active: row.isActive,
    batch: row.batch,
    created_at: row.createdAt.toISOString(),
  };
  return { ...coupon, status: couponStatus(coupon, now) };
}

/** `%` and `_` in what staff type are letters to find, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const usedUp = sql`(${coupons.usageLimit} is not null and ${coupons.usedCount} >= ${coupons.usageLimit})`;

/** The conditions of a venue's coupons matching the filters, as the status rules of `couponStatus` read them. */
export function couponConditions(siteId: number, filters: CouponFilters, now: Date): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(coupons.siteId, siteId)];
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(
      or(
        sql`${coupons.code} ilike ${pattern}`,
        sql`${coupons.batch} ilike ${pattern}`,
        sql`exists (select 1 from jsonb_each_text(${coupons.name}) as n where n.value ilike ${pattern})`,
      ),
    );
  }
  if (filters.batch !== undefined) conditions.push(eq(coupons.batch, filters.batch));
  switch (filters.status) {
    case 'inactive':
      conditions.push(eq(coupons.isActive, false));
      break;
    case 'expired':
      conditions.push(eq(coupons.isActive, true), lte(coupons.expiresAt, now));
      break;
    case 'used_up':
      conditions.push(eq(coupons.isActive, true), gt(coupons.expiresAt, now), usedUp);
      break;
    case 'active':
      conditions.push(eq(coupons.isActive, true), gt(coupons.expiresAt, now), sql`not ${usedUp}`);
      break;
    default:
      break;
  }
  return and(...conditions);
}
