/**
 * What a venue's payment methods are called in a language, for staff reading figures: the names
 * the shop shows its visitors (`paymentMethodNames`: the venue's `payment_method_<id>` texts, the
 * longer `_detail` one where two would read alike), and the venue's display order. Methods the
 * venue no longer offers (a payment taken before it was removed) are named too.
 */
import type { LanguageCode } from '@storefront/domain/constants';
import { paymentMethodNames } from '@storefront/domain/payments';
import { baseTexts } from '@storefront/seed/texts';
import { and, asc, eq, inArray, min } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentMethods, texts } from './catalogue.schema.ts';

export type PaymentMethodLabels = {
  /** The name of each method asked for and of each the venue offers. */
  labels: Map<string, string>;
  /** The venue's methods in its display order; methods it no longer offers are not in it. */
  order: string[];
};

export async function paymentMethodLabels(
  db: Database,
  siteId: number,
  lang: LanguageCode,
  methods: readonly string[],
): Promise<PaymentMethodLabels> {
  const offered = await db
    .select({ method: paymentMethods.method, position: min(paymentMethods.position) })
    .from(paymentMethods)
    .where(eq(paymentMethods.siteId, siteId))
    .groupBy(paymentMethods.method)
    .orderBy(asc(min(paymentMethods.position)), asc(paymentMethods.method));
  const order = offered.map((row) => row.method);
  const all = [...new Set([...order, ...methods])];
  const keys = all.flatMap((method) => [`payment_method_${method}`, `payment_method_${method}_detail`]);
  const own =
    keys.length === 0
      ? []
      : await db
          .select({ key: texts.key, value: texts.value })
          .from(texts)
          .where(and(eq(texts.siteId, siteId), eq(texts.lang, lang), inArray(texts.key, keys)));
  const venueTexts = new Map(own.filter((row) => row.value.trim() !== '').map((row) => [row.key, row.value]));
  const shared = baseTexts[lang];
  const labels = paymentMethodNames(all, (key) => venueTexts.get(key) ?? (Object.hasOwn(shared, key) ? shared[key] : undefined));
  return { labels, order };
}
