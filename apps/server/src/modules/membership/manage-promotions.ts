/**
 * A venue's membership promotions for the console: listing them, making one, changing one
 * (deactivating is a change of `is_active`). Members' orders get the first active one
 * (`active-promotion.ts`), read at each pricing, so nothing is cached to drop. Writes run in the
 * caller's transaction, which records the audit entry.
 */
import type { MembershipPromotion, NewPromotionBody, PromotionChanges } from '@storefront/domain/console/coupons';
import { discountProblem } from '@storefront/domain/console/coupons';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { invalidField, specError } from '../../http/errors.ts';
import { membershipPromotions } from './membership.schema.ts';

type PromotionRow = typeof membershipPromotions.$inferSelect;

const promotionOf = (row: PromotionRow, appliedId: number | null): MembershipPromotion => ({
  id: row.id,
  key: row.key,
  name: row.name,
  discount_type: row.discountType,
  discount_amount: row.discountAmount,
  is_active: row.isActive,
  is_applied: row.id === appliedId,
});

export async function listPromotions(db: Database, siteId: number): Promise<MembershipPromotion[]> {
  const rows = await db
    .select()
    .from(membershipPromotions)
    .where(eq(membershipPromotions.siteId, siteId))
    .orderBy(asc(membershipPromotions.id));
  const applied = rows.find((row) => row.isActive)?.id ?? null;
  return rows.map((row) => promotionOf(row, applied));
}

/**
 * The table has no unique key on a venue's promotion keys, so two writers are put in line by a lock
 * on the venue's promotions for the rest of the transaction before the key is checked.
 */
async function checkKeyFree(tx: Database, siteId: number, key: string, exceptId: number | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${7_245_100}, ${siteId})`);
  const [clash] = await tx
    .select({ id: membershipPromotions.id })
    .from(membershipPromotions)
    .where(
      and(
        eq(membershipPromotions.siteId, siteId),
        sql`lower(${membershipPromotions.key}) = lower(${key})`,
        exceptId === null ? undefined : ne(membershipPromotions.id, exceptId),
      ),
    )
    .limit(1);
  if (clash) throw specError('conflict', { field: 'key', message: `key ${key} is already a promotion of this venue` });
}

async function appliedId(tx: Database, siteId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: membershipPromotions.id })
    .from(membershipPromotions)
    .where(and(eq(membershipPromotions.siteId, siteId), eq(membershipPromotions.isActive, true)))
    .orderBy(asc(membershipPromotions.id))
    .limit(1);
  return row?.id ?? null;
}

export async function createPromotion(tx: Database, siteId: number, input: NewPromotionBody): Promise<MembershipPromotion> {
  await checkKeyFree(tx, siteId, input.key, null);
  const [row] = await tx
    .insert(membershipPromotions)
    .values({
      siteId,
      key: input.key,
      name: input.name,
      discountType: input.discount_type,
      discountAmount: input.discount_amount,
      isActive: input.is_active,
    })
    .returning();
  if (!row) throw new Error('the promotion was not stored');
  return promotionOf(row, await appliedId(tx, siteId));
}

export type PromotionUpdate = {
  promotion: MembershipPromotion;
  changes: Record<string, { from: unknown; to: unknown }>;
};

/** Null when the venue has no such promotion. */
export async function updatePromotion(
  tx: Database,
  siteId: number,
  id: number,
  input: PromotionChanges,
): Promise<PromotionUpdate | null> {
  const [before] = await tx
    .select()
    .from(membershipPromotions)
    .where(and(eq(membershipPromotions.siteId, siteId), eq(membershipPromotions.id, id)))
    .for('update');
  if (!before) return null;
  if (input.key !== undefined) await checkKeyFree(tx, siteId, input.key, id);
  const discountType = input.discount_type ?? before.discountType;
  const discountAmount = input.discount_amount ?? before.discountAmount;
  const problem = discountProblem(discountType, discountAmount);
  if (problem) throw invalidField('discount_amount', problem);
  const [after] = await tx
    .update(membershipPromotions)
    .set({
      ...(input.key === undefined ? {} : { key: input.key }),
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
      discountType,
      discountAmount,
    })
    .where(eq(membershipPromotions.id, id))
    .returning();
  if (!after) return null;
  const shown = (row: PromotionRow) => ({
    key: row.key,
    name: row.name,
    discount_type: row.discountType,
    discount_amount: row.discountAmount,
    is_active: row.isActive,
  });
  const from = shown(before);
  const to = shown(after);
  const changes: PromotionUpdate['changes'] = {};
  for (const key of Object.keys(to) as (keyof typeof to)[]) {
    if (JSON.stringify(from[key]) !== JSON.stringify(to[key])) changes[key] = { from: from[key], to: to[key] };
  }
  return { promotion: promotionOf(after, await appliedId(tx, siteId)), changes };
}
