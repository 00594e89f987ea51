/**
 * Loads the demo catalogue of `seed/` and keeps its time slots running ahead of today,
 * so a demo never goes stale.
 */
import { NewCouponBody, NewPromotionBody } from '@storefront/domain/console/coupons';
import { NewProductBody } from '@storefront/domain/console/products';
import { PaymentMethodEntry } from '@storefront/domain/console/venue-settings';
import { LANGUAGE_CODES, PAYMENT_PROVIDERS } from '@storefront/domain/constants';
import { DEFAULT_DATE_CHANGE_SETTINGS } from '@storefront/domain/date-change';
import { addDays, todayIn } from '@storefront/domain/dates';
import { buildFieldTemplates } from '@storefront/seed/field-templates';
import { languageSeeds } from '@storefront/seed/languages';
import { siteSeeds } from '@storefront/seed/sites';
import { baseTexts } from '@storefront/seed/texts';
import type { SiteSeed } from '@storefront/seed/types';
import { count, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords.ts';
import { configurations, fieldTemplates, siteLanguages, texts } from '../modules/catalog/catalog.schema.ts';
import { createProduct } from '../modules/catalog/create-product.ts';
import { replacePaymentMethods } from '../modules/catalog/venue-payment-methods.ts';
import { createPromotion } from '../modules/membership/manage-promotions.ts';
import { members } from '../modules/membership/membership.schema.ts';
import { createCoupon } from '../modules/orders/create-coupon.ts';
import { sites } from '../modules/sites/sites.schema.ts';
import type { Database } from './client.ts';

/** How far ahead the demo catalogue has time slots. */
export const SLOT_HORIZON_DAYS = 90;
/** The demo member of every site with membership login. */
export const DEMO_MEMBER = { email: 'member@example.com', password: 'storefront-demo' } as const;
const DEMO_TIME_ZONE = 'Asia/Tokyo';
const INSERT_BATCH = 1_000;

export type SeedOptions = {
  /** Venue-local today; defaults to the real today. */
  today?: string;
  days?: number;
  /** Load only these variants (tests use a few to stay quick). */
  variants?: readonly string[];
};

export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(sites);
  return (row?.n ?? 0) === 0;
}

/** Writes every seed site in one transaction, then generates slots. Run on an empty database. */
export async function seedCatalogue(db: Database, options: SeedOptions = {}): Promise<{ sites: number }> {
  const today = options.today ?? todayIn(DEMO_TIME_ZONE);
  const chosen = options.variants ? siteSeeds.filter((site) => options.variants?.includes(site.variant)) : siteSeeds;
  await db.transaction(async (tx) => {
    for (const [position, site] of chosen.entries()) {
      await insertSite(tx as unknown as Database, site, position, today);
    }
  });
  await topUpCatalogue(db, { today, days: options.days ?? SLOT_HORIZON_DAYS });
  return { sites: chosen.length };
}

async function insertSite(db: Database, site: SiteSeed, position: number, today: string): Promise<void> {
  const [row] = await db
    .insert(sites)
    .values({
      variant: site.variant,
      code: site.code,
      kind: site.kind,
      position,
      currency: 'JPY',
      timeZone: DEMO_TIME_ZONE,
      isStartMailConfirmOnly: site.isStartMailConfirmOnly,
      mailConfirm: { customerEmailConfirm: true, confirmByMail: site.isStartMailConfirmOnly },
      hasMembershipLogin: site.hasMembershipLogin,
      pageTitle: site.pageTitle,
      signInFields: {
        residentAreaField: site.residentAreaField,
        residentAreaList: site.residentAreaList,
        ageBands: site.ageBands,
        genderChoices: site.genderChoices,
        noSelectValue: 'noSend',
      },
      logos: { header: null, footer: null },
      orderProcedure: site.orderProcedure,
      isCalendarColoured: site.isCalendarColoured,
      showsSmartphoneAppModal: site.showsSmartphoneAppModal,
      ticketDisplay: site.ticketDisplay,
      paymentProviderKeys: {},
      tagManagerIds: site.tagManagerIds,
      holdMinutes: site.holdMinutes,
      dateChange: site.dateChange ?? DEFAULT_DATE_CHANGE_SETTINGS,
      theme: site.theme,
      venue: { name: site.venueName, address: site.venueAddress, email: site.contactEmail, phone: site.contactPhone },
    })
    .returning({ id: sites.id });
  if (!row) throw new Error(`could not insert site ${site.variant}`);
  const siteId = row.id;

  await db.insert(siteLanguages).values(
    languageSeeds.map((language, index) => ({
      siteId,
      code: language.code,
      displayName: language.displayName,
      displayPosition: index + 1,
      isDefault: language.code === 'ja',
    })),
  );

  const textRows = LANGUAGE_CODES.flatMap((lang) =>
    Object.entries({ ...baseTexts[lang], ...site.texts[lang] }).map(([key, value]) => ({ siteId, lang, key, value })),
  );
  for (let i = 0; i < textRows.length; i += INSERT_BATCH) {
    await db.insert(texts).values(textRows.slice(i, i + INSERT_BATCH));
  }

  await db
    .insert(fieldTemplates)
    .values(buildFieldTemplates(site).map((field, index) => ({ siteId, position: index + 1, ...field })));

  // The catalogue itself is made by the operations the console calls, from the bodies the console
  // would send (parsed by the same contracts), so the demo and the console cannot drift apart.
  for (const [productPosition, product] of site.products.entries()) {
    await createProduct(
      db,
      siteId,
      NewProductBody.parse({
        key: product.key,
        position: productPosition + 1,
        type: product.type,
        sale_type: product.saleType,
        sales_channels: product.salesChannels,
        name: product.name,
        description: product.description,
        caution: product.caution,
        presented_by: product.presentedBy,
        max_per_order: product.maxPerOrder,
        options: product.options.map((option) => ({
          key: option.key,
          type: option.type,
          name: option.name,
          price: option.price,
        })),
        set_products: product.setProducts.map((setProduct) => ({
          key: setProduct.key,
          name: setProduct.name,
          description: setProduct.description,
          price: setProduct.price,
          capacity_per_slot: setProduct.capacityPerSlot,
        })),
      }),
      {
        // The demo tops its slots up by the product's own hours as days pass (`topUpCatalogue`).
        slotPattern: {
          opensAt: product.opensAt,
          closesAt: product.closesAt,
          slotMinutes: product.slotMinutes,
          slotCapacity: product.capacity,
          closedWeekdays: product.closedWeekdays,
        },
      },
    );
  }

  for (const coupon of site.coupons) {
    const coverageTo = addDays(today, coupon.coverageToDays);
    await createCoupon(
      db,
      siteId,
      NewCouponBody.parse({
        code: coupon.code,
        name: coupon.name,
        discount_type: coupon.discountType,
        discount_amount: coupon.discountAmount,
        coverage_from: addDays(today, coupon.coverageFromDays),
        coverage_to: coverageTo,
        expires_at: new Date(`${coverageTo}T23:59:59+09:00`).toISOString(),
        channels: coupon.channels,
        usage_limit: coupon.usageLimit,
        campaign: coupon.campaign,
        is_invitation: coupon.isInvitation,
      }),
    );
  }

  if (site.hasMembershipLogin) {
    // A member to try the membership login with (README: demo accounts).
    await db.insert(members).values({
      siteId,
      email: DEMO_MEMBER.email,
      passwordHash: await hashPassword(DEMO_MEMBER.password),
      name: 'Demo Member',
      residentArea: 'Japan / 日本',
      phone: '090-0000-0000',
      age: null,
      gender: null,
    });
  }

  for (const promotion of site.membershipPromotions) {
    await createPromotion(
      db,
      siteId,
      NewPromotionBody.parse({
        key: promotion.key,
        name: promotion.name,
        discount_type: promotion.discountType,
        discount_amount: promotion.discountAmount,
      }),
    );
  }

  await replacePaymentMethods(
    db,
    siteId,
    site.paymentMethods.map((method) =>
      PaymentMethodEntry.parse({ method: method.method, provider: method.provider, channels: method.channels, is_enabled: true }),
    ),
    { providers: PAYMENT_PROVIDERS },
  );

  await db
    .insert(configurations)
    .values([
      { siteId, key: 'help_url', value: `https://${site.variant}.example.com/help` },
      { siteId, key: 'exhibition_info_url', value: `https://${site.variant}.example.com/` },
      { siteId, key: 'reservation_inquiry_enabled', value: !site.isStartMailConfirmOnly },
      ...(site.showsSmartphoneAppModal
        ? [{ siteId, key: 'app_download_url', value: `https://${site.variant}.example.com/app` }]
        : []),
    ]);
}

/**
 * Makes sure every product has its time slots, and every site its calendar colours, from `today`
 * through `days` ahead. Idempotent: existing slots and their sales are left alone.
 *
 * A seeded slot starts with some places already sold (to the venue's other channels), and a
 * few slots are sold out or nearly so, so the demo shows every stock status.
 */
export async function topUpCatalogue(db: Database, options: { today?: string; days?: number } = {}): Promise<void> {
  const today = options.today ?? todayIn(DEMO_TIME_ZONE);
  const last = addDays(today, (options.days ?? SLOT_HORIZON_DAYS) - 1);
  await db.execute(sql`
    insert into product_time_spans (product_id, date, starts_at, ends_at, capacity, sold)
    select p.id,
           d.day,
           (d.day + p.opens_at::time + n.i * make_interval(mins => p.slot_minutes)) at time zone s.time_zone,
           (d.day + p.opens_at::time + (n.i + 1) * make_interval(mins => p.slot_minutes)) at time zone s.time_zone,
           p.slot_capacity,
           case
             when h.v % 100 < 4 then p.slot_capacity
             when h.v % 100 < 14 then greatest(p.slot_capacity - 1 - h.v % 4, 0)
             else p.slot_capacity * (h.v % 45) / 100
           end
    from products p
    join sites s on s.id = p.site_id
    cross join lateral (
      select g::date as day from generate_series(${today}::date, ${last}::date, interval '1 day') g
    ) d
    cross join lateral generate_series(
      0,
      greatest(((extract(epoch from (p.closes_at::time - p.opens_at::time)) / 60)::int / p.slot_minutes) - 1, 0)
    ) as n(i)
    cross join lateral (select abs(hashtext(p.id::text || '/' || d.day::text || '/' || n.i::text)) as v) h
    where not (extract(dow from d.day)::int = any(p.closed_weekdays))
    on conflict (product_id, starts_at) do nothing
  `);
  await db.execute(sql`
    insert into calendar_colors (site_id, date, color_code)
    select s.id, d.day,
           case extract(dow from d.day)::int when 0 then '#f4b6b6' when 6 then '#f4b6b6' when 5 then '#f8dca8' else '#cfe8d4' end
    from sites s
    cross join lateral (
      select g::date as day from generate_series(${today}::date, ${last}::date, interval '1 day') g
    ) d
    on conflict (site_id, date) do nothing
  `);
  await addMissingTexts(db);
}

/**
 * Texts added to the storefront since a database was seeded reach its sites with their default
 * wording; a text a site already has (its own or edited) is left as it is.
 */
export async function addMissingTexts(db: Database): Promise<void> {
  const defaults = Object.entries(baseTexts).flatMap(([lang, entries]) =>
    Object.entries(entries).map(([key, value]) => ({ lang, key, value })),
  );
  await db.execute(sql`
    insert into texts (site_id, lang, key, value)
    select s.id, t.lang, t.key, t.value
    from sites s cross join jsonb_to_recordset(${JSON.stringify(defaults)}::jsonb) as t(lang text, key text, value text)
    on conflict (site_id, lang, key) do nothing
  `);
}
