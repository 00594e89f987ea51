import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { describeEachEngine } from '../../../test/database.ts';
import {
  decodeQuotedPrintable,
  firstSiteId,
  sampleMail,
  sampleOrder,
  startSmtpServer,
  type TestSmtpServer,
} from '../../../test/mail.ts';
import type { Database } from '../../db/client.ts';
import { outbox } from './mail.schema.ts';
import { createMailTransport, createOutboxWorker, type MailTransport, type OutboxWorker } from './mail-sender.ts';
import { renderOrderConfirmation } from './order-confirmation-mail.ts';
import { enqueueMail, getMail, type NewOutboxMail } from './outbox.repository.ts';

/** A received message with folded headers joined and quoted-printable undone. */
const readable = (message: string) => decodeQuotedPrintable(message.replace(/\r\n(?=[ \t])/g, ''));

const makeAllDue = (db: Database) => db.update(outbox).set({ nextAttemptAt: sql`app_now()` }).where(eq(outbox.status, 'pending'));

describeEachEngine(
  'outbox worker',
  (ctx) => {
    let siteId: number;
    let confirmation: NewOutboxMail;
    const cleanups: (() => Promise<void> | void)[] = [];
    const logger = { error: vi.fn() };

    function worker(transport: MailTransport | null, intervalMs = 60_000): OutboxWorker {
      const created = createOutboxWorker(ctx.db, transport, { intervalMs, logger });
      cleanups.push(() => created.stop());
      return created;
    }
    function smtpTransport(server: TestSmtpServer): MailTransport {
      const transport = createMailTransport(server.url);
      if (!transport) throw new Error('no transport for an SMTP URL');
      cleanups.push(() => transport.close());
      return transport;
    }
    async function smtpServer(options: { refuseFirst?: number } = {}) {
      const server = await startSmtpServer(options);
      cleanups.push(() => server.close());
      return server;
    }

    beforeAll(async () => {
      siteId = await firstSiteId(ctx.db);
      const rendered = renderOrderConfirmation(sampleOrder, 'en');
      confirmation = sampleMail(siteId, { subject: rendered.subject, textBody: rendered.text, htmlBody: rendered.html });
    });
    beforeEach(async () => {
      await ctx.db.delete(outbox);
      logger.error.mockClear();
    });
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it('has no transport without an SMTP URL', () => {
      expect(createMailTransport(null)).toBeNull();
    });

    it('sends a due mail through SMTP and marks it sent', async () => {
      const server = await smtpServer();
      const mail = await enqueueMail(ctx.db, confirmation);
      expect(await worker(smtpTransport(server)).drain()).toBe(1);

      expect(server.messages).toHaveLength(1);
      const received = readable(server.messages[0] ?? '');
      expect(received).toContain(`Subject: ${confirmation.subject}`);
      expect(received).toContain('To: visitor@example.com');
      expect(received).toContain(sampleOrder.ticketUrl);
      expect(received).toContain('Content-Type: text/html');
      expect(await getMail(ctx.db, mail.id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(logger.error).not.toHaveBeenCalled();
    });

    it('retries a mail the SMTP server first refuses', async () => {
      const server = await smtpServer({ refuseFirst: 1 });
      const mail = await enqueueMail(ctx.db, confirmation);
      const sender = worker(smtpTransport(server));

      expect(await sender.drain()).toBe(1);
      expect(server.messages).toHaveLength(0);
      const refused = await getMail(ctx.db, mail.id);
      expect(refused).toMatchObject({ status: 'pending', attempts: 1 });
      expect(refused?.lastError).toMatch(/Mailbox busy/);
      expect(refused?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      expect(logger.error).toHaveBeenCalledTimes(1);
      // Not due yet: a drain leaves it alone.
      expect(await sender.drain()).toBe(0);

      await makeAllDue(ctx.db);
      expect(await sender.drain()).toBe(1);
      expect(server.messages).toHaveLength(1);
      expect(await getMail(ctx.db, mail.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    });

    it('records a failure when the SMTP server cannot be reached', async () => {
      const server = await startSmtpServer();
      await server.close();
      const transport = createMailTransport(server.url);
      if (!transport) throw new Error('no transport');
      cleanups.push(() => transport.close());
      const mail = await enqueueMail(ctx.db, confirmation);
      expect(await worker(transport).drain()).toBe(1);
      expect(await getMail(ctx.db, mail.id)).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await getMail(ctx.db, mail.id))?.lastError).toBeTruthy();
    });

    it('stores mail instead of sending when there is no SMTP server', async () => {
      const first = await enqueueMail(ctx.db, confirmation);
      const second = await enqueueMail(ctx.db, { ...confirmation, toAddress: 'other@example.com' });
      expect(await worker(null).drain()).toBe(2);
      expect(await getMail(ctx.db, first.id)).toMatchObject({ status: 'stored', sentAt: null });
      expect(await getMail(ctx.db, second.id)).toMatchObject({ status: 'stored' });
    });

    it('sends each mail once when two workers drain at the same time', async () => {
      const server = await smtpServer();
      for (let i = 0; i < 12; i++) await enqueueMail(ctx.db, { ...confirmation, toAddress: `visitor${i}@example.com` });
      const transport = smtpTransport(server);
      const handled = await Promise.all([worker(transport).drain(), worker(transport).drain()]);
      expect(handled[0] + handled[1]).toBe(12);
      expect(server.messages).toHaveLength(12);
      const recipients = server.messages.map((m) => /^To: (.+)$/m.exec(m)?.[1]?.trim());
      expect(new Set(recipients).size).toBe(12);
    });

    it('sends on a kick without waiting for the next poll', async () => {
      const mail = await enqueueMail(ctx.db, confirmation);
      worker(null, 60_000).kick();
      await vi.waitFor(async () => expect((await getMail(ctx.db, mail.id))?.status).toBe('stored'), { timeout: 5_000 });
    });

    it('finds due mail on its own by polling', async () => {
      worker(null, 25);
      const mail = await enqueueMail(ctx.db, confirmation);
      await vi.waitFor(async () => expect((await getMail(ctx.db, mail.id))?.status).toBe('stored'), { timeout: 5_000 });
    });

    it('serves a drain asked for during another one', async () => {
      const sender = worker(null);
      await enqueueMail(ctx.db, confirmation);
      const first = sender.drain();
      await enqueueMail(ctx.db, { ...confirmation, toAddress: 'late@example.com' });
      const second = sender.drain();
      const counts = await Promise.all([first, second]);
      expect(counts[0] + counts[1]).toBe(2);
      const statuses = await ctx.db.select({ status: outbox.status }).from(outbox);
      expect(statuses.map((row) => row.status)).toEqual(['stored', 'stored']);
    });

    it('never throws when the database fails, and stops cleanly', async () => {
      const broken = {
        select() {
          throw new Error('connection lost');
        },
      } as unknown as Database;
      const brokenWorker = createOutboxWorker(broken, null, { intervalMs: 10, logger });
      expect(await brokenWorker.drain()).toBe(0);
      brokenWorker.kick();
      await vi.waitFor(() => expect(logger.error.mock.calls.length).toBeGreaterThan(2));
      await brokenWorker.stop();
      expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), expect.any(String));
      expect(await brokenWorker.drain()).toBe(0);
    });
  },
  { seed: { variants: ['demo'], days: 2 } },
);
