/**
 * Loads the demo catalogue of `seed/` and keeps its time slots running ahead of today,
 * so a demo never goes stale.
 */

import { CalendarChangeBody } from '@storefront/domain/console/calendar';
import { NewCouponBody, NewPromotionBody } from '@storefront/domain/console/coupons';
import { NewProductBody } from '@storefront/domain/console/products';
import { SlotSeriesRule, WEEKDAYS } from '@storefront/domain/console/slot-series';
import { PaymentMethodEntry, VenueSettingsPatch } from '@storefront/domain/console/venue-settings';
import { type LanguageCode, PAYMENT_PROVIDERS } from '@storefront/domain/constants';
import { type DateChangeSettings, DEFAULT_DATE_CHANGE_SETTINGS } from '@storefront/domain/date-change';
import { addDays, todayIn } from '@storefront/domain/dates';
import { languageSeeds } from '@storefront/seed/languages';
import { siteSeeds } from '@storefront/seed/sites';
import { baseTexts } from '@storefront/seed/texts';
import type { ProductSeed, SiteSeed } from '@storefront/seed/types';
import { count, inArray, sql } from 'drizzle-orm';
import { clock } from '../lib/clock.ts';
import { hashPassword } from '../lib/passwords.ts';
import { applySlotSeries } from '../modules/catalogue/apply-slot-series.ts';
import { configurations } from '../modules/catalogue/catalogue.schema.ts';
import { markCatalogueChanged } from '../modules/catalogue/catalogue-changes.ts';
import { changeCalendar } from '../modules/catalogue/change-calendar.ts';
import { createProduct } from '../modules/catalogue/create-product.ts';
import { replacePaymentMethods } from '../modules/catalogue/venue-payment-methods.ts';
import { saveVenueTexts } from '../modules/catalogue/venue-texts.ts';
import { catalogueReferences } from '../modules/date-changes/catalogue-references.ts';
import { createPromotion } from '../modules/membership/manage-promotions.ts';
import { members } from '../modules/membership/membership.schema.ts';
import { createCoupon } from '../modules/orders/create-coupon.ts';
import type { Site } from '../modules/sites/site.ts';
import { sites } from '../modules/sites/sites.schema.ts';
import { createVenue } from '../modules/venue-setup/create-venue.ts';
import { updateVenueSettings } from '../modules/venue-setup/update-venue-settings.ts';
import type { Database } from './client.ts';
import { rows } from './rows.ts';

/** How far ahead the demo catalogue has time slots. */
export const SLOT_HORIZON_DAYS = 90;
/** The demo member of every site with membership login. */
export const DEMO_MEMBER = { email: 'member@example.com', password: 'storefront-demo' } as const;
/** The demo venues' time zone, whose today the seeded slots start from. */
export const DEMO_TIME_ZONE = 'Asia/Tokyo';

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

/** Writes every seed site in one transaction, with its slots from `today` for `days`. Run on an empty database. */
export async function seedCatalogue(db: Database, options: SeedOptions = {}): Promise<{ sites: number }> {
  const today = options.today ?? todayIn(DEMO_TIME_ZONE, clock.now());
  const last = addDays(today, (options.days ?? SLOT_HORIZON_DAYS) - 1);
  const chosen = options.variants ? siteSeeds.filter((site) => options.variants?.includes(site.variant)) : siteSeeds;
  await db.transaction(async (tx) => {
    for (const site of chosen) await insertSite(tx as unknown as Database, site, { today, last });
  });
  return { sites: chosen.length };
}

// The demo is made by the operations the console calls, from the bodies the console would send
// (parsed by the same contracts), so the demo and the console cannot drift apart. What the
// console has no screen for is written as rows: the demo member, the made-up help links.
async function insertSite(db: Database, seed: SiteSeed, span: { today: string; last: string }): Promise<void> {
  const created = await createVenue(db, {
    code: seed.code,
    variant: seed.variant,
    kind: seed.kind,
    name: seed.venueName,
    languages: languageSeeds.map((language) => language.code),
    currency: 'JPY',
    timeZone: DEMO_TIME_ZONE,
    signIn: {
      residentAreaField: seed.residentAreaField,
      residentAreaList: seed.residentAreaList,
      ageBands: seed.ageBands,
      genderChoices: seed.genderChoices,
    },
    trustedLogoSvg: seed.theme.logoSvg,
  });
  const siteId = created.id;

  for (const [lang, own] of Object.entries(seed.texts)) {
    await saveVenueTexts(db, siteId, lang as LanguageCode, own ?? {}, { addsKeys: true });
  }

  const productIds = new Map<string, number>();
  for (const [productPosition, product] of seed.products.entries()) {
    const row = await createProduct(
      db,
      catalogueReferences,
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
        self_cancel: product.selfCancel ? { hours_before: product.selfCancel.hoursBefore, fee: product.selfCancel.fee } : null,
      }),
    );
    productIds.set(product.key, row.id);
  }

  // After the products: the date-change rules name products by key, and the patch checks them.
  const { site } = await updateVenueSettings(
    db,
    siteId,
    VenueSettingsPatch.parse({
      page_title: seed.pageTitle,
      address: seed.venueAddress,
      email: seed.contactEmail,
      phone: seed.contactPhone,
      theme: {
        primary: seed.theme.primary,
        on_primary: seed.theme.onPrimary,
        background: seed.theme.background,
        text: seed.theme.text,
        accent: seed.theme.accent,
      },
      layout: {
        order_procedure: seed.orderProcedure,
        is_calendar_coloured: seed.isCalendarColoured,
        shows_smartphone_app_modal: seed.showsSmartphoneAppModal,
        ticket_display: {
          type: seed.ticketDisplay.type,
          header_color: seed.ticketDisplay.headerColor,
          shows_header_logo: seed.ticketDisplay.showsHeaderLogo,
        },
      },
      hold_minutes: seed.holdMinutes,
      date_change: dateChangePatch(seed.dateChange ?? DEFAULT_DATE_CHANGE_SETTINGS),
      is_start_mail_confirm_only: seed.isStartMailConfirmOnly,
      mail_confirm: { customer_email_confirm: true, confirm_by_mail: seed.isStartMailConfirmOnly },
      has_membership_login: seed.hasMembershipLogin,
      tag_manager_ids: seed.tagManagerIds,
    }),
  );

  for (const product of seed.products) {
    const productId = productIds.get(product.key);
    if (productId !== undefined) await addSlots(db, site, product, productId, span.today, span.last);
  }
  await colourDays(db, site, span.today, span.last);

  for (const coupon of seed.coupons) {
    const coverageTo = addDays(span.today, coupon.coverageToDays);
    await createCoupon(
      db,
      siteId,
      NewCouponBody.parse({
        code: coupon.code,
        name: coupon.name,
        discount_type: coupon.discountType,
        discount_amount: coupon.discountAmount,
        coverage_from: addDays(span.today, coupon.coverageFromDays),
        coverage_to: coverageTo,
        expires_at: new Date(`${coverageTo}T23:59:59+09:00`).toISOString(),
        channels: coupon.channels,
        usage_limit: coupon.usageLimit,
        campaign: coupon.campaign,
        is_invitation: coupon.isInvitation,
      }),
    );
  }

  if (seed.hasMembershipLogin) {
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

  for (const promotion of seed.membershipPromotions) {
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
    seed.paymentMethods.map((method) =>
      PaymentMethodEntry.parse({ method: method.method, provider: method.provider, channels: method.channels, is_enabled: true }),
    ),
    { providers: PAYMENT_PROVIDERS },
  );

  const links = [
    { siteId, key: 'help_url', value: `https://${seed.variant}.example.com/help` },
    { siteId, key: 'exhibition_info_url', value: `https://${seed.variant}.example.com/` },
    { siteId, key: 'reservation_inquiry_enabled', value: !seed.isStartMailConfirmOnly },
    ...(seed.showsSmartphoneAppModal
      ? [{ siteId, key: 'app_download_url', value: `https://${seed.variant}.example.com/app` }]
      : []),
  ];
  await db
    .insert(configurations)
    .values(links)
    .onConflictDoUpdate({ target: [configurations.siteId, configurations.key], set: { value: sql`excluded.value` } });
}

const dateChangePatch = (rules: DateChangeSettings) => ({
  is_enabled: rules.isEnabled,
  product_keys: rules.productKeys,
  deadline_minutes: rules.deadlineMinutes,
  fee_per_admission: rules.feePerAdmission,
  cheaper_new_slot: rules.cheaperNewSlot,
  discounted_payment_methods: rules.discountedPaymentMethods,
});

/** The seed product's opening hours as a slot series from `from` to `to`, as the console's form would send it. */
function slotRuleOf(product: ProductSeed, productId: number, from: string, to: string) {
  return SlotSeriesRule.parse({
    product_ids: [productId],
    // The seed counts weekdays from Sunday (0), a series from Monday (1) to Sunday (7).
    weekdays: WEEKDAYS.filter((weekday) => !product.closedWeekdays.includes(weekday % 7)),
    times: { kind: 'hours', opens_at: product.opensAt, closes_at: product.closesAt },
    slot_minutes: product.slotMinutes,
    valid_from: from,
    valid_to: to,
    capacity: product.capacity,
  });
}

/**
 * A product's slots from `from` to `to` as one slot series, then some of their places sold to the
 * venue's other channels (a few slots sold out or nearly), so the demo shows every stock status.
 * The sales are demo data written beside the series, not a console operation.
 */
async function addSlots(
  db: Database,
  site: Site,
  product: ProductSeed,
  productId: number,
  from: string,
  to: string,
): Promise<void> {
  const series = await applySlotSeries(db, site, slotRuleOf(product, productId, from, to));
  await db.execute(sql`
    update product_time_spans t
       set sold = case
             when h.v % 100 < 4 then t.capacity
             when h.v % 100 < 14 then greatest(t.capacity - 1 - h.v % 4, 0)
             else t.capacity * (h.v % 45) / 100
           end
      from (select id, abs(hashtext(id::text)) as v from product_time_spans where series_id = ${series.id}) h
     where t.id = h.id and t.sold = 0 and t.held = 0
  `);
}

/** Weekends pink, Fridays amber, other days green: the shop calendar's colours of these days. */
async function colourDays(db: Database, site: Site, from: string, to: string): Promise<void> {
  for (const [weekdays, color] of [
    [[0, 6], '#f4b6b6'],
    [[5], '#f8dca8'],
    [[1, 2, 3, 4], '#cfe8d4'],
  ] as const) {
    await changeCalendar(
      db,
      site,
      CalendarChangeBody.parse({
        selection: { from, to, weekdays },
        change: { kind: 'calendar_colors', color_code: color },
      }),
    );
  }
}

/** How many days beyond the horizon a top-up adds at once, so that a running demo adds a series a month, not a day. */
const TOP_UP_AHEAD_DAYS = 30;

/**
 * Keeps the demo's products in slots `days` ahead of `today`: a seed product whose slot series
 * end before that gets a new series from the day after the last one (or from today) to a month
 * beyond, as the seed made the first. Existing slots and their sales are left alone; a product
 * that staff archived, or whose series they removed and that has slots of its own, is left to them.
 * Also gives sites the texts added to the shop since they were seeded.
 */
export async function topUpCatalogue(db: Database, options: { today?: string; days?: number } = {}): Promise<void> {
  const today = options.today ?? todayIn(DEMO_TIME_ZONE, clock.now());
  const last = addDays(today, (options.days ?? SLOT_HORIZON_DAYS) - 1);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const demoSites = await tx
      .select()
      .from(sites)
      .where(
        inArray(
          sites.variant,
          siteSeeds.map((seed) => seed.variant),
        ),
      );
    for (const site of demoSites) {
      const seed = siteSeeds.find((candidate) => candidate.variant === site.variant);
      if (!seed) continue;
      const firstNewDays: string[] = [];
      for (const product of seed.products) {
        const [covered] = await rows<{ id: number; covered_to: string | null }>(
          tx,
          sql`select p.id, (select max(s.rule->>'valid_to') from slot_series s where s.site_id = p.site_id and p.id = any(s.product_ids)) as covered_to
                from products p where p.site_id = ${site.id} and p.key = ${product.key} and p.archived_at is null`,
        );
        if (!covered || (covered.covered_to !== null && covered.covered_to >= last)) continue;
        const from = covered.covered_to !== null && covered.covered_to >= today ? addDays(covered.covered_to, 1) : today;
        const to = addDays(last, TOP_UP_AHEAD_DAYS);
        await addSlots(tx, site, product, covered.id, from, to);
        firstNewDays.push(from);
      }
      if (firstNewDays.length === 0) continue;
      // From the day after the last coloured one: a colour staff chose stays.
      const [coloured] = await rows<{ last: string | null }>(
        tx,
        sql`select max(date)::text as last from calendar_colors where site_id = ${site.id}`,
      );
      const firstUncoloured = coloured?.last ? addDays(coloured.last, 1) : today;
      const colourFrom = [firstNewDays.sort()[0] ?? today, firstUncoloured].sort().at(-1) ?? today;
      const colourTo = addDays(last, TOP_UP_AHEAD_DAYS);
      if (colourFrom <= colourTo) await colourDays(tx, site, colourFrom, colourTo);
      await markCatalogueChanged(tx, site.id);
    }
  });
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
