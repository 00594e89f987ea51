/**
 * Sends what the outbox holds. Mail is written in the transaction that causes it and sent here,
 * after commit, so a slow or broken mail server never blocks or fails a checkout: failures are
 * retried with back-off, and without SMTP the mail is kept for the development mail viewer.
 */
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { claimDueMail, MAX_ATTEMPTS, markFailed, markSent, markStored, type OutboxMail } from './outbox.repository.ts';

/** What the worker needs of a nodemailer transporter (and what a test double must provide). */
export type MailTransport = {
  sendMail(message: { from: string; to: string; subject: string; text: string; html: string }): Promise<unknown>;
  close(): void;
};

export type OutboxWorker = {
  /** Starts a drain soon, without waiting for it; never throws. Call it after a mail-writing transaction commits. */
  kick(): void;
  /** Sends everything due now and resolves with how many mails were handled (sent, stored or failed). Never rejects. */
  drain(): Promise<number>;
  /** Stops polling and waits for the sends under way. */
  stop(): Promise<void>;
};

export type OutboxWorkerOptions = {
  /** How often to look for due mail (retries, and mail written by other processes). */
  intervalMs?: number;
  /** Mails claimed per round trip and sent at once. */
  batchSize?: number;
  logger?: { error(obj: unknown, msg: string): void };
};

/** Timeouts well inside the outbox claim lease (5 minutes), so a hung server cannot outlive a claim. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** An SMTP transport for `SMTP_URL`, or null when there is none (mail is then stored, not sent). */
export function createMailTransport(smtpUrl: string | null): MailTransport | null {
  if (!smtpUrl) return null;
  // Settings given in the URL's query (e.g. `?pool=true`) win over these defaults.
  return nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
}

const consoleLogger = { error: (obj: unknown, msg: string) => console.error(msg, obj) };

export function createOutboxWorker(
  db: Database,
  transport: MailTransport | null,
  options: OutboxWorkerOptions = {},
): OutboxWorker {
  const intervalMs = options.intervalMs ?? 2_000;
  const batchSize = options.batchSize ?? 10;
  const logger = options.logger ?? consoleLogger;
  let stopped = false;
  /** The drain under way, and at most one queued behind it for callers that came during it. */
  let current: Promise<number> | null = null;
  let next: Promise<number> | null = null;

  async function deliver(mail: OutboxMail): Promise<void> {
    if (!transport) {
      await markStored(db, mail.id);
      return;
    }
    try {
      await transport.sendMail({
        from: mail.fromAddress,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome = mail.attempts >= MAX_ATTEMPTS ? 'giving up' : 'it will be retried';
      logger.error({ err: error, mailId: mail.id, attempts: mail.attempts }, `sending a mail failed; ${outcome}`);
      await markFailed(db, mail.id, message, mail.attempts);
      return;
    }
    await markSent(db, mail.id);
  }

  async function run(): Promise<number> {
    let handled = 0;
    try {
      // Claimed mail is either handled or leased away, so each round takes new rows until none are due.
      while (!stopped) {
        const batch = await claimDueMail(db, batchSize);
        if (batch.length === 0) break;
        // In parallel, so the whole batch is done within one send's timeouts, well inside the claim lease.
        await Promise.all(
          batch.map((mail) =>
            deliver(mail).catch((error: unknown) => {
              // The database failed while recording the outcome; the lease brings the mail back later.
              logger.error({ err: error, mailId: mail.id }, 'recording a mail delivery failed');
            }),
          ),
        );
        handled += batch.length;
      }
    } catch (error) {
      logger.error({ err: error }, 'claiming mail from the outbox failed');
    }
    return handled;
  }

  function drain(): Promise<number> {
    if (stopped) return Promise.resolve(0);
    if (!current) {
      current = run().finally(() => {
        current = null;
      });
      return current;
    }
    // Mail committed while a drain runs may be missed by it: run once more after it.
    next ??= current.then(() => {
      next = null;
      return drain();
    });
    return next;
  }

  const timer = setInterval(() => void drain(), intervalMs);
  // Polling alone must not keep the process alive.
  timer.unref();

  return {
    kick() {
      void drain();
    },
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all([current, next]);
    },
  };
}
