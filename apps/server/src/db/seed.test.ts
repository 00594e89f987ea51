import { addDays, todayIn } from '@storefront/domain/dates';
import { siteSeeds } from '@storefront/seed/sites';
import { and, count, eq, max, min, ne, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/database.ts';
import { calendarColors, products, productTimeSpans, slotSeries, texts } from '../modules/catalogue/catalogue.schema.ts';
import { sites } from '../modules/sites/sites.schema.ts';
import { isCatalogueEmpty, seedCatalogue, topUpCatalogue } from './seed.ts';

const today = todayIn('Asia/Tokyo');

describeEachEngine(
  'demo catalogue',
  (ctx) => {
    it('starts empty and is seeded with slots from today on', async () => {
      expect(await isCatalogueEmpty(ctx.db)).toBe(true);
      await seedCatalogue(ctx.db, { today, days: 7, variants: ['borderless', 'cafe-lumen'] });
      expect(await isCatalogueEmpty(ctx.db)).toBe(false);
      const [range] = await ctx.db
        .select({ first: min(productTimeSpans.date), last: max(productTimeSpans.date) })
        .from(productTimeSpans);
      expect(range).toEqual({ first: today, last: addDays(today, 6) });
    });

    it('makes each product its slots as one slot series of its opening hours', async () => {
      const [product] = await ctx.db
        .select({ id: products.id, key: products.key, variant: sites.variant })
        .from(products)
        .innerJoin(sites, eq(sites.id, products.siteId))
        .where(and(eq(products.type, 'time'), eq(sites.variant, 'borderless')))
        .limit(1);
      const seed = siteSeeds.find((site) => site.variant === product?.variant)?.products.find((p) => p.key === product?.key);
      if (!product || !seed) throw new Error('no timed product');
      const series = await ctx.db.select().from(slotSeries).where(sql`${product.id} = any(${slotSeries.productIds})`);
      expect(series).toHaveLength(1);
      expect(series[0]?.rule).toMatchObject({
        valid_from: today,
        valid_to: addDays(today, 6),
        slot_minutes: seed.slotMinutes,
        capacity: seed.capacity,
        times: { kind: 'hours', opens_at: seed.opensAt, closes_at: seed.closesAt },
      });
      const spans = await ctx.db
        .select()
        .from(productTimeSpans)
        .where(
          sql`${productTimeSpans.productId} = ${product.id} and ${productTimeSpans.date} = (select max(date) from product_time_spans where product_id = ${product.id})`,
        )
        .orderBy(productTimeSpans.startsAt);
      const first = spans[0];
      const second = spans[1];
      if (!first || !second) throw new Error('too few slots');
      expect(spans.every((span) => span.seriesId === series[0]?.id)).toBe(true);
      expect(second.startsAt.getTime() - first.startsAt.getTime()).toBe(seed.slotMinutes * 60_000);
      const tokyo = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit' });
      expect(tokyo.format(first.startsAt)).toBe(seed.opensAt);
      expect(tokyo.format(spans.at(-1)?.endsAt)).toBe(seed.closesAt);
      // Some places are sold to the venue's other channels, within capacity.
      expect(spans.every((span) => span.sold >= 0 && span.sold <= span.capacity)).toBe(true);
    });

    it('tops up days ahead a month at a time, without touching existing slots or their sales', async () => {
      const [before] = await ctx.db.select({ n: count() }).from(productTimeSpans);
      const [seriesBefore] = await ctx.db.select({ n: count() }).from(slotSeries);
      await ctx.db.update(productTimeSpans).set({ sold: 0 }).where(eq(productTimeSpans.date, today));
      await topUpCatalogue(ctx.db, { today, days: 7 });
      const [same] = await ctx.db.select({ n: count() }).from(productTimeSpans);
      expect(same?.n).toBe(before?.n);
      const [untouched] = await ctx.db
        .select({ sold: max(productTimeSpans.sold) })
        .from(productTimeSpans)
        .where(eq(productTimeSpans.date, today));
      expect(untouched?.sold).toBe(0);

      // Three days on, the horizon passes the series' end: each product gets a series from the
      // day after it to a month beyond the horizon.
      await topUpCatalogue(ctx.db, { today: addDays(today, 3), days: 7 });
      const [range] = await ctx.db.select({ last: max(productTimeSpans.date) }).from(productTimeSpans);
      expect(range?.last).toBe(addDays(today, 9 + 30));
      const [seriesAfter] = await ctx.db.select({ n: count() }).from(slotSeries);
      const [productCount] = await ctx.db.select({ n: count() }).from(products);
      expect((seriesAfter?.n ?? 0) - (seriesBefore?.n ?? 0)).toBe(productCount?.n);
      const newSeries = await ctx.db
        .select({ rule: slotSeries.rule })
        .from(slotSeries)
        .where(sql`${slotSeries.rule}->>'valid_from' = ${addDays(today, 7)}`);
      expect(newSeries).toHaveLength(productCount?.n ?? -1);
      const [colours] = await ctx.db.select({ last: max(calendarColors.date) }).from(calendarColors);
      expect(colours?.last).toBe(addDays(today, 9 + 30));

      // Within the month added, nothing more is made.
      await topUpCatalogue(ctx.db, { today: addDays(today, 20), days: 7 });
      const [seriesLater] = await ctx.db.select({ n: count() }).from(slotSeries);
      expect(seriesLater?.n).toBe(seriesAfter?.n);
    });

    it('gives a demo seeded before slot series its first series, leaving its slots as they are', async () => {
      await ctx.db.delete(slotSeries);
      const [before] = await ctx.db.select({ n: count() }).from(productTimeSpans);
      await topUpCatalogue(ctx.db, { today, days: 7 });
      const [productCount] = await ctx.db.select({ n: count() }).from(products);
      const made = await ctx.db.select({ rule: slotSeries.rule }).from(slotSeries);
      expect(made).toHaveLength(productCount?.n ?? -1);
      expect(made.every((series) => series.rule.valid_from === today)).toBe(true);
      const [after] = await ctx.db
        .select({ n: count() })
        .from(productTimeSpans)
        .where(sql`${productTimeSpans.date} <= ${addDays(today, 9 + 30)}`);
      // The days already made are skipped slot by slot; only days beyond them are new.
      expect(after?.n).toBe(before?.n);
    });

    it('gives a site the texts added since it was seeded, keeping the ones it has', async () => {
      const [site] = await ctx.db.select({ id: sites.id }).from(sites).limit(1);
      const siteId = site?.id ?? 0;
      const [kept] = await ctx.db
        .select()
        .from(texts)
        .where(and(eq(texts.siteId, siteId), eq(texts.lang, 'en')))
        .limit(1);
      if (!kept) throw new Error('no text to keep');
      const [dropped] = await ctx.db
        .select()
        .from(texts)
        .where(and(eq(texts.siteId, siteId), eq(texts.lang, 'ja'), ne(texts.key, kept.key)))
        .limit(1);
      if (!dropped) throw new Error('no text to drop');
      await ctx.db
        .update(texts)
        .set({ value: 'edited by the venue' })
        .where(and(eq(texts.siteId, siteId), eq(texts.lang, 'en'), eq(texts.key, kept.key)));
      await ctx.db.delete(texts).where(and(eq(texts.siteId, siteId), eq(texts.lang, 'ja'), eq(texts.key, dropped.key)));
      await topUpCatalogue(ctx.db, { today, days: 7 });
      const [back] = await ctx.db
        .select()
        .from(texts)
        .where(and(eq(texts.siteId, siteId), eq(texts.lang, 'ja'), eq(texts.key, dropped.key)));
      expect(back?.value).toBeTruthy();
      const [still] = await ctx.db
        .select()
        .from(texts)
        .where(and(eq(texts.siteId, siteId), eq(texts.lang, 'en'), eq(texts.key, kept.key)));
      expect(still?.value).toBe('edited by the venue');
    });

    it('writes every text of every language for each site', async () => {
      const perLanguage = await ctx.db
        .select({ siteId: texts.siteId, lang: texts.lang, n: count() })
        .from(texts)
        .groupBy(texts.siteId, texts.lang);
      const [siteCount] = await ctx.db.select({ n: count() }).from(sites);
      expect(perLanguage).toHaveLength((siteCount?.n ?? 0) * 6);
      expect(new Set(perLanguage.map((row) => `${row.siteId}:${row.n}`)).size).toBe(siteCount?.n);
    });
  },
  { seed: false },
);
