import type { VenueTexts } from '@storefront/domain/console/venue-settings';
import { baseTexts } from '@storefront/seed/texts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { rows } from '../../db/rows.ts';

describeEachEngine('console venue texts', (ctx) => {
  const server = useTestApp(ctx);
  // A second server process on the same database: its shop has its own caches.
  let other: FastifyInstance | null = null;
  beforeAll(async () => {
    other = await buildTestApp(ctx.db);
  });
  afterAll(async () => {
    await other?.close();
  });

  const shopTexts = async (app: FastifyInstance, lang: string) => {
    const answer = await app.inject({ method: 'GET', url: `/demo/api/v1/texts?lang=${lang}` });
    expect(answer.statusCode).toBe(200);
    return answer.json() as Record<string, string>;
  };
  const siteIdOf = async (code: string) =>
    (await rows<{ id: number }>(ctx.db, sql`select id from sites where code = ${code}`))[0]?.id ?? 0;
  async function signedIn(rights: Parameters<typeof makeTeam>[1]['rights']) {
    const team = await makeTeam(ctx.db, { rights, venueIds: [await siteIdOf('demo')] });
    const staff = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app);
    await signIn(client, staff.email);
    return { client, staff };
  }

  it('lists every key the shop uses with the venue’s text, the default and what is missing', async () => {
    const { client } = await signedIn(['catalogue:read']);
    await ctx.db.execute(
      sql`delete from texts where site_id = (select id from sites where code = 'demo') and lang = 'th' and key = 'order_low_stock'`,
    );
    await ctx.db.execute(
      sql`insert into texts (site_id, lang, key, value) select id, 'en', 'demo_own_banner', 'Late opening on Fridays' from sites where code = 'demo'`,
    );
    const th = await client.get<VenueTexts>('venues/demo/texts?lang=th');
    expect(th.status).toBe(200);
    const byKey = new Map(th.body.texts.map((text) => [text.key, text]));
    for (const key of Object.keys(baseTexts.ja)) expect(byKey.has(key), key).toBe(true);
    expect(byKey.get('order_low_stock')).toEqual({
      key: 'order_low_stock',
      value: null,
      default: baseTexts.th.order_low_stock,
      missing: true,
    });
    // A key of the venue's own shows in every language, missing where it has no text.
    expect(byKey.get('demo_own_banner')).toEqual({ key: 'demo_own_banner', value: null, default: null, missing: true });
    const en = await client.get<VenueTexts>('venues/demo/texts?lang=en');
    expect(en.body.texts.find((text) => text.key === 'demo_own_banner')).toMatchObject({
      value: 'Late opening on Fridays',
      missing: false,
    });
    expect((await client.get('venues/demo/texts?lang=xx')).status).toBe(400);
  });

  it('saves the changed keys of a language, records them, and every process’s shop shows them within a poll', async () => {
    const { client, staff } = await signedIn(['catalogue:write']);
    // Both processes have the texts cached before the change.
    await shopTexts(server.app, 'ja');
    await shopTexts(other as FastifyInstance, 'ja');
    const lowStock = '残りわずか（あと{count}枚）';
    const saved = await client.put<VenueTexts>('venues/demo/texts/ja', {
      texts: { site_tagline: '新しいキャッチコピー', order_low_stock: lowStock },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.texts.find((text) => text.key === 'site_tagline')).toMatchObject({ value: '新しいキャッチコピー' });

    expect((await shopTexts(server.app, 'ja')).site_tagline).toBe('新しいキャッチコピー');
    await expect
      .poll(async () => (await shopTexts(other as FastifyInstance, 'ja')).order_low_stock, { timeout: 5_000, interval: 100 })
      .toBe(lowStock);
    // Other languages are untouched.
    expect((await shopTexts(server.app, 'en')).site_tagline).not.toBe('新しいキャッチコピー');

    const [entry] = await rows<{
      actor_id: number;
      object_id: string;
      changes: Record<string, { before: string; after: string }>;
    }>(ctx.db, sql`select actor_id, object_id, changes from audit_log where object_type = 'texts' order by id desc limit 1`);
    expect(entry).toMatchObject({ actor_id: staff.id, object_id: 'ja' });
    expect(Object.keys(entry?.changes ?? {}).sort()).toEqual(['order_low_stock', 'site_tagline']);
    expect(entry?.changes.order_low_stock?.after).toBe(lowStock);
  });

  it('refuses unknown keys, empty texts and changed placeholders, naming the key and writing nothing', async () => {
    const { client } = await signedIn(['catalogue:write']);
    const before = await shopTexts(server.app, 'en');
    const audits = async () =>
      (await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from audit_log where object_type = 'texts'`))[0]?.n;
    const count = await audits();
    expect(baseTexts.en.order_low_stock).toMatch(/\{count\}/);
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ no_such_key: 'x' }, 'texts.no_such_key', /not a text the shop uses/],
      [{ site_tagline: '   ' }, 'texts.site_tagline', /empty/],
      [{ order_low_stock: 'Only a few left' }, 'texts.order_low_stock', /keep the placeholder \{count\}/],
      [{ order_low_stock: '{count} left of {total}' }, 'texts.order_low_stock', /not add the placeholder \{total\}/],
    ];
    for (const [texts, field, message] of cases) {
      const answer = await client.put<{ field: string; message: string }>('venues/demo/texts/en', {
        texts: { site_tagline: 'A fine change beside a bad one', ...texts },
      });
      expect(answer.status, JSON.stringify(texts)).toBe(400);
      expect(answer.body.field).toBe(field);
      expect(answer.body.message).toMatch(message);
    }
    expect((await client.put('venues/demo/texts/xx', { texts: { site_tagline: 'x' } })).status).toBe(400);
    expect((await client.put('venues/demo/texts/en', { texts: {} })).status).toBe(400);
    expect(await shopTexts(server.app, 'en')).toEqual(before);
    expect(await audits()).toBe(count);
  });

  it('reads with catalogue:read and writes only with catalogue:write', async () => {
    const { client: reader } = await signedIn(['catalogue:read']);
    expect((await reader.get('venues/demo/texts?lang=en')).status).toBe(200);
    expect((await reader.put('venues/demo/texts/en', { texts: { site_tagline: 'x' } })).status).toBe(403);
    const { client: other } = await signedIn(['orders:read']);
    expect((await other.get('venues/demo/texts?lang=en')).status).toBe(403);
  });
});
