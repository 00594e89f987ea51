import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { CATALOGUE_POLL_MS, markCatalogueChanged } from './catalogue-changes.ts';

describeEachEngine('catalogue changes across processes', (ctx) => {
  const server = useTestApp(ctx);

  const shopText = async (key: string) => {
    const answer = await server.app.inject({ method: 'GET', url: '/demo/api/v1/texts?lang=en' });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as Record<string, string>)[key];
  };
  const demoId = async () => (await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'demo'`))[0]?.id ?? 0;
  /** What another process's console does: change a text and mark the catalogue changed, in one transaction. */
  const changeElsewhere = (siteId: number, value: string, marks: boolean) =>
    ctx.db.transaction(async (tx) => {
      await tx.execute(sql`update texts set value = ${value} where site_id = ${siteId} and lang = 'en' and key = 'site_tagline'`);
      if (marks) await markCatalogueChanged(tx as Database, siteId);
    });

  it('drops the cached catalogue when another process marks a change, within a poll', async () => {
    const siteId = await demoId();
    await shopText('site_tagline');
    // Let the poller learn the versions as they stand before the change.
    await new Promise((resolve) => setTimeout(resolve, CATALOGUE_POLL_MS * 2));
    await changeElsewhere(siteId, 'Changed in another process', true);
    await expect.poll(() => shopText('site_tagline'), { timeout: 5_000, interval: 100 }).toBe('Changed in another process');
  });

  it('keeps serving the cached answer for a write that did not mark the catalogue changed', async () => {
    const siteId = await demoId();
    const before = await shopText('site_tagline');
    await changeElsewhere(siteId, 'Written without a mark', false);
    await new Promise((resolve) => setTimeout(resolve, CATALOGUE_POLL_MS * 3));
    expect(await shopText('site_tagline')).toBe(before);
  });
});
