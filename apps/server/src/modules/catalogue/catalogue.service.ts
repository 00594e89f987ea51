/**
 * The catalogue read path. Answers are cached as serialised bytes: site content for a few
 * seconds, availability for under a second, so stock shown is never more than a second old.
 */

import {
  CalendarColors,
  Configuration,
  FieldTemplate,
  Gtm,
  Language,
  OrderableStock,
  PaymentMethods,
  Product,
  ProductStocks,
  ProductsSearch2Result,
  ProductsSearchResult,
  SetProductsSearchResult,
  StockStatuses,
  Texts,
} from '@storefront/domain/api/catalogue';
import type { SignageBoard } from '@storefront/domain/api/signage';
import type { LanguageCode, PaymentMethodId, PaymentProviderId, ProductType, SalesChannel } from '@storefront/domain/constants';
import { addDays, todayIn } from '@storefront/domain/dates';
import { localize } from '@storefront/domain/localize';
import { paymentMethodNames } from '@storefront/domain/payments';
import { dayStatus, remainingOf } from '@storefront/domain/stock';
import { baseTexts } from '@storefront/seed/texts';
import type { z } from 'zod';
import type { AppMode } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import { createMicroCache } from '../../lib/micro-cache.ts';
import type { Site } from '../sites/site.ts';
import * as repo from './catalogue.repository.ts';
import { listFieldTemplates } from './catalogue-facts.ts';
import { HERO_IMAGE_KEY } from './hero-image.ts';
import { findImages, localizedShopImageOf } from './image-views.ts';
import { productsOf, productTimeSpans, toTimeSpan } from './list-products.ts';

const CONTENT_TTL_MS = 5_000;
/** Under the one-second staleness budget for availability, leaving room for the load itself. */
const AVAILABILITY_TTL_MS = 800;

type Lang = string;

/** The keys a provider's script in the visitor's browser loads with; a merchant account stays on the server. */
const BROWSER_KEYS: Record<string, readonly string[]> = { stripe: ['publishableKey'], adyen: ['clientKey'] };

function browserKeys(keys: Record<string, Record<string, string>>): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(BROWSER_KEYS).flatMap(([provider, names]) => {
      const kept = Object.fromEntries(names.flatMap((name) => (keys[provider]?.[name] ? [[name, keys[provider][name]]] : [])));
      return Object.keys(kept).length > 0 ? [[provider, kept]] : [];
    }),
  );
}

export function createCatalogueService(db: Database, options: { appMode: AppMode }) {
  const content = createMicroCache({ ttlMs: CONTENT_TTL_MS, max: 2_000 });
  const availability = createMicroCache({ ttlMs: AVAILABILITY_TTL_MS, max: 10_000 });

  /** Parses with the contract before caching, so a cached answer always matches it. */
  const cached = <S extends z.ZodType>(cache: typeof content, key: string, schema: S, load: () => Promise<z.input<S>>) =>
    cache.get(key, async () => schema.parse(await load()));

  return {
    languages: (site: Site) =>
      cached(content, `langs:${site.id}`, Language.array(), async () =>
        (await repo.listLanguages(db, site.id)).map((l) => ({
          id: l.code as z.infer<typeof Language>['id'],
          display_name: l.displayName,
          display_position: l.displayPosition,
          is_default: l.isDefault,
        })),
      ),

    fieldTemplates: (site: Site) =>
      cached(content, `fields:${site.id}`, FieldTemplate.array(), async () =>
        (await listFieldTemplates(db, site.id)).map((f) => ({
          fieldName: f.fieldName,
          isDisplay: f.isDisplay,
          isRequired: f.isRequired,
          type: f.type,
          choices: f.choices,
          choiceList: f.choiceList,
        })),
      ),

    configuration: (site: Site) =>
      cached(content, `config:${site.id}`, Configuration, async () => {
        const values = await repo.listConfigurationValues(db, site.id);
        const heroId = values.find((v) => v.key === HERO_IMAGE_KEY)?.value;
        const hero = typeof heroId === 'string' ? (await findImages(db, site.id, [heroId])).get(heroId) : undefined;
        return {
          siteCode: site.code,
          variant: site.variant,
          kind: site.kind,
          appMode: options.appMode,
          currency: site.currency,
          timeZone: site.timeZone,
          isStartMailConfirmOnly: site.isStartMailConfirmOnly,
          mailConfirm: site.mailConfirm,
          hasMembershipLogin: site.hasMembershipLogin,
          pageTitle: site.pageTitle,
          signInFields: site.signInFields,
          logos: site.logos,
          orderProcedure: site.orderProcedure,
          isCalendarColoured: site.isCalendarColoured,
          showsSmartphoneAppModal: site.showsSmartphoneAppModal,
          ticketDisplay: site.ticketDisplay,
          paymentProviderKeys: browserKeys(site.paymentProviderKeys),
          tagManagerIds: site.tagManagerIds,
          holdMinutes: site.holdMinutes,
          lowStockThreshold: site.lowStockThreshold,
          theme: site.theme,
          venue: site.venue,
          heroImage: hero ? localizedShopImageOf(hero) : null,
          values: Object.fromEntries(values.map((v) => [v.key, v.value])),
        };
      }),

    // The venue's own texts over the shared ones: a key added to the shop after the venue was set
    // up reads as its shared text, not as the bare key, until the venue words it itself.
    texts: (site: Site, lang: Lang) =>
      cached(content, `texts:${site.id}:${lang}`, Texts, async () => ({
        ...(Object.hasOwn(baseTexts, lang) ? baseTexts[lang as LanguageCode] : {}),
        ...Object.fromEntries((await repo.listTexts(db, site.id, lang)).map((t) => [t.key, t.value])),
      })),

    products: (site: Site, lang: Lang) =>
      cached(content, `products:${site.id}:${lang}`, Product.array(), () => productsOf(db, site, lang)),

    search: (
      site: Site,
      q: { from: string; to: string; lang: Lang; product_uuid?: string | undefined; product_type?: ProductType | undefined },
    ) =>
      cached(
        availability,
        `search:${site.id}:${q.from}:${q.to}:${q.lang}:${q.product_uuid ?? ''}:${q.product_type ?? ''}`,
        ProductsSearchResult,
        () =>
          productTimeSpans(db, site, q.lang, {
            from: q.from,
            to: q.to,
            ...(q.product_uuid ? { productUuid: q.product_uuid } : {}),
            ...(q.product_type ? { productType: q.product_type } : {}),
          }),
      ),

    search2: (site: Site, q: { date: string; lang: Lang }) =>
      cached(availability, `search2:${site.id}:${q.date}:${q.lang}`, ProductsSearch2Result, () =>
        productTimeSpans(db, site, q.lang, { from: q.date, to: q.date }),
      ),

    stocks: (site: Site, q: { date: string; product_id: number; lang: Lang }) =>
      cached(availability, `stocks:${site.id}:${q.product_id}:${q.date}`, ProductStocks, async () => {
        const product = (await repo.listProducts(db, site.id)).find((p) => p.id === q.product_id);
        if (!product) throw specError('record not found', { message: 'product_id names no product of this site' });
        const spans = await repo.listTimeSpanStocks(db, {
          siteId: site.id,
          from: q.date,
          to: q.date,
          productIds: [product.id],
          withPrices: true,
        });
        return {
          productId: product.id,
          productUuid: product.uuid,
          date: q.date,
          lowStockThreshold: site.lowStockThreshold,
          timeSpans: spans.map((s) => toTimeSpan(site, s)),
        };
      }),

    stockStatuses: (site: Site, q: { from: string; to: string; product_uuid?: string | undefined }) =>
      cached(availability, `statuses:${site.id}:${q.from}:${q.to}:${q.product_uuid ?? ''}`, StockStatuses, async () => {
        const productRows = await repo.listProducts(db, site.id);
        const chosen = q.product_uuid ? productRows.filter((p) => p.uuid === q.product_uuid) : productRows;
        if (q.product_uuid && chosen.length === 0)
          throw specError('record not found', { message: 'product_uuid names no product of this site' });
        const spans = await repo.listTimeSpanStocks(db, {
          siteId: site.id,
          from: q.from,
          to: q.to,
          productIds: chosen.map((p) => p.id),
        });
        const days: { date: string; status: z.infer<typeof StockStatuses>[number]['status']; remaining: number }[] = [];
        for (let date = q.from; date <= q.to; date = addDays(date, 1)) {
          const slots = spans
            .filter((s) => s.date === date)
            .map((s) => ({ capacity: s.capacity, sold: s.sold, held: s.held, isOnSale: s.is_on_sale, isPast: s.is_past }));
          days.push({ date, ...dayStatus(slots, site.lowStockThreshold) });
        }
        return days;
      }),

    orderableStock: (site: Site, q: { product_time_span_id: number }) =>
      cached(availability, `orderable:${site.id}:${q.product_time_span_id}`, OrderableStock, async () => {
        const [span] = await repo.listTimeSpanStocks(db, {
          siteId: site.id,
          from: '',
          to: '',
          timeSpanIds: [q.product_time_span_id],
        });
        if (!span) throw specError('record not found', { message: 'product_time_span_id names no time slot of this site' });
        const product = (await repo.listProducts(db, site.id)).find((p) => p.id === span.product_id);
        const timeSpan = toTimeSpan(site, span);
        const orderable = timeSpan.status === 'closed' ? 0 : Math.min(timeSpan.remaining, product?.maxPerOrder ?? 0);
        return { productTimeSpanId: span.id, remaining: timeSpan.remaining, maxOrderable: orderable, status: timeSpan.status };
      }),

    setProducts: (site: Site, q: { lang: Lang; main_product_time_span_ids: number[] }) =>
      cached(
        availability,
        `setproducts:${site.id}:${q.lang}:${[...q.main_product_time_span_ids].sort((a, b) => a - b).join(',')}`,
        SetProductsSearchResult,
        async () => {
          const ids = q.main_product_time_span_ids;
          const spans = await repo.listTimeSpanStocks(db, { siteId: site.id, from: '', to: '', timeSpanIds: ids });
          const missing = ids.filter((id) => !spans.some((s) => s.id === id));
          if (missing.length > 0)
            throw specError('record not found', {
              message: `main_product_time_span_ids has no time slot ${missing.join(', ')} on this site`,
            });
          const [definitions, stocks] = await Promise.all([
            repo.listSetProducts(db, [...new Set(spans.map((s) => s.product_id))]),
            repo.listSetProductStocks(db, ids),
          ]);
          return ids.map((spanId) => {
            const span = spans.find((s) => s.id === spanId);
            return {
              mainProductTimeSpanId: spanId,
              setProducts: definitions
                .filter((d) => d.mainProductId === span?.product_id)
                .map((d) => {
                  const stock = stocks.find((s) => s.time_span_id === spanId && s.set_product_id === d.id);
                  return {
                    id: d.id,
                    uuid: d.uuid,
                    name: localize(d.name, q.lang),
                    description: localize(d.description, q.lang),
                    price: d.price,
                    remaining: remainingOf({ capacity: d.capacityPerSlot, sold: stock?.sold ?? 0, held: stock?.held ?? 0 }),
                  };
                }),
            };
          });
        },
      ),

    paymentMethods: (site: Site, q: { lang: Lang; channel: SalesChannel }) =>
      cached(content, `payments:${site.id}:${q.lang}:${q.channel}`, PaymentMethods, async () => {
        const [methods, textRows] = await Promise.all([
          repo.listPaymentMethods(db, site.id, q.channel),
          repo.listTexts(db, site.id, q.lang),
        ]);
        const label = new Map(textRows.map((t) => [t.key, t.value]));
        const names = paymentMethodNames(
          methods.map((m) => m.method),
          (key) => label.get(key),
        );
        return methods.map((m) => ({
          method: m.method as PaymentMethodId,
          provider: m.provider as PaymentProviderId,
          name: names.get(m.method) ?? m.method,
          position: m.position,
        }));
      }),

    calendarColors: (site: Site, q: { from: string; to: string }) =>
      cached(content, `colors:${site.id}:${q.from}:${q.to}`, CalendarColors, async () =>
        (await repo.listCalendarColors(db, site.id, q.from, q.to)).map((c) => ({ date: c.date, color_code: c.colorCode })),
      ),

    gtm: async (site: Site, id: string) => {
      if (!site.tagManagerIds.includes(id))
        throw specError('record not found', { message: `${id} is not a tag manager id of this site` });
      return cached(content, `gtm:${site.id}:${id}`, Gtm, async () => ({ id, dataLayerName: 'dataLayer' }));
    },

    /**
     * Today's slots still to come of every product that has slots today, with names in every
     * language, for the signage board. Not cached here: the signage hub loads it once for all of
     * a site's screens.
     */
    todayBoard: async (site: Site): Promise<Omit<SignageBoard, 'version'>> => {
      const date = todayIn(site.timeZone, clock.now());
      const productRows = await repo.listProducts(db, site.id);
      const spans = await repo.listTimeSpanStocks(db, {
        siteId: site.id,
        from: date,
        to: date,
        productIds: productRows.map((p) => p.id),
      });
      return {
        date,
        lowStockThreshold: site.lowStockThreshold,
        products: productRows
          .filter((p) => spans.some((s) => s.product_id === p.id))
          .map((p) => ({
            uuid: p.uuid,
            name: p.name,
            timeSpans: spans
              .filter((s) => s.product_id === p.id && !s.is_past)
              .map((s) => {
                const span = toTimeSpan(site, s);
                return {
                  id: span.id,
                  startTime: span.startTime,
                  endTime: span.endTime,
                  capacity: span.capacity,
                  remaining: span.remaining,
                  status: span.status,
                };
              }),
          })),
      };
    },

    /** Drops cached availability after a local write, so this process shows it at once. */
    invalidateAvailability: () => availability.clear(),

    /** Drops every cached answer after a catalogue change (products, texts, settings, slots). */
    invalidateAll: () => {
      content.clear();
      availability.clear();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
