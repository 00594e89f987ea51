/**
 * Generating a batch of coupons: N codes of a prefix and a random suffix, each with the same
 * settings, inserted as one statement in the caller's transaction. Suffixes come from
 * `crypto.randomInt` over an alphabet without look-alike characters (no 0/O, 1/I/L), so a printed
 * code can be typed back; a suffix that collides with a code already there is drawn again.
 */

import { randomInt } from 'node:crypto';
import {
  COUPON_CODE_ALPHABET,
  COUPON_SUFFIX_LENGTH,
  type CouponBatch,
  type NewCouponBatchBody,
} from '@storefront/domain/console/coupons';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { specError } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import { checkCouponProducts, couponValues } from './create-coupon.ts';

/** More rounds than a collision would ever need: 31⁸ suffixes against at most tens of thousands used. */
const MAX_ROUNDS = 5;

function randomSuffix(length = COUPON_SUFFIX_LENGTH): string {
  let suffix = '';
  for (let i = 0; i < length; i++) suffix += COUPON_CODE_ALPHABET[randomInt(COUPON_CODE_ALPHABET.length)];
  return suffix;
}

/** A batch is named by its prefix and the moment it was made: `SPRING@2025-05-01T10:00:00.000Z`. */
const batchName = (prefix: string, at: Date) => `${prefix}@${at.toISOString()}`;

/** An array as one text parameter (codes and channels hold no commas), read back by `string_to_array`. */
const textArray = (values: readonly string[]) => sql`string_to_array(${values.join(',')}, ',')::text[]`;

export async function generateCoupons(
  tx: Database,
  siteId: number,
  input: NewCouponBatchBody,
  now = clock.now(),
): Promise<CouponBatch> {
  await checkCouponProducts(tx, siteId, input.product_ids);
  const batch = batchName(input.prefix, now);
  const values = couponValues(siteId, input);
  // Codes the shop would already take for this prefix (it ignores case), so no suffix repeats one.
  const taken = new Set(
    (
      await rows<{ code: string }>(
        tx,
        sql`select upper(code) as code from coupons where site_id = ${siteId} and starts_with(upper(code), ${`${input.prefix}-`})`,
      )
    ).map((row) => row.code),
  );
  let made = 0;
  for (let round = 0; round < MAX_ROUNDS && made < input.count; round++) {
    const codes = new Set<string>();
    while (codes.size < input.count - made) {
      const code = `${input.prefix}-${randomSuffix()}`;
      if (!taken.has(code)) codes.add(code);
    }
    const list = [...codes];
    // One statement for the whole round; a code another request inserted meanwhile is skipped and drawn again.
    const inserted = await rows<{ code: string }>(
      tx,
      sql`insert into coupons (site_id, code, name, discount_type, discount_amount, coverage_from, coverage_to,
            expires_at, channels, usage_limit, product_ids, is_invitation, campaign, batch)
          select ${siteId}, code, ${JSON.stringify(values.name)}::jsonb, ${values.discountType}, ${values.discountAmount},
            ${values.coverageFrom}::date, ${values.coverageTo}::date, ${values.expiresAt.toISOString()}::timestamptz,
            ${textArray(values.channels)}, ${values.usageLimit}::integer,
            ${values.productIds === null ? sql`null` : sql`${textArray(values.productIds.map(String))}::integer[]`},
            ${values.isInvitation}, ${values.campaign}, ${batch}
          from unnest(${textArray(list)}) as code
          on conflict (site_id, code) do nothing
          returning code`,
    );
    made += inserted.length;
    for (const code of list) taken.add(code);
  }
  if (made < input.count)
    throw specError('conflict', { field: 'prefix', message: 'could not find enough unused codes; try again' });
  return { batch, count: made, prefix: input.prefix };
}
