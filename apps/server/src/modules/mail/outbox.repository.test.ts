import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachEngine } from '../../../test/database.ts';
import { firstSiteId, sampleMail } from '../../../test/mail.ts';
import type { Database } from '../../db/client.ts';
import { outbox } from './mail.schema.ts';
import {
  claimDueMail,
  enqueueMail,
  findLatestMailTo,
  getMail,
  listMail,
  MAX_ATTEMPTS,
  markFailed,
  markSent,
  markStored,
  retryDelayMs,
} from './outbox.repository.ts';

/** Seconds from the database's app_now() to the mail's next attempt. */
async function secondsUntilNextAttempt(db: Database, id: string): Promise<number> {
  const [row] = await db
    .select({ seconds: sql<string>`extract(epoch from ${outbox.nextAttemptAt} - app_now())` })
    .from(outbox)
    .where(eq(outbox.id, id));
  return Number(row?.seconds);
}

/** PGlite's clock has millisecond resolution: apart by more than that, mails have a clear order. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

/** Makes every pending mail due now, as if its back-off had passed. */
const makeAllDue = (db: Database) => db.update(outbox).set({ nextAttemptAt: sql`app_now()` }).where(eq(outbox.status, 'pending'));

describeEachEngine(
  'mail outbox',
  (ctx) => {
    let siteId: number;
    beforeAll(async () => {
      siteId = await firstSiteId(ctx.db);
    });
    beforeEach(async () => {
      await ctx.db.delete(outbox);
    });

    it('enqueues a pending mail, claims it once and marks it sent', async () => {
      const mail = await enqueueMail(ctx.db, sampleMail(siteId));
      expect(mail).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
      expect(mail.createdAt).toBeInstanceOf(Date);

      const claimed = await claimDueMail(ctx.db, 10);
      expect(claimed.map((m) => m.id)).toEqual([mail.id]);
      expect(claimed[0]).toMatchObject({ attempts: 1, subject: mail.subject, htmlBody: mail.htmlBody });
      expect(claimed[0]?.nextAttemptAt).toBeInstanceOf(Date);

      await markSent(ctx.db, [mail.id]);
      const sent = await getMail(ctx.db, mail.id);
      expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(sent?.sentAt).toBeInstanceOf(Date);
      expect(await claimDueMail(ctx.db, 10)).toEqual([]);
    });

    it('claims the oldest due mail first, up to the limit', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        ids.push((await enqueueMail(ctx.db, sampleMail(siteId, { subject: `mail ${i}` }))).id);
        await tick();
      }
      const first = await claimDueMail(ctx.db, 2);
      expect(first.map((m) => m.id)).toEqual(ids.slice(0, 2));
      const second = await claimDueMail(ctx.db, 2);
      expect(second.map((m) => m.id)).toEqual(ids.slice(2));
    });

    it('does not claim a claimed mail again while its lease runs', async () => {
      const mail = await enqueueMail(ctx.db, sampleMail(siteId));
      expect(await claimDueMail(ctx.db, 10)).toHaveLength(1);
      expect(await claimDueMail(ctx.db, 10)).toEqual([]);
      // The lease is five minutes: a process that died mid-send gives the mail back then.
      expect(await secondsUntilNextAttempt(ctx.db, mail.id)).toBeGreaterThan(290);
    });

    it('does not claim mail that is not yet due', async () => {
      const mail = await enqueueMail(ctx.db, sampleMail(siteId));
      await ctx.db.update(outbox).set({ nextAttemptAt: sql`app_now() + interval '1 minute'` }).where(eq(outbox.id, mail.id));
      expect(await claimDueMail(ctx.db, 10)).toEqual([]);
    });

    it('backs off exponentially after a failure, capped at an hour', async () => {
      expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
      expect(retryDelayMs(20)).toBe(60 * 60 * 1000);

      const mail = await enqueueMail(ctx.db, sampleMail(siteId));
      const [claimed] = await claimDueMail(ctx.db, 10);
      await markFailed(ctx.db, mail.id, '450 Mailbox busy', claimed?.attempts ?? 0);
      const failed = await getMail(ctx.db, mail.id);
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: '450 Mailbox busy' });
      const wait = await secondsUntilNextAttempt(ctx.db, mail.id);
      expect(wait).toBeGreaterThan(25);
      expect(wait).toBeLessThanOrEqual(30);
      expect(await claimDueMail(ctx.db, 10)).toEqual([]);

      await makeAllDue(ctx.db);
      const [again] = await claimDueMail(ctx.db, 10);
      expect(again?.attempts).toBe(2);
      await markFailed(ctx.db, mail.id, '450 Mailbox busy', 2);
      expect(await secondsUntilNextAttempt(ctx.db, mail.id)).toBeGreaterThan(55);
    });

    it(`gives a mail up as failed after ${MAX_ATTEMPTS} attempts`, async () => {
      const mail = await enqueueMail(ctx.db, sampleMail(siteId));
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await makeAllDue(ctx.db);
        const [claimed] = await claimDueMail(ctx.db, 10);
        expect(claimed?.attempts).toBe(attempt);
        await markFailed(ctx.db, mail.id, `refused ${attempt}`, claimed?.attempts ?? 0);
      }
      expect(await getMail(ctx.db, mail.id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'refused 8' });
      await makeAllDue(ctx.db);
      expect(await claimDueMail(ctx.db, 10)).toEqual([]);
    });

    it('keeps mail as stored when there is no SMTP server', async () => {
      const mail = await enqueueMail(ctx.db, sampleMail(siteId));
      await claimDueMail(ctx.db, 10);
      await markStored(ctx.db, [mail.id]);
      expect(await getMail(ctx.db, mail.id)).toMatchObject({ status: 'stored', sentAt: null });
      await makeAllDue(ctx.db);
      expect(await claimDueMail(ctx.db, 10)).toEqual([]);
    });

    it('lists the newest mail first and finds the latest mail to an address', async () => {
      const older = await enqueueMail(ctx.db, sampleMail(siteId, { toAddress: 'a@example.com', subject: 'older' }));
      await tick();
      await enqueueMail(ctx.db, sampleMail(siteId, { toAddress: 'b@example.com', subject: 'other' }));
      await tick();
      const newer = await enqueueMail(ctx.db, sampleMail(siteId, { toAddress: 'a@example.com', subject: 'newer' }));
      const list = await listMail(ctx.db, { limit: 2 });
      expect(list.map((m) => m.subject)).toEqual(['newer', 'other']);
      expect(list[0]?.createdAt).toBeInstanceOf(Date);
      expect(list[0]).not.toHaveProperty('htmlBody');
      expect((await findLatestMailTo(ctx.db, 'A@Example.com'))?.id).toBe(newer.id);
      expect(await findLatestMailTo(ctx.db, 'nobody@example.com')).toBeNull();
      expect((await getMail(ctx.db, older.id))?.subject).toBe('older');
    });

    it('returns null for an unknown or malformed id', async () => {
      expect(await getMail(ctx.db, '00000000-0000-4000-8000-000000000000')).toBeNull();
      expect(await getMail(ctx.db, 'not-a-uuid')).toBeNull();
      expect(await getMail(ctx.db, "1' or '1'='1")).toBeNull();
    });

    if (ctx.engine === 'postgres') {
      /** Claims without the protection: read the due ids, then update them (read-then-write). */
      async function unsafeClaim(db: Database, ids: string[]) {
        return db
          .update(outbox)
          .set({ attempts: sql`${outbox.attempts} + 1` })
          .where(inArray(outbox.id, ids))
          .returning({ id: outbox.id });
      }
      const dueIds = async (db: Database) =>
        (
          await db
            .select({ id: outbox.id })
            .from(outbox)
            .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`app_now()`)))
        ).map((row) => row.id);

      it('control: claims by read-then-write hand the same mail to two processes', async () => {
        for (let i = 0; i < 5; i++) await enqueueMail(ctx.db, sampleMail(siteId));
        const [seenByA, seenByB] = await Promise.all([dueIds(ctx.db), dueIds(ctx.db)]);
        const [a, b] = await Promise.all([unsafeClaim(ctx.db, seenByA), unsafeClaim(ctx.db, seenByB)]);
        const overlap = a.filter((row) => b.some((other) => other.id === row.id));
        expect(overlap.length).toBeGreaterThan(0);
      });

      it('skips mail another process holds in an open transaction', async () => {
        for (let i = 0; i < 5; i++) await enqueueMail(ctx.db, sampleMail(siteId));
        await ctx.db.transaction(async (tx) => {
          const first = await claimDueMail(tx as unknown as Database, 3);
          // Another pooled connection, while the first claim's row locks are still held.
          const second = await claimDueMail(ctx.db, 10);
          expect(first).toHaveLength(3);
          expect(second).toHaveLength(2);
          expect(second.filter((m) => first.some((f) => f.id === m.id))).toEqual([]);
        });
      });

      it('never hands one mail to two of many concurrent claims', async () => {
        const total = 60;
        for (let i = 0; i < total; i++) await enqueueMail(ctx.db, sampleMail(siteId));
        const claims = await Promise.all(Array.from({ length: 12 }, () => claimDueMail(ctx.db, 7)));
        const ids = claims.flat().map((m) => m.id);
        expect(new Set(ids).size).toBe(ids.length);
        const [left] = await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(outbox)
          .where(lte(outbox.nextAttemptAt, sql`app_now()`));
        expect(ids.length + (left?.n ?? 0)).toBe(total);
        const attempts = await ctx.db.select({ attempts: outbox.attempts }).from(outbox);
        expect(attempts.every((row) => row.attempts <= 1)).toBe(true);
      });
    }
  },
  { seed: { variants: ['demo'], days: 2 } },
);
