import { addDays, todayIn } from '@storefront/domain/dates';
import { and, count, eq, max, min, ne, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../test/database.ts';
import { products, productTimeSpans, texts } from '../modules/catalog/catalog.schema.ts';
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

    it('makes timed slots every 30 minutes in venue-local opening hours', async () => {
      const [product] = await ctx.db.select().from(products).where(eq(products.type, 'time')).limit(1);
      if (!product) throw new Error('no timed product');
      const spans = await ctx.db
        .select()
        .from(productTimeSpans)
        .where(
          sql`${productTimeSpans.productId} = ${product.id} and ${productTimeSpans.date} = (select max(date) from product_time_spans where product_id = ${product.id})`,
        )
        .orderBy(productTimeSpans.startsAt);
      expect(spans.length).toBeGreaterThan(1);
      const first = spans[0];
      const second = spans[1];
      if (!first || !second) throw new Error('too few slots');
      expect(second.startsAt.getTime() - first.startsAt.getTime()).toBe(product.slotMinutes * 60_000);
      const tokyo = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit' });
      expect(tokyo.format(first.startsAt)).toBe(product.opensAt);
      expect(tokyo.format(spans.at(-1)?.endsAt)).toBe(product.closesAt);
    });

    it('tops up days ahead without touching existing slots or their sales', async () => {
      const [before] = await ctx.db.select({ n: count() }).from(productTimeSpans);
      await ctx.db.update(productTimeSpans).set({ sold: 0 }).where(eq(productTimeSpans.date, today));
      await topUpCatalogue(ctx.db, { today, days: 7 });
      const [same] = await ctx.db.select({ n: count() }).from(productTimeSpans);
      expect(same?.n).toBe(before?.n);
      const [untouched] = await ctx.db
        .select({ sold: max(productTimeSpans.sold) })
        .from(productTimeSpans)
        .where(eq(productTimeSpans.date, today));
      expect(untouched?.sold).toBe(0);

      await topUpCatalogue(ctx.db, { today: addDays(today, 3), days: 7 });
      const [range] = await ctx.db.select({ last: max(productTimeSpans.date) }).from(productTimeSpans);
      expect(range?.last).toBe(addDays(today, 9));
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
