/**
 * Sends what the outbox holds. Mail is written in the transaction that causes it and sent here,
 * after commit, so a slow or broken mail server never blocks or fails a checkout: failures are
 * retried with back-off, and without SMTP the mail is kept for the development mail viewer.
 */
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client.ts';
import { type ClaimWorker, createClaimWorker } from '../../lib/claim-worker.ts';
import { claimDueMail, MAX_ATTEMPTS, markFailed, markSent, markStored, type OutboxMail } from './outbox.repository.ts';

/** What the worker needs of a nodemailer transporter (and what a test double must provide). */
export type MailTransport = {
  sendMail(message: { from: string; to: string; subject: string; text: string; html: string }): Promise<unknown>;
  close(): void;
};

/** Kick it after a mail-writing transaction commits; `drain` answers the mails handled (sent, stored or failed). */
export type OutboxWorker = ClaimWorker;

export type OutboxWorkerOptions = {
  /** How often to look for due mail (retries, and mail written by other processes). */
  intervalMs?: number;
  /** Mails claimed per round trip and sent at once. */
  batchSize?: number;
  /** How long a kick waits for the kicks of other commits before sending (50 ms unless given). */
  gatherMs?: number;
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

  /** Sends one mail; a failure is recorded for its retry and answers false. */
  async function send(smtp: MailTransport, mail: OutboxMail): Promise<boolean> {
    try {
      await smtp.sendMail({
        from: mail.fromAddress,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome = mail.attempts >= MAX_ATTEMPTS ? 'giving up' : 'it will be retried';
      logger.error({ err: error, mailId: mail.id, attempts: mail.attempts }, `sending a mail failed; ${outcome}`);
      await markFailed(db, mail.id, message, mail.attempts);
      return false;
    }
  }

  /** A batch is sent at once and the mails that went are marked in one write (a rush sends many). */
  async function deliver(mails: OutboxMail[]): Promise<void> {
    if (!transport) {
      await markStored(
        db,
        mails.map((mail) => mail.id),
      );
      return;
    }
    const sent = await Promise.all(mails.map((mail) => send(transport, mail)));
    await markSent(
      db,
      mails.filter((_, index) => sent[index]).map((mail) => mail.id),
    );
  }

  return createClaimWorker({
    claim: (limit) => claimDueMail(db, limit),
    handleBatch: deliver,
    what: 'mail',
    intervalMs,
    batchSize,
    gatherMs: options.gatherMs ?? 50,
    logger,
  });
}
