/**
 * Changing a coupon from the console: deactivating or reactivating it, its limit, dates, channels,
 * products, name or campaign. The row is locked first, so a checkout counting a use at the same
 * moment cannot slip under a lowered limit. Its code, discount and kind stay as orders used them.
 */
import { type CouponChanges, coverageProblem } from '@storefront/domain/console/coupons';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invalidField } from '../../http/errors.ts';
import { checkCouponProducts } from './create-coupon.ts';
import type { CouponRow } from './orders.repository.ts';
import { coupons } from './orders.schema.ts';

export type CouponUpdate = { before: CouponRow; after: CouponRow; changes: Record<string, { from: unknown; to: unknown }> };

/** Null when the venue has no such coupon. */
export async function updateCoupon(tx: Database, siteId: number, id: number, input: CouponChanges): Promise<CouponUpdate | null> {
  const [before] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.siteId, siteId), eq(coupons.id, id)))
    .for('update');
  if (!before) return null;
  if (input.usage_limit !== undefined && input.usage_limit !== null && input.usage_limit < before.usedCount) {
    throw invalidField('usage_limit', `must not be below the ${before.usedCount} uses already made`);
  }
  const coverageFrom = input.coverage_from ?? before.coverageFrom;
  const coverageTo = input.coverage_to ?? before.coverageTo;
  const coverage = coverageProblem(coverageFrom, coverageTo);
  if (coverage && input.coverage_to !== undefined) throw invalidField('coverage_to', coverage);
  if (coverage) throw invalidField('coverage_from', `must not be after coverage_to (${coverageTo})`);
  if (input.product_ids !== undefined) await checkCouponProducts(tx, siteId, input.product_ids);

  const set: Partial<typeof coupons.$inferInsert> = {};
  if (input.is_active !== undefined) set.isActive = input.is_active;
  if (input.name !== undefined) set.name = input.name;
  if (input.usage_limit !== undefined) set.usageLimit = input.usage_limit;
  if (input.coverage_from !== undefined) set.coverageFrom = input.coverage_from;
  if (input.coverage_to !== undefined) set.coverageTo = input.coverage_to;
  if (input.expires_at !== undefined) set.expiresAt = new Date(input.expires_at);
  if (input.channels !== undefined) set.channels = input.channels;
  if (input.product_ids !== undefined) set.productIds = input.product_ids;
  if (input.campaign !== undefined) set.campaign = input.campaign;
  const [after] = await tx.update(coupons).set(set).where(eq(coupons.id, id)).returning();
  if (!after) return null;

  const changes: CouponUpdate['changes'] = {};
  const shown = (row: CouponRow) => ({
    is_active: row.isActive,
    name: row.name,
    usage_limit: row.usageLimit,
    coverage_from: row.coverageFrom,
    coverage_to: row.coverageTo,
    expires_at: row.expiresAt.toISOString(),
    channels: row.channels,
    product_ids: row.productIds,
    campaign: row.campaign,
  });
  const from = shown(before);
  const to = shown(after);
  for (const key of Object.keys(to) as (keyof typeof to)[]) {
    if (JSON.stringify(from[key]) !== JSON.stringify(to[key])) changes[key] = { from: from[key], to: to[key] };
  }
  return { before, after, changes };
}
