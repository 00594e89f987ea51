/**
 * Making one coupon with a code chosen by staff (the console, the demo seed). Runs in the caller's
 * transaction, which records the audit entry; the shop reads coupons straight from the table, so
 * nothing is cached to drop.
 */
import type { CouponSettings, NewCouponBody } from '@storefront/domain/console/coupons';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invalidField, specError } from '../../http/errors.ts';
import { findProductById } from '../catalogue/catalogue-facts.ts';
import type { CouponRow } from './orders.repository.ts';
import { coupons } from './orders.schema.ts';

/** Refuses, naming `product_ids`, a product that is not the venue's. */
export async function checkCouponProducts(db: Database, siteId: number, productIds: number[] | null): Promise<void> {
  for (const id of productIds ?? []) {
    const product = await findProductById(db, id);
    if (!product || product.siteId !== siteId)
      throw invalidField('product_ids', `lists ${id}, which is not a product of this venue`);
  }
}

/** The columns a coupon's settings fill, the same for one coupon and a batch. */
export function couponValues(siteId: number, settings: CouponSettings) {
  return {
    siteId,
    name: settings.name,
    discountType: settings.discount_type,
    discountAmount: settings.discount_amount,
    coverageFrom: settings.coverage_from,
    coverageTo: settings.coverage_to,
    expiresAt: new Date(settings.expires_at),
    channels: settings.channels,
    usageLimit: settings.usage_limit,
    productIds: settings.product_ids,
    isInvitation: settings.is_invitation,
    campaign: settings.campaign,
  };
}

/** Whether the venue has a coupon the shop would take for `code` (the shop ignores case). */
async function isCodeTaken(db: Database, siteId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.siteId, siteId), sql`upper(${coupons.code}) = upper(${code})`))
    .limit(1);
  return row !== undefined;
}

export async function createCoupon(tx: Database, siteId: number, input: NewCouponBody): Promise<CouponRow> {
  await checkCouponProducts(tx, siteId, input.product_ids);
  if (await isCodeTaken(tx, siteId, input.code)) {
    throw specError('conflict', { field: 'code', message: `code ${input.code} is already a coupon of this venue` });
  }
  // Two staff making the same code at once: the unique key refuses the second, and nothing is written.
  const [row] = await tx
    .insert(coupons)
    .values({ ...couponValues(siteId, input), code: input.code })
    .onConflictDoNothing({ target: [coupons.siteId, coupons.code] })
    .returning();
  if (!row) throw specError('conflict', { field: 'code', message: `code ${input.code} is already a coupon of this venue` });
  return row;
}
