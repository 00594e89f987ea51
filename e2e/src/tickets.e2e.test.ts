/**
 * After the purchase, in Chromium: the visitor buys four admissions, opens the ticket from the
 * e-mail, shares two; the receiver claims them; before the visit the ticket says when it is valid
 * (not a red "not valid"); the receiver opens the gate pass of one admission (its code large, a
 * moving band, a running clock, no check-in button) and the pass turns to "Checked in at …" once
 * the gate records the admission. Neither the receiver nor the pass shows the reservation number;
 * the old staff station address opens the gate app.
 * The holder gets a receipt PDF with the total, sends the other two by e-mail (the friend's mail
 * names the holder and gives the tickets only), finds the ticket again by reservation inquiry
 * (a wrong number says not found), and unsubscribes twice.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { DISPLAY_TIME_ZONE } from '@storefront/domain/constants';
import { timeOfDayIn } from '@storefront/domain/dates';
import en from '@storefront/seed/texts/en.json' with { type: 'json' };
import { wallClock } from '@storefront/server/test/clock';
import { setCheckInGrace } from '@storefront/server/test/tickets';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, hasChromium, seriousAxeViolations, startHarness } from './harness.ts';
import { CARDS, chooseOpenDay, choosePayment, fillSignIn, proceedFromPayment } from './purchase-steps.ts';

const t = en as Record<string, string>;
const SCREENSHOTS = new URL('../../test-results/screenshots/', import.meta.url);

/** The text a PDF draws: its (deflated) content streams' hex strings, read as WinAnsi. */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  let text = '';
  for (const match of source.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const raw = Buffer.from(match[1] as string, 'latin1');
    let content: string;
    try {
      content = inflateSync(raw).toString('latin1');
    } catch {
      content = raw.toString('latin1');
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
      text += `${Buffer.from(hex[1] as string, 'hex').toString('latin1')}\n`;
  }
  return text;
}

async function checkPage(page: Page, problems: string[], step: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`${step}: wider than the screen by ${overflow}px`);
  for (const violation of await seriousAxeViolations(page)) problems.push(`${step}: ${violation}`);
}

/** Looks at the page at both widths: no overflow, no serious axe finding, and a screenshot each. */
async function judge(page: Page, problems: string[], step: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await checkPage(page, problems, `${step} at ${width}px`);
    await page.screenshot({ path: new URL(`tickets-${step}-${width}.png`, SCREENSHOTS).pathname, fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 900 });
}

async function buyFourAdmissions(harness: Harness, page: Page, email: string) {
  await page.goto(`${harness.baseUrl}/demo/?lang=en#/order`);
  await page.locator('[data-screen="order"]').waitFor();
  await page.locator('.order-products .order-choice:not([disabled])').first().click();
  await chooseOpenDay(page, 1);
  const slot = page.locator('.order-slot:not([disabled])').first();
  await slot.waitFor();
  await slot.click();
  const admission = page.locator('.quantity-select').first();
  await admission.waitFor();
  await admission.selectOption('4');
  await page.locator('.order-proceed').click();
  // The newsletter starts unticked (the demo venue has no setting that ticks it): this visitor subscribes.
  await fillSignIn(page, t, email, async () => {
    const newsletter = page.getByLabel(t.signin_field_mail_magazine as string, { exact: true });
    expect(await newsletter.isChecked()).toBe(false);
    await newsletter.check();
  });
  await choosePayment(page, 'gmo', CARDS.success);
  await proceedFromPayment(page);
  await page.locator('.confirm-submit').click();
  await page.locator('[data-screen="complete"]').waitFor({ timeout: 30_000 });
  const number = (await page.locator('[data-screen="complete"]').textContent())?.match(/[0-9A-Z]{5}-[0-9A-Z]{5}/)?.[0];
  expect(number).toBeTruthy();
  return number as string;
}

/**
 * A gate device scans the pass's code (as the gate app would): a device paired to the venue (its
 * row written as a pairing leaves it) calls the scanner's API with its own token. Answers the time
 * the pass should then show (HH:MM at the venue).
 */
async function scanAtGate(harness: Harness, code: string): Promise<string> {
  const token = randomBytes(16).toString('base64url');
  await harness.db.execute(sql`
    insert into gate_devices (site_id, name, gate, token_hash, paired_at)
    select id, 'North gate tablet', 'north-1', ${createHash('sha256').update(token).digest('hex')}, app_now()
    from sites where code = 'demo'`);
  const response = await fetch(`${harness.baseUrl}/console/api/v1/venues/demo/gate/scans`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      cookie: 'XSRF-TOKEN=tickets-e2e',
      'x-xsrf-token': 'tickets-e2e',
    },
    body: JSON.stringify({ code, lang: 'en' }),
  });
  const result = (await response.json()) as { status: string; admitted: number; checked_in_at: string | null };
  expect(response.status, JSON.stringify(result)).toBe(200);
  expect(result).toMatchObject({ status: 'success', admitted: 1 });
  return timeOfDayIn(new Date(result.checked_in_at as string), DISPLAY_TIME_ZONE);
}

async function dialogTitle(page: Page): Promise<string> {
  const title = page.locator('.dialog .dialog-title');
  await title.waitFor();
  return (await title.textContent()) ?? '';
}

describe.skipIf(!hasChromium)('after the purchase in Chromium', () => {
  let harness: Harness;
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // The calendar's open days start from the venue's today, which is still open only until its last
    // slot: at 10:00 at the venue the visitor picks the same day whatever the hour the suite runs.
    harness = await startHarness({ variants: ['demo'], at: wallClock('10:00') });
    // The tickets bought are for a later day: let this venue's gates admit them now.
    await setCheckInGrace(harness.db, 'demo', 30 * 24 * 60);
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('shares, claims, says when the ticket is valid, shows a gate pass that turns to checked in, issues a receipt PDF, sends the rest by e-mail, finds the ticket again and unsubscribes', async () => {
    const email = 'holder@example.com';
    const context = await harness.newContext({
      viewport: { width: 375, height: 900 },
      acceptDownloads: true,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const problems: string[] = [];
    try {
      const number = await buyFourAdmissions(harness, page, email);

      // The confirmation e-mail: the ticket link and the unsubscribe link.
      await page.goto(`${harness.baseUrl}/dev/mail/latest?to=${encodeURIComponent(email)}`);
      // Each link carries the language the mail was written in.
      const ticketLink = (await page.locator('a[href*="#/id/"]').first().getAttribute('href')) as string;
      expect(ticketLink).toMatch(/\/demo\/tickets\/\?lang=en#\/id\/[\w-]{22}$/);
      const releaseLink = (await page.locator('a[href*="#/mail-release/"]').first().getAttribute('href')) as string;
      expect(releaseLink).toMatch(/\/demo\/\?lang=en#\/mail-release\/[\w-]{22}$/);

      // The ticket, opened from the e-mail: four admissions, one QR each (the demo venue shows them separately).
      const ticketResponse = await page.goto(ticketLink);
      expect(ticketResponse?.headers()['referrer-policy']).toBe('no-referrer');
      await page.locator('[data-screen="ticket"] .ticket-qr svg').first().waitFor();
      expect(await page.locator('.ticket-qr-item').count()).toBe(4);
      expect(await page.locator('.ticket-number').first().textContent()).toBe(number);
      await judge(page, problems, 'ticket');

      // Share two of the four.
      await page.getByRole('link', { name: t.ticket_share as string }).click();
      await page.locator('[data-screen="share"] .share-count').first().selectOption('2');
      await judge(page, problems, 'share');
      await page.getByRole('button', { name: t.share_create_link as string }).click();
      const shareLink = await page.locator('.share-link-input').inputValue();
      expect(shareLink).toMatch(/\/demo\/tickets\/#\/tickets\/shared\/[\w-]{22}$/);
      await page.getByRole('link', { name: t.ticket_back as string }).click();
      await page.locator('.ticket-qr-item').first().waitFor();
      expect(await page.locator('.ticket-qr-item').count()).toBe(2);

      // The receiver claims them on another device and sees only their two.
      const receiverContext = await harness.newContext({
        viewport: { width: 375, height: 900 },
        reducedMotion: 'reduce',
      });
      const receiver = await receiverContext.newPage();
      await receiver.goto(shareLink.replace('/tickets/#', '/tickets/?lang=en#'));
      await receiver.getByRole('button', { name: t.shared_claim as string }).waitFor();
      expect(await receiver.locator('main').textContent()).not.toContain(number);
      await judge(receiver, problems, 'shared');
      await receiver.getByRole('button', { name: t.shared_claim as string }).click();
      await receiver.locator('[data-screen="ticket"] .ticket-qr svg').first().waitFor();
      expect(await receiver.locator('.ticket-qr-item').count()).toBe(2);
      expect(await receiver.locator('.ticket-note').first().textContent()).toBe(t.ticket_received_note);
      // A receiver's page shows the tickets, not the booking: no number, no sharing, sending, date change or receipt.
      expect(await receiver.locator('.ticket-number').count()).toBe(0);
      expect(await receiver.locator('main').textContent()).not.toContain(number);
      expect(await receiver.locator('.ticket-actions a').count()).toBe(0);
      await judge(receiver, problems, 'received');

      // Before the visit the ticket says calmly when it is valid: no red "not valid at this time".
      await setCheckInGrace(harness.db, 'demo', 0);
      await receiver.reload();
      await receiver.locator('.ticket-qr-item .ticket-validity').first().waitFor();
      const validity = (await receiver.locator('.ticket-qr-item .ticket-validity').first().textContent()) ?? '';
      expect(validity).toMatch(
        new RegExp(
          `^${(t.ticket_valid_on as string)
            .replace('{date}', String.raw`\d{4}/\d{2}/\d{2} \(\w{3}\)`)
            .replace('{from}', String.raw`\d{2}:\d{2}`)
            .replace('{to}', String.raw`\d{2}:\d{2}`)}$`,
        ),
      );
      expect(await receiver.locator('.ticket-status-invalid_time, .ticket-status-invalid').count()).toBe(0);
      // The badge is neutral: the page's own text colour, not the red of an invalid ticket.
      expect(
        await receiver
          .locator('.ticket-qr-item .ticket-validity')
          .first()
          .evaluate((badge) => getComputedStyle(badge).color === getComputedStyle(document.body).color),
      ).toBe(true);
      await judge(receiver, problems, 'before-visit');
      await setCheckInGrace(harness.db, 'demo', 30 * 24 * 60);
      await receiver.reload();
      await receiver.locator('.ticket-status-available').first().waitFor();

      // The receiver opens the gate pass of their second admission: a code to scan, nothing to press.
      const secondAdmission = (await receiver.locator('.ticket-qr-item').nth(1).getAttribute('data-admission')) as string;
      const secondCode = (await receiver
        .locator(`.ticket-qr-item[data-admission="${secondAdmission}"] .ticket-qr`)
        .getAttribute('data-qr')) as string;
      await receiver
        .locator(`.ticket-qr-item[data-admission="${secondAdmission}"]`)
        .getByRole('link', { name: t.ticket_open_pass as string })
        .click();
      const pass = receiver.locator('[data-screen="check-in"][data-pass="live"]');
      await pass.locator('.pass-qr svg').waitFor();
      expect(await pass.locator('.pass-qr').getAttribute('data-qr')).toBe(secondCode);
      expect(secondCode).toMatch(/^SF2\./);
      expect(await pass.locator('.pass-instruction').textContent()).toBe(t.pass_instruction);
      expect(await pass.getByRole('button').count()).toBe(0);
      expect(await receiver.locator('main').textContent()).not.toContain(number);
      // The clock runs, to the second: a screenshot of the pass would stand still.
      const clock = pass.locator('.pass-clock-time');
      const shown = (await clock.textContent()) ?? '';
      expect(shown).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      await receiver.waitForFunction((before) => document.querySelector('.pass-clock-time')?.textContent !== before, shown, {
        timeout: 3_000,
      });
      // The band moves, unless the visitor asked for less motion.
      const band = pass.locator('.pass-band');
      expect(await band.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
      await receiver.emulateMedia({ reducedMotion: 'no-preference' });
      expect(await band.evaluate((element) => getComputedStyle(element).animationName)).toBe('pass-band-move');
      await receiver.emulateMedia({ reducedMotion: 'reduce' });
      await judge(receiver, problems, 'pass');

      // A gate device scans the code on the pass; the pass, asking every few seconds, says so.
      const checkedInAt = await scanAtGate(harness, secondCode);
      await receiver.locator('[data-screen="check-in"][data-pass="checked-in"]').waitFor({ timeout: 15_000 });
      expect(await receiver.locator('.pass-done').textContent()).toBe(
        `✓ ${(t.pass_checked_in_at as string).replace('{time}', checkedInAt)}`,
      );
      expect(await receiver.locator('.pass-qr').count()).toBe(0);
      await judge(receiver, problems, 'pass-checked-in');

      // The old staff station address sends staff to the gate app.
      const oldStation = await context.newPage();
      await oldStation.goto(`${harness.baseUrl}/demo/tickets/?lang=en#/id/gate/north-1/gate`);
      await oldStation.waitForURL(`${harness.baseUrl}/gate/`);
      await oldStation.close();
      await receiverContext.close();

      // The receipt: addressee, the printable page, and the PDF with the total.
      await page.getByRole('link', { name: t.ticket_receipt as string }).click();
      await page.getByLabel(t.receipt_addressee as string).fill('Example Trading Co.');
      await page.getByRole('button', { name: t.receipt_issue as string }).click();
      await page.locator('.receipt-number').waitFor();
      const totalShown = ((await page.locator('.receipt-total').textContent()) ?? '').trim();
      expect(totalShown).toMatch(/[\d,]+/);
      await judge(page, problems, 'receipt');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: t.receipt_download as string }).click(),
      ]);
      const pdf = await readFile((await download.path()) as string);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const drawn = pdfText(pdf);
      expect(drawn).toContain(totalShown);
      expect(drawn).toContain(number);
      expect(drawn).toContain('Example Trading Co.');

      // The holder sends the other two by e-mail: the friend's mail names the holder and carries a share link only.
      await page.goto(ticketLink);
      await page.getByRole('link', { name: t.ticket_send as string }).click();
      await page.locator('[data-screen="send"] input[type="email"]').waitFor();
      expect(await page.locator('[data-screen="send"] .ticket-note').textContent()).toBe(
        (t.send_note as string).replace('{count}', '2'),
      );
      await judge(page, problems, 'send');
      await page.getByLabel(t.send_email as string).fill('friend@example.com');
      await page.getByRole('button', { name: t.send_submit as string }).click();
      await page.locator('[data-screen="send"] .ticket-done').waitFor();
      await judge(page, problems, 'send-done');
      await page.getByRole('link', { name: t.ticket_back as string }).click();
      await page.locator('.ticket-handed-on').waitFor();
      expect(await page.locator('.ticket-handed-on').textContent()).toBe(t.ticket_all_handed_on);
      expect(await page.locator('.ticket-number').first().textContent()).toBe(number);
      expect(await page.getByRole('link', { name: t.ticket_send as string }).count()).toBe(0);
      expect(await page.getByRole('link', { name: t.ticket_receipt as string }).count()).toBe(1);
      await judge(page, problems, 'all-sent');

      const friendContext = await harness.newContext({ viewport: { width: 375, height: 900 }, reducedMotion: 'reduce' });
      const friend = await friendContext.newPage();
      await friend.goto(`${harness.baseUrl}/dev/mail/latest?to=${encodeURIComponent('friend@example.com')}`);
      const friendMail = (await friend.locator('body').textContent()) ?? '';
      expect(friendMail).toContain('Hanako Yamada');
      expect(friendMail).not.toContain(number);
      expect(await friend.locator('a[href*="#/id/"]').count()).toBe(0);
      const sentLink = (await friend.locator('a[href*="#/tickets/shared/"]').first().getAttribute('href')) as string;
      expect(sentLink).toMatch(/\/demo\/tickets\/\?lang=en#\/tickets\/shared\/[\w-]{22}$/);
      await friend.goto(sentLink);
      await friend.getByRole('button', { name: t.shared_claim as string }).click();
      await friend.locator('[data-screen="ticket"] .ticket-qr svg').first().waitFor();
      expect(await friend.locator('.ticket-qr-item').count()).toBe(2);
      expect(await friend.locator('.ticket-number').count()).toBe(0);
      expect(await friend.locator('main').textContent()).not.toContain(number);
      expect(await friend.locator('.ticket-actions a').count()).toBe(0);
      await friendContext.close();

      // Reservation inquiry finds the ticket; a wrong number says ticket not found.
      await page.goto(`${harness.baseUrl}/demo/#/reservation-inquiry`);
      await page.getByLabel(t.inquiry_email as string).fill(email);
      await page.getByLabel(t.inquiry_reservation_number as string).fill('ZZZZZ-ZZZZZ');
      await judge(page, problems, 'inquiry');
      await page.getByRole('button', { name: t.inquiry_search as string }).click();
      expect(await dialogTitle(page)).toBe(t.dialog_inquiry_error_title);
      await page.locator('.dialog .button-primary').click();
      await page.getByLabel(t.inquiry_reservation_number as string).fill(number);
      await page.getByRole('button', { name: t.inquiry_search as string }).click();
      await page.waitForURL(/\/demo\/tickets\/#\/id\/[\w-]{22}$/);
      await page.locator('.ticket-number').first().waitFor();
      expect(await page.locator('.ticket-number').first().textContent()).toBe(number);

      // Unsubscribe, then again: the already-unsubscribed dialog.
      await page.goto(releaseLink);
      await page.getByRole('button', { name: t.mail_release_submit as string }).waitFor();
      await judge(page, problems, 'mail-release');
      await page.getByRole('button', { name: t.mail_release_submit as string }).click();
      await page.locator('[data-screen="mail-release-completion"] h1').waitFor();
      expect(await page.locator('[data-screen="mail-release-completion"] h1').textContent()).toBe(
        t.mail_release_completion_title,
      );
      await judge(page, problems, 'mail-release-completion');
      await page.goto(releaseLink);
      await page.reload();
      await page.getByRole('button', { name: t.mail_release_submit as string }).click();
      expect(await dialogTitle(page)).toBe(t.dialog_mail_magazine_already_unsubscribed_title);
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
