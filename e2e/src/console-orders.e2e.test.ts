/**
 * Customer service in a real browser against the real server: a visitor buys two admissions and
 * takes a receipt; a staff member finds the order by the visitor's e-mail, sends the ticket mail
 * again, and cancels one of the two admissions with a refund through the provider; the visitor's
 * ticket page then shows that admission as no longer valid and the other as it was. Afterwards
 * every place that speaks of the money agrees on it (decision 034): the visitor's receipt page
 * lists the receipt, the refund's document and a receipt re-issued for the net amount; each
 * document's PDF in Japanese, English and Thai, read back by pdftotext, says the same amounts in
 * the venue's currency; the cancellation mail names the refund in the booking's language; the
 * console's summary says paid, refunded and kept. Every amount is worked out from what the order
 * cost. Every console and receipt screen on the way is checked with axe, and no page breaks the CSP.
 */

import { CONSUMPTION_TAX_RATE, includedTax } from '@storefront/domain/console/reports';
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { formatPrice } from '@storefront/domain/format';
import type { Database } from '@storefront/server/db/client';
import { makeStaff, TEST_PASSWORD, TEST_TOTP_SECRET } from '@storefront/server/test/console';
import { pdfToText } from '@storefront/server/test/poppler';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenIs, signIn } from './console-steps.ts';
import { type Harness, hasChromium, recordCspViolations, seriousAxeViolations, startHarness } from './harness.ts';
import {
  CARDS,
  choosePayment,
  chooseTickets,
  fillSignIn,
  openOrderPage,
  proceedFromOrder,
  proceedFromPayment,
  reservationNumberOnComplete,
  TEXTS,
  type Texts,
} from './purchase-steps.ts';

const STAFF = { email: 'desk@orders-e2e.test', password: TEST_PASSWORD, totpSecret: TEST_TOTP_SECRET };
const VISITOR = 'aiko.tanaka@orders-e2e.test';
const ADDRESSEE = 'Tanaka Trading Co.';
const SLOW_MS = 120_000;
/** The visitor's texts: the booking is made in English. */
const t = TEXTS.en as Texts;
const say = (text: string | undefined, values: Record<string, string>) =>
  Object.entries(values).reduce((said, [key, value]) => said.replace(`{${key}}`, value), text ?? '');
/** A text as a reader compares it: without the spaces and line breaks a layout puts in or takes out. */
const unspaced = (text: string) => text.replace(/\s+/g, '');
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The distinct amounts a text names, as `format` writes amounts (its currency sign before or after the figure). */
function amountsIn(text: string, format: (amount: number) => string): string[] {
  const [before, after] = format(1234567).split(/[\d.,\s\u00a0\u202f]*\d/);
  const sign = escaped((before || after || '').trim());
  const pattern = before ? `-?${sign}\\s?[\\d.,]*\\d` : `-?[\\d.,]*\\d\\s?${sign}`;
  return [...new Set(text.match(new RegExp(pattern, 'gu')) ?? [])].sort();
}

describe.skipIf(!hasChromium)('customer service: find an order, resend its ticket, refund one admission', () => {
  let harness: Harness;
  let staff: { context: BrowserContext; page: Page };
  let visitor: { context: BrowserContext; page: Page };
  let ticketUrl = '';
  let reservationNumber = '';
  /** What the order cost, as the server has it: the payment that completed it, and each admission's price. */
  let order: { id: string; lang: LanguageCode; currency: Currency; paid: number; prices: number[] };
  const price = (amount: number, lang: LanguageCode = order.lang) => formatPrice(amount, order.currency, lang);
  const prices = (amounts: number[], lang: LanguageCode = order.lang) => [...new Set(amounts.map((a) => price(a, lang)))].sort();
  const axe: string[] = [];
  const csp: string[][] = [];
  const checkAxe = async (page: Page, name: string) => {
    for (const violation of await seriousAxeViolations(page)) axe.push(`${name}: ${violation}`);
  };
  const rows = async <T>(query: ReturnType<typeof sql>) => (await harness.db.execute(query)) as unknown as { rows: T[] };

  beforeAll(async () => {
    harness = await startHarness({
      variants: ['demo'],
      prepare: async (db: Database) => {
        await makeStaff(db, { email: STAFF.email, name: 'Desk Staff', isOwner: true, totp: true });
      },
    });
    const context = await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    csp.push(await recordCspViolations(context));
    staff = { context, page: await context.newPage() };
  });
  afterAll(async () => {
    await harness?.close();
  });

  it(
    'a visitor buys two admissions and takes a receipt for what they paid',
    async () => {
      const context = await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 375, height: 812 } });
      csp.push(await recordCspViolations(context));
      visitor = { context, page: await context.newPage() };
      const { page } = visitor;
      await openOrderPage(page, harness.baseUrl, 'demo', 'en');
      await chooseTickets(page, { admissions: 2 });
      await proceedFromOrder(page);
      await fillSignIn(page, TEXTS.en ?? {}, VISITOR);
      await choosePayment(page, 'gmo', CARDS.success);
      await proceedFromPayment(page);
      await page.locator('.confirm-submit').click();
      reservationNumber = (await reservationNumberOnComplete(page)) ?? '';
      expect(reservationNumber).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      ticketUrl = `${harness.baseUrl}${await page.locator('a[href*="/tickets/#/id/"]').first().getAttribute('href')}`;

      const [bought] = (
        await rows<{ id: string; lang: LanguageCode; total: number; paid: number; currency: Currency }>(
          sql`select o.id, o.lang, o.total, p.amount as paid, p.currency from orders o
               join payments p on p.order_id = o.id and p.completed_at is not null
              where o.reservation_number = ${reservationNumber}`,
        )
      ).rows;
      // Each admission at its option's price for the slot (a slot's own price over the option's).
      const admissions = await rows<{ option: number; price: number }>(
        sql`select t.option_id as option, coalesce(sp.price, po.price) as price from tickets t
             join orders o on o.id = t.order_id
             join product_options po on po.id = t.option_id
             left join slot_prices sp on sp.time_span_id = o.time_span_id and sp.option_id = t.option_id
            where o.reservation_number = ${reservationNumber} order by t.position`,
      );
      if (!bought) throw new Error(`no completed payment for ${reservationNumber}`);
      order = { ...bought, prices: admissions.rows.map((a) => a.price) };
      expect(order.lang).toBe('en');
      // Two admissions of one option: the receipt has them as one line.
      expect(new Set(admissions.rows.map((a) => a.option)).size).toBe(1);
      expect(order.prices).toHaveLength(2);
      // The order cost what its two admissions cost, and that is what was taken.
      expect(bought.total).toBe(order.prices.reduce((sum, p) => sum + p, 0));
      expect(order.paid).toBe(bought.total);

      await page.goto(ticketUrl);
      await page.getByRole('link', { name: t.ticket_receipt }).click();
      await page.getByLabel(t.receipt_addressee as string).fill(ADDRESSEE);
      await page.getByRole('button', { name: t.receipt_issue }).click();
      await page.locator('.receipt-number').waitFor();
      await expect(page.locator('.receipt-total').textContent()).resolves.toBe(price(order.paid));
      await checkAxe(page, 'receipt');
    },
    SLOW_MS,
  );

  it(
    'staff find the order by the visitor’s e-mail and send the ticket mail again',
    async () => {
      const { page } = staff;
      await signIn(page, harness.baseUrl, STAFF, '/venues/demo/orders');
      await screenIs(page, 'orders');
      await page.getByRole('table').first().waitFor();
      await checkAxe(page, 'orders');
      await page.getByRole('searchbox', { name: 'Search' }).fill(VISITOR.toUpperCase());
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const found = page.getByRole('link', { name: reservationNumber });
      await found.waitFor();
      await expect(page.getByRole('table').first().getByRole('link').count()).resolves.toBe(1);
      await found.click();
      await screenIs(page, 'order-detail');
      await page.getByRole('heading', { name: 'Timeline' }).waitFor();
      await checkAxe(page, 'order-detail');

      const mailsBefore = await rows<{ n: number }>(sql`select count(*)::int as n from outbox where to_address = ${VISITOR}`);
      await page.getByRole('button', { name: 'Send the ticket mail' }).click();
      await page.getByText(`The ticket mail was sent to ${VISITOR}.`).waitFor();
      const mailsAfter = await rows<{ n: number }>(sql`select count(*)::int as n from outbox where to_address = ${VISITOR}`);
      expect(mailsAfter.rows[0]?.n).toBe((mailsBefore.rows[0]?.n ?? 0) + 1);
      // The timeline lists the mail just sent (it refreshes after the action).
      await expect
        .poll(async () => page.getByRole('button', { name: /^View mail/ }).count(), { timeout: 10_000 })
        .toBeGreaterThan(1);
    },
    SLOW_MS,
  );

  it(
    'staff cancel one of the two admissions with a refund through the provider; the visitor’s ticket shows it',
    async () => {
      const { page } = staff;
      await page.getByRole('button', { name: 'Cancel admissions' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel admissions' });
      const first = dialog.getByLabel(/^No\. 1 · /);
      await first.waitFor();
      await expect(first.isChecked()).resolves.toBe(true);
      await first.uncheck();
      // The second admission's share of what was paid is proposed.
      const refunded = order.prices[1] ?? 0;
      await dialog.getByText(`Proposed refund: ${price(refunded, 'en')}`).waitFor();
      await checkAxe(page, 'cancel-admissions');
      await dialog.getByLabel(/^Reason/).fill('Visitor fell ill; refunded one admission');
      await dialog.getByRole('button', { name: 'Cancel the admissions' }).click();
      await dialog.getByText('1 admission was cancelled; its QR code no longer works.').waitFor();
      await dialog.getByText(`Refund of ${price(refunded, 'en')}: done.`).waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'hidden' });

      const tickets = await rows<{ position: number; status: string }>(
        sql`select t.position, t.status from tickets t join orders o on o.id = t.order_id
             where o.reservation_number = ${reservationNumber} order by t.position`,
      );
      expect(tickets.rows).toEqual([
        { position: 1, status: 'valid' },
        { position: 2, status: 'cancelled' },
      ]);
      const refunds = await rows<{ amount: number; status: string }>(
        sql`select r.amount, r.status from refunds r join orders o on o.id = r.order_id where o.reservation_number = ${reservationNumber}`,
      );
      expect(refunds.rows).toEqual([{ amount: refunded, status: 'succeeded' }]);

      const { page: ticket } = visitor;
      await ticket.goto(ticketUrl);
      await ticket.locator('[data-screen="ticket"] .ticket-card').waitFor();
      const statuses = () =>
        ticket.locator('.ticket-qr-item').evaluateAll((items) => items.map((item) => item.getAttribute('data-status')));
      // The visit is days ahead: the standing admission waits for its time, the cancelled one is no longer valid.
      // The page may first paint the ticket it kept and then the one it reads again: wait for the read.
      await expect.poll(statuses, { timeout: 10_000 }).toEqual(['invalid_time', 'invalid']);
      // The ticket's facts count the standing admission and say what was paid and what came back.
      const fact = (label: string) =>
        ticket
          .locator('.ticket-fact')
          .filter({ has: ticket.getByText(label, { exact: true }) })
          .locator('dd');
      await expect(fact(t.ticket_price_paid as string).textContent()).resolves.toBe(price(order.paid));
      await expect(fact(t.ticket_price_refunded as string).textContent()).resolves.toBe(price(refunded));
    },
    SLOW_MS,
  );

  it(
    'the receipt page, the documents’ PDFs, the visitor’s mails and the console agree on paid, refunded and net',
    async () => {
      // The standing admission's price, and the cancelled one's, which went back.
      const [unit = 0, refunded = 0] = order.prices;
      const net = order.paid - refunded;
      const { page } = visitor;

      // The receipt page: the receipt as issued, the refund's own document, each with the amount it states,
      // and what is paid less refunds.
      await page.goto(ticketUrl);
      await page.getByRole('link', { name: t.ticket_receipt }).click();
      const listed = () =>
        page.locator('.receipt-document').evaluateAll((items) =>
          items.map((item) => ({
            kind: item.getAttribute('data-kind'),
            number: item.querySelector('.receipt-document-number')?.textContent?.replace(/^No\. /, '') ?? '',
            amount: item.querySelector('.receipt-document-facts > div:nth-child(2) dd')?.textContent ?? '',
            replacedBy: item.querySelector('.receipt-document-replaced')?.textContent ?? null,
          })),
        );
      await expect.poll(async () => (await listed()).map((d) => d.kind)).toEqual(['receipt', 'refund']);
      const [receipt, refund] = await listed();
      if (!receipt || !refund) throw new Error('the receipt page lists no documents');
      expect([receipt.amount, refund.amount]).toEqual([price(order.paid), price(refunded)]);
      await expect(page.locator('.receipt-net dd').textContent()).resolves.toBe(price(net));
      await expect(page.locator('.receipt-reissue .ticket-note').textContent()).resolves.toBe(
        say(t.receipt_reissue_note, { amount: price(net), name: ADDRESSEE, number: receipt.number }),
      );
      await checkAxe(page, 'receipt-documents');

      // The visitor asks for a receipt for what they paid in the end: it names the one it replaces.
      await page.getByRole('button', { name: t.receipt_reissue }).click();
      await page.locator('.receipt-reissued').waitFor();
      await expect
        .poll(async () => (await listed()).map((d) => [d.kind, d.replacedBy]))
        .toEqual([
          ['receipt', expect.stringMatching(/^Replaced by No\. /)],
          ['refund', null],
          ['reissue', null],
        ]);
      const documents = await listed();
      const reissue = documents[2];
      if (!reissue) throw new Error('no re-issued receipt listed');
      expect(documents.map((d) => d.amount)).toEqual([price(order.paid), price(refunded), price(net)]);
      expect(documents[0]?.replacedBy).toBe(say(t.receipt_replaced_by, { number: reissue.number }));
      await expect(page.locator('.receipt-reissued').textContent()).resolves.toBe(
        say(t.receipt_reissued, { number: reissue.number }),
      );
      await expect(page.locator('.receipt-net dd').textContent()).resolves.toBe(price(net));
      expect(await page.locator('.receipt-reissue').count()).toBe(0);

      // Each document in full: its amount, its lines adding up to it, and which document it answers.
      const shown = async () => ({
        kind: await page.locator('article.receipt').getAttribute('data-kind'),
        total: await page.locator('article.receipt .receipt-total').textContent(),
        replaces: (await page.locator('article.receipt .receipt-replaces').allTextContents())[0] ?? null,
        tax: await page.locator('article.receipt .receipt-lines tfoot tr:first-child').textContent(),
        lines: await page
          .locator('article.receipt .receipt-lines tbody tr')
          .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))),
      });
      await expect.poll(async () => (await shown()).kind).toBe('reissue');
      expect(await shown()).toEqual({
        kind: 'reissue',
        total: price(net),
        replaces: say(t.receipt_replaces, { number: receipt.number }),
        tax: `${t.receipt_tax_included} (${CONSUMPTION_TAX_RATE}%)${price(includedTax(net))}`,
        lines: [['1', price(unit), price(unit)]],
      });
      await page.getByRole('button', { name: say(t.receipt_view_of, { number: refund.number }) }).click();
      await expect.poll(async () => (await shown()).kind).toBe('refund');
      expect(await shown()).toEqual({
        kind: 'refund',
        total: price(refunded),
        replaces: say(t.receipt_corrects, { number: receipt.number }),
        tax: `${t.receipt_tax_included} (${CONSUMPTION_TAX_RATE}%)${price(includedTax(refunded))}`,
        lines: [['1', price(refunded), price(refunded)]],
      });
      await page.getByRole('button', { name: say(t.receipt_view_of, { number: receipt.number }) }).click();
      await expect.poll(async () => (await shown()).kind).toBe('receipt');
      expect(await shown()).toEqual({
        kind: 'receipt',
        total: price(order.paid),
        replaces: null,
        tax: `${t.receipt_tax_included} (${CONSUMPTION_TAX_RATE}%)${price(includedTax(order.paid))}`,
        lines: [[String(order.prices.length), price(unit), price(order.paid)]],
      });
      await expect(page.locator('.receipt-replaced-notice').textContent()).resolves.toBe(
        say(t.receipt_replaced_by, { number: reissue.number }),
      );
      await checkAxe(page, 'receipt-reissued');

      // Each document's PDF, from its link on the page, in Japanese, English and Thai, as a reader reads it:
      // its title, number and the document it answers, and no amount but its own, its tax and its lines'.
      const expected = [
        { ...receipt, title: 'receipt_title', amounts: [order.paid, includedTax(order.paid), unit], answers: null },
        { ...refund, title: 'receipt_title_refund', amounts: [refunded, includedTax(refunded)], answers: receipt.number },
        { ...reissue, title: 'receipt_title_reissue', amounts: [net, includedTax(net), unit], answers: receipt.number },
      ];
      const pdfOf = async (href: string, lang: LanguageCode) => {
        const url = new URL(href, harness.baseUrl);
        url.searchParams.set('lang', lang);
        const response = await page.request.get(url.href);
        expect(response.status(), url.href).toBe(200);
        expect(response.headers()['content-type']).toBe('application/pdf');
        return pdfToText(await response.body());
      };
      for (const document of expected) {
        const link = page.getByRole('link', { name: say(t.receipt_pdf_of, { number: document.number }) });
        const href = (await link.getAttribute('href')) ?? '';
        expect(new URL(href, harness.baseUrl).searchParams.get('lang')).toBe(order.lang);
        for (const lang of ['ja', 'en', 'th'] as const) {
          const text = await pdfOf(href, lang);
          const where = `${document.kind} ${document.number} in ${lang}:\n${text}`;
          // The title as the receipt page words it (the English PDF sets it in capitals).
          const title = TEXTS[lang]?.[document.title] ?? '';
          expect(unspaced(text).toLowerCase(), where).toContain(unspaced(title).toLowerCase());
          expect(text, where).toContain(`No. ${document.number}`);
          if (document.answers) expect(text, where).toContain(`No. ${document.answers}`);
          expect(
            amountsIn(text, (a) => price(a, lang)),
            where,
          ).toEqual(prices(document.amounts, lang));
          if (lang !== 'th') continue;
          // Thai comes back as written: the document's names and the venue's (as the document itself gives them
          // in Thai, `…/receipts/{number}`), SARA AM as one character, not NIKHAHIT + SARA AA.
          const json = new URL(href.replace(/\/pdf(?=\?|$)/, ''), harness.baseUrl);
          json.searchParams.set('lang', lang);
          const written = (await (await page.request.get(json.href)).json()) as {
            lines: { name: string }[];
            venue: { name: string; address: string };
          };
          for (const words of [...written.lines.map((l) => l.name), written.venue.name, written.venue.address])
            expect(unspaced(text), where).toContain(unspaced(words));
          expect(text, where).not.toMatch(/\u0e4d\u0e32/);
        }
      }

      // The visitor's mails: the cancellation names the refund, in the booking's language.
      const mails = await rows<{ kind: string; lang: string; text_body: string }>(
        sql`select kind, lang, text_body from outbox where order_id = ${order.id} and to_address = ${VISITOR} order by created_at`,
      );
      const cancellation = mails.rows.filter((m) => m.kind.startsWith('cancellation'));
      expect(cancellation.map((m) => [m.kind, m.lang])).toEqual([['cancellation_by_staff', order.lang]]);
      expect(
        amountsIn(cancellation[0]?.text_body ?? '', (a) => price(a)),
        cancellation[0]?.text_body,
      ).toEqual(prices([refunded]));
      const confirmation = mails.rows.find((m) => m.kind === 'order_confirmation')?.text_body ?? '';
      expect(
        amountsIn(confirmation, (a) => price(a)),
        confirmation,
      ).toEqual(prices([unit * 2, order.paid]));

      // The console's summary: partly cancelled and refunded in part, one of two standing, paid less refunded kept.
      const { page: desk } = staff;
      const fact = (term: string) =>
        desk
          .locator('.order-facts > div')
          .filter({ has: desk.getByRole('term').getByText(term, { exact: true }) })
          .locator('dd');
      await expect
        .poll(() => fact('Status').locator('.badge').allTextContents())
        .toEqual(['Partly cancelled', 'refunded in part']);
      await expect(fact('Admissions').textContent()).resolves.toBe('1 of 2 standing · 1 cancelled');
      await expect(fact('Amount kept').textContent()).resolves.toBe(
        `${price(net, 'en')} (paid ${price(order.paid, 'en')}, refunded ${price(refunded, 'en')})`,
      );
      await checkAxe(desk, 'order-detail-after-refund');

      expect(axe, axe.join('\n')).toEqual([]);
      expect(csp.flat(), csp.flat().join('\n')).toEqual([]);
    },
    SLOW_MS,
  );
});
