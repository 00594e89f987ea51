/** Shared by the mail tests: a sample order, an accessibility check and a local SMTP server. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { Window } from 'happy-dom';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../src/db/client.ts';
import type { OrderConfirmationData } from '../src/modules/mail/order-confirmation-mail.ts';
import type { NewOutboxMail } from '../src/modules/mail/outbox.repository.ts';
import { sites } from '../src/modules/sites/sites.schema.ts';

export const sampleOrder: OrderConfirmationData = {
  venueName: 'Borderless Museum',
  reservationNumber: 'R7K2-9QXM',
  ticketUrl: 'https://shop.example/borderless/tickets/#/tickets?reservation_token=AbC_dEf-123&lang=en',
  productName: 'Timed entry',
  date: '2026-11-22',
  startTime: '10:30',
  lines: [
    { name: 'Adult', quantity: 2, amount: 6400 },
    { name: 'Child', quantity: 1, amount: 1600 },
  ],
  discount: 800,
  total: 7200,
  currency: 'JPY',
  venueAddress: '1-3-8 Azabudai, Minato-ku, Tokyo',
  contactEmail: 'info@borderless.example',
};

export async function firstSiteId(db: Database): Promise<number> {
  const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
  if (!site) throw new Error('the test database has no site: seed it');
  return site.id;
}

export function sampleMail(siteId: number, overrides: Partial<NewOutboxMail> = {}): NewOutboxMail {
  return {
    siteId,
    kind: 'order_confirmation',
    toAddress: 'visitor@example.com',
    fromAddress: 'Borderless <no-reply@borderless.example>',
    subject: 'Borderless Museum: your booking is confirmed (reservation R7K2-9QXM)',
    textBody: `View your tickets:\n${sampleOrder.ticketUrl}\n`,
    htmlBody: '<!doctype html><html lang="en"><head><title>Booking</title></head><body><p>Booking</p></body></html>',
    lang: 'en',
    ...overrides,
  };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeResult = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };

/**
 * Serious and critical axe violations of a whole HTML document, as "rule: target" lines (the same
 * threshold as the browser journeys). happy-dom does no layout, so colour contrast is not judged here.
 */
export async function axeViolations(html: string): Promise<string[]> {
  const window = new Window({
    url: 'http://localhost/',
    settings: { disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
  });
  try {
    window.document.write(html);
    window.eval(axeSource);
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResult> } }).axe;
    const result = await axe.run(window.document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  } finally {
    await window.happyDOM.close();
  }
}

export type TestSmtpServer = { url: string; messages: string[]; close(): Promise<void> };

/** A local SMTP server that collects what it receives; it refuses the first `refuseFirst` recipients with a 450. */
export async function startSmtpServer(options: { refuseFirst?: number } = {}): Promise<TestSmtpServer> {
  const messages: string[] = [];
  let refusals = options.refuseFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 450 }));
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable transfer encoding, enough to search a received message's text. */
export function decodeQuotedPrintable(message: string): string {
  return message
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
