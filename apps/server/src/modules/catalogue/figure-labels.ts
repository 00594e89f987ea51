/**
 * The names the dashboard shows beside its figures' keys (decision 023), in the caller's language:
 * products, options and set products by id (their localized names), payment methods by id (the
 * venue's `payment_method_<id>` texts, as the shop names them).
 */
import { DEFAULT_LANGUAGE } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import { paymentMethodNames } from '@storefront/domain/payments';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { setProducts, texts } from './catalogue.schema.ts';
import { optionNames, productNames } from './catalogue-facts.ts';

export type FigureLabelKeys = { productIds: number[]; optionIds: number[]; setProductIds: number[]; methods: string[] };
export type FigureLabels = {
  products: Map<number, string>;
  options: Map<number, string>;
  setProducts: Map<number, string>;
  methods: Map<string, string>;
};

const localized = (names: Map<number, Record<string, string>>, lang: string) =>
  new Map([...names].map(([id, name]) => [id, localize(name, lang)]));

export async function figureLabels(db: Database, siteId: number, lang: string, keys: FigureLabelKeys): Promise<FigureLabels> {
  const [products, options, sets, methodTexts] = await Promise.all([
    productNames(db, keys.productIds),
    optionNames(db, keys.optionIds),
    keys.setProductIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: setProducts.id, name: setProducts.name })
          .from(setProducts)
          .where(inArray(setProducts.id, [...new Set(keys.setProductIds)])),
    keys.methods.length === 0
      ? Promise.resolve([])
      : db
          .select({ lang: texts.lang, key: texts.key, value: texts.value })
          .from(texts)
          .where(and(eq(texts.siteId, siteId), like(texts.key, 'payment_method_%'))),
  ]);
  // The caller's language where the venue has the text, else the venue's default language.
  const text = (key: string) =>
    methodTexts.find((t) => t.key === key && t.lang === lang)?.value ??
    methodTexts.find((t) => t.key === key && t.lang === DEFAULT_LANGUAGE)?.value;
  return {
    products: localized(products, lang),
    options: localized(options, lang),
    setProducts: localized(new Map(sets.map((s) => [s.id, s.name])), lang),
    methods: paymentMethodNames(keys.methods, text),
  };
}
