/**
 * The gate on a launch day, in Chromium against the real server (issue 17): a phone pairs with the
 * code a manager made for it; an attendant scans tickets by typing their codes into the field a
 * barcode reader types into, and each result (admit, used, wrong time, invalid, changed) fills the
 * screen and is looked at; a booking is found by its reservation number and checked in by hand.
 * Then the Wi-Fi fails: two phones that loaded the scanner before go offline, open it again from
 * their service worker, and admit by their offline kit: ten tickets of a party, one of them
 * cancelled by staff before the network went (refused), and one admitted at both gates. Back
 * online, both upload their scans; the server records the first and reports the second as a
 * conflict, which the phone that uploaded it shows. Screens are checked with axe at phone and
 * tablet sizes, and no page breaks the Content-Security-Policy.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiFor } from '@storefront/server/test/api';
import { wallClock } from '@storefront/server/test/clock';
import { type ConsoleClient, consoleClient, makeStaff, makeTeam, signIn } from '@storefront/server/test/console';
import { otherSlot, setDateChangeRules } from '@storefront/server/test/date-changes';
import { type Bought, buyTickets, setCheckInGrace } from '@storefront/server/test/tickets';
import { sql } from 'drizzle-orm';
import { type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENUE_TIME_ZONE, venueToday } from './catalogue-steps.ts';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  type Harness,
  hasChromium,
  installClock,
  recordCspViolations,
  seriousAxeViolations,
  startHarness,
} from './harness.ts';

const SCREENSHOTS = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
/** The scanner ignores the same code read again this soon (a ticket still before the camera). */
const REPEAT_MS = 3000;

type Device = { context: BrowserContext; page: Page; name: string };

describe.skipIf(!hasChromium)('the gate: pairing, results for a queue, manual entry, and a day offline', () => {
  let harness: Harness;
  /** A manager of the demo venue in the console: gate devices, cancellations. */
  let manager: ConsoleClient;
  let staffEmail = '';
  const axe: string[] = [];
  const csp: string[][] = [];
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await harness.db.execute(query)) as unknown as { rows: T[] }).rows;

  const api = () => apiFor(harness.app, 'demo');

  /** Moves a bought slot to now (it started ten minutes ago), so its tickets admit today. */
  async function slotNow(bought: Bought, secondsApart: number) {
    await harness.db.execute(sql`update product_time_spans
      set date = ${venueToday()}::date,
          starts_at = app_now() - interval '10 minutes' - make_interval(secs => ${secondsApart}),
          ends_at = app_now() + interval '50 minutes' - make_interval(secs => ${secondsApart})
      where id = ${bought.slot.timeSpanId}`);
  }

  /** The codes the visitor's ticket page shows now: the party's, and each admission's. */
  const codesOf = async (bought: Bought) => {
    const view = await api().get<{ partyQr: string; admissions: { id: string; qr: string }[] }>(
      `tickets/${bought.reservationToken}?lang=en`,
    );
    expect(view.status).toBe(200);
    return { party: view.body.partyQr, each: view.body.admissions.map((a) => a.qr), ids: view.body.admissions.map((a) => a.id) };
  };

  /** Staff cancel admissions in the console (no refund). */
  async function cancelByStaff(bought: Bought, tickets: string[] | 'all') {
    const cancelled = await manager.post(`venues/demo/orders/${await orderIdOf(bought)}/cancellation`, {
      tickets,
      refund: { mode: 'none', amount: 0 },
      reason: 'The visitor asked us to cancel',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  }

  const orderIdOf = async (bought: Bought) =>
    (await rows<{ id: string }>(sql`select id::text from orders where reservation_number = ${bought.reservationNumber}`))[0]
      ?.id as string;

  /** A device for the gate, paired in the console as a manager would, and the phone opening its pairing link. */
  async function pairDevice(
    name: string,
    gate: string,
    viewport: { width: number; height: number },
    /** Opens the phone's browser context (the harness's, on the journey's clock, unless given). */
    newContext: (options: BrowserContextOptions) => Promise<BrowserContext> = harness.newContext,
    pairingLink?: string,
  ): Promise<Device> {
    let link = pairingLink;
    if (!link) {
      const made = await manager.post<{ pairing_url: string }>('venues/demo/gate-devices', { name, gate });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      link = `${harness.baseUrl}${made.body.pairing_url}`;
    }
    const context = await newContext({
      locale: 'en-GB',
      viewport,
      timezoneId: VENUE_TIME_ZONE,
      serviceWorkers: 'allow',
      permissions: ['camera'],
    });
    csp.push(await recordCspViolations(context));
    const page = await context.newPage();
    await page.goto(`${harness.baseUrl}/gate/`);
    await page.getByRole('heading', { name: 'Pair this scanner' }).waitFor();
    await shoot(page, `unpaired-${viewport.width}`);
    await checkAxe(page, `unpaired ${viewport.width}`);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Ready' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('');
    await expect.poll(() => page.locator('[data-testid="kit"]').textContent()).toMatch(/Offline data \d\d:\d\d/);
    // The service worker controls the page, so it opens again without the network.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });
    return { context, page, name };
  }

  const shoot = async (page: Page, name: string) => {
    await page.screenshot({ path: `${SCREENSHOTS}gate-${name}.png` });
  };
  const checkAxe = async (page: Page, name: string) => {
    for (const violation of await seriousAxeViolations(page)) axe.push(`${name}: ${violation}`);
  };

  /** Types a code into the barcode reader's field and presses Enter; the result for the queue. */
  async function scan(device: Device, code: string) {
    // The field a barcode reader types into, whatever the device's language.
    const field = device.page.locator('form.wedge input[name="code"]');
    await field.fill(code);
    await field.press('Enter');
    const result = device.page.locator('.result');
    await result.waitFor();
    return { tone: await result.getAttribute('data-result'), text: (await result.innerText()).replace(/\s+/g, ' ').trim() };
  }
  const clear = async (device: Device) => {
    await device.page.locator('.result button').click();
    await device.page.locator('.result').waitFor({ state: 'detached' });
  };

  beforeAll(async () => {
    harness = await startHarness({
      // Tickets are moved to a slot of the venue's today that started ten minutes ago, and the phones
      // admit by today's kit: at 10:00 at the venue, whatever the hour the suite runs.
      at: wallClock('10:00'),
      prepare: async (db) => {
        // Tickets in a slot two days ahead stay outside the entry window; a date change is free and always allowed.
        await setCheckInGrace(db, 'demo', 15);
        await setDateChangeRules(db, 'demo', { deadlineMinutes: 0, feePerAdmission: 0 });
      },
    });
    const [venue] = await rows<{ id: number }>(sql`select id from sites where variant = 'demo'`);
    const team = await makeTeam(harness.db, {
      rights: ['settings:write', 'orders:refund', 'checkin:scan'],
      venueIds: [venue?.id as number],
    });
    const staff = await makeStaff(harness.db, { teamIds: [team.id] });
    manager = consoleClient(harness.app);
    await signIn(manager, staff.email);
    staffEmail = staff.email;
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await harness?.close();
  });

  it('pairs a phone and shows each result full screen: admit, used, wrong time, invalid, changed', async () => {
    const party = await buyTickets(api(), harness.db, { quantity: 2, email: 'party@gate-e2e.test' });
    const later = await buyTickets(api(), harness.db, { quantity: 1, email: 'later@gate-e2e.test' });
    const cancelled = await buyTickets(api(), harness.db, { quantity: 1, email: 'cancelled@gate-e2e.test' });
    const moved = await buyTickets(api(), harness.db, { quantity: 1, email: 'moved@gate-e2e.test' });
    await slotNow(party, 0);
    await slotNow(cancelled, 1);
    const partyCodes = await codesOf(party);
    const laterCodes = await codesOf(later);
    const cancelledCodes = await codesOf(cancelled);
    await cancelByStaff(cancelled, 'all');
    const movedCodes = await codesOf(moved);
    const to = await otherSlot(harness.db, moved.slot.productId, 4);
    const change = await api().post<{ time_change_token: string }>(`timechanges/tickets/${moved.reservationToken}`, {
      time_span_id: to,
    });
    expect(change.status, JSON.stringify(change.body)).toBe(201);
    const done = await api().post(`timechanges/${change.body.time_change_token}/confirm`, {
      reservation_token: moved.reservationToken,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    const phone = await pairDevice('Phone north', 'north', { width: 375, height: 812 });
    await shoot(phone.page, 'ready-375');
    await checkAxe(phone.page, 'ready 375');
    await expect.poll(() => phone.page.locator('.gate').textContent()).toBe('Phone north · gate north');

    const admitted = await scan(phone, partyCodes.party);
    expect(admitted.tone).toBe('success');
    expect(admitted.text).toContain('Admit 2');
    expect(admitted.text).toContain('2 × ');
    expect(admitted.text).toContain('Party of 2');
    await shoot(phone.page, 'result-success-375');
    await checkAxe(phone.page, 'result success 375');
    const admittedAt = await rows<{ at: string }>(
      sql`select to_char(min(c.checked_in_at) at time zone 'Asia/Tokyo', 'HH24:MI') as at from check_ins c
          join tickets t on t.id = c.ticket_id join orders o on o.id = t.order_id where o.reservation_number = ${party.reservationNumber}`,
    );

    // The same code again, once the camera would no longer take it for the same reading.
    await clear(phone);
    await phone.page.waitForTimeout(REPEAT_MS + 100);
    const used = await scan(phone, partyCodes.party);
    expect(used.tone).toBe('used');
    expect(used.text).toContain('Already used');
    expect(used.text).toContain(`Used at ${admittedAt[0]?.at} at north`);
    await shoot(phone.page, 'result-used-375');

    // A new scan clears the old result before its own answer comes.
    const wrongTime = await scan(phone, laterCodes.party);
    expect(wrongTime.tone, wrongTime.text).toBe('wrong_time');
    expect(wrongTime.text).toMatch(/Wrong time This ticket is for \d{1,2} \w{3}, \d\d:\d\d/);
    await shoot(phone.page, 'result-wrong-time-375');

    // A photo of the visitor's ticket page, taken at once: the QR reader (WebAssembly, under the page's
    // policy) reads it, and a photo is answered even when it shows the code just typed.
    const visitor = await harness.newContext({
      locale: 'en-GB',
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
    });
    const ticketPage = await visitor.newPage();
    await ticketPage.goto(`${harness.baseUrl}/demo/tickets/?lang=en#/id/${later.reservationToken}`);
    // The app's screen, not the first view it replaces.
    await ticketPage.locator('[data-screen="ticket"] .ticket-card').waitFor();
    // The app's own drawing: the first view's, with the same classes, may still be there, about to go.
    const qr = ticketPage.locator('[data-screen="ticket"] .ticket-qr-item .ticket-qr').first();
    await qr.locator('svg').waitFor();
    const photo = await qr.screenshot();
    await visitor.close();
    await clear(phone);
    await phone.page.locator('input[type="file"]').setInputFiles({ name: 'ticket.png', mimeType: 'image/png', buffer: photo });
    const fromPhoto = phone.page.locator('.result');
    await fromPhoto.waitFor();
    expect(await fromPhoto.getAttribute('data-result'), await fromPhoto.innerText()).toBe('wrong_time');

    const invalid = await scan(phone, cancelledCodes.each[0] as string);
    expect(invalid.tone).toBe('invalid');
    expect(invalid.text).toContain('This ticket was cancelled');
    await shoot(phone.page, 'result-invalid-375');
    await clear(phone);
    const unreadable = await scan(phone, 'not a ticket');
    expect(unreadable.text).toContain('No ticket code could be read');

    const changed = await scan(phone, movedCodes.each[0] as string);
    expect(changed.tone).toBe('changed');
    expect(changed.text).toMatch(/Changed to another date: \d{1,2} \w{3}, \d\d:\d\d/);
    await shoot(phone.page, 'result-changed-375');

    // The result clears to "Ready" by itself.
    await phone.page.locator('.result').waitFor({ state: 'detached', timeout: 10_000 });
    await phone.page.getByRole('heading', { name: 'Ready' }).waitFor();

    // A tablet shows the same for the queue.
    const tablet = await pairDevice('Tablet east', 'east', { width: 768, height: 1024 });
    await shoot(tablet.page, 'ready-768');
    await checkAxe(tablet.page, 'ready 768');
    const tabletUsed = await scan(tablet, partyCodes.party);
    expect(tabletUsed.tone).toBe('used');
    await shoot(tablet.page, 'result-used-768');
    await tablet.page.setViewportSize({ width: 1280, height: 800 });
    await shoot(tablet.page, 'result-used-1280');
    await tablet.context.close();
    await phone.context.close();
  });

  it('finds a booking by its reservation number and checks its admissions in one by one or all at once', async () => {
    const booking = await buyTickets(api(), harness.db, { quantity: 3, email: 'manual@gate-e2e.test' });
    await slotNow(booking, 2);
    const phone = await pairDevice('Phone manual', 'south', { width: 375, height: 812 });
    await phone.page.getByRole('button', { name: 'Find a booking' }).click();
    await phone.page.getByLabel('Reservation number').fill(booking.reservationNumber.replace('-', '').toLowerCase());
    await phone.page.getByRole('button', { name: 'Find', exact: true }).click();
    const found = phone.page.locator(`[data-booking="${booking.reservationNumber}"]`);
    await found.waitFor();
    await expect.poll(() => found.locator('[data-admission-status="valid"]').count()).toBe(3);
    await shoot(phone.page, 'manual-found-375');
    await checkAxe(phone.page, 'manual 375');

    await found.getByRole('button', { name: /^Check in 1\./ }).click();
    const one = phone.page.locator('.result');
    await one.waitFor();
    expect(await one.getAttribute('data-result')).toBe('success');
    expect(await one.innerText()).toContain('Admit 1');
    await one.locator('button').click();
    await expect.poll(() => found.locator('[data-admission-status="used"]').count()).toBe(1);

    await found.getByRole('button', { name: 'Check in all 2 still valid' }).click();
    await one.waitFor();
    expect(await one.innerText()).toContain('Admit 2');
    await one.locator('button').click();
    await expect.poll(() => found.locator('[data-admission-status="used"]').count()).toBe(3);
    await expect.poll(() => found.innerText()).toContain('Used');
    await shoot(phone.page, 'manual-done-375');

    // With the hyphen, as printed, it finds the same booking; a number of no booking says so.
    await phone.page.getByLabel('Reservation number').fill(booking.reservationNumber);
    await phone.page.getByRole('button', { name: 'Find', exact: true }).click();
    await expect.poll(() => found.locator('[data-admission-status="used"]').count()).toBe(3);
    await phone.page.getByLabel('Reservation number').fill('ZZZZZ-99999');
    await phone.page.getByRole('button', { name: 'Find', exact: true }).click();
    await phone.page.getByText('No booking has this number.').waitFor();
    const checkIns = await rows<{ n: number; gates: string }>(
      sql`select count(*)::int as n, string_agg(distinct c.gate, ',') as gates from check_ins c join tickets t on t.id = c.ticket_id
          join orders o on o.id = t.order_id where o.reservation_number = ${booking.reservationNumber}`,
    );
    expect(checkIns[0]).toEqual({ n: 3, gates: 'south' });
    await phone.context.close();
  });

  it('admits offline from the kit at two gates, refuses a ticket cancelled before, and reports the double admission once back online', async () => {
    const party = await buyTickets(api(), harness.db, { quantity: 10, email: 'offline@gate-e2e.test' });
    await slotNow(party, 3);
    const codes = await codesOf(party);
    const north = await pairDevice('Phone offline north', 'north', { width: 375, height: 812 });
    const west = await pairDevice('Phone offline west', 'west', { width: 375, height: 812 });

    // Staff cancel the tenth admission while the network still works: both kits learn of it.
    await cancelByStaff(party, [codes.ids[9] as string]);
    for (const device of [north, west]) {
      await device.page.reload();
      await device.page.getByRole('heading', { name: 'Ready' }).waitFor();
      await device.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    }
    await expect
      .poll(
        async () =>
          (await rows<{ n: number }>(sql`select count(*)::int as n from ticket_revocations where ticket_id = ${codes.ids[9]}`))[0]
            ?.n,
      )
      .toBe(1);

    for (const device of [north, west]) {
      await device.context.setOffline(true);
      // Opened again with no network: the service worker has the app and its QR reader.
      await device.page.reload();
      await device.page.getByRole('heading', { name: 'Ready' }).waitFor();
      await expect.poll(() => device.page.locator('[data-testid="network"]').textContent()).toBe('Offline');
    }
    await shoot(north.page, 'offline-ready-375');

    const tones: (string | null)[] = [];
    for (const [index, code] of codes.each.entries()) {
      const result = await scan(north, code);
      tones.push(result.tone);
      if (index === 0) {
        expect(result.text).toContain('Checked on this device, offline');
        await shoot(north.page, 'offline-success-375');
      }
      if (index === 9) {
        expect(result.text).toContain('This ticket was cancelled');
        await shoot(north.page, 'offline-cancelled-375');
      }
      await clear(north);
    }
    expect(tones).toEqual([...Array(9).fill('success'), 'invalid']);
    // The same code again at this gate: this phone knows it let it in.
    await north.page.waitForTimeout(REPEAT_MS + 100);
    const again = await scan(north, codes.each[0] as string);
    expect(again.tone).toBe('used');
    expect(again.text).toContain('at north');
    await clear(north);
    // An old SF1 code cannot be checked without the network.
    const legacy = await scan(north, 'SF1.eyJzIjoxfQ.c2lnbmF0dXJl');
    expect(legacy.tone).toBe('needs_network');
    await shoot(north.page, 'offline-needs-network-375');
    await clear(north);

    // The west gate has not heard of the north gate's scans: it admits the first ticket too.
    const twice = await scan(west, codes.each[0] as string);
    expect(twice.tone).toBe('success');
    await clear(west);
    await expect.poll(() => north.page.locator('[data-testid="waiting"]').getAttribute('data-count')).toBe('9');
    await expect.poll(() => west.page.locator('[data-testid="waiting"]').getAttribute('data-count')).toBe('1');
    await shoot(west.page, 'offline-waiting-375');
    expect(await rows(sql`select nonce from gate_scans`)).toEqual([]);

    // The network is back: north uploads first, then west.
    await north.context.setOffline(false);
    await expect
      .poll(() => north.page.locator('[data-testid="waiting"]').getAttribute('data-count'), { timeout: 20_000 })
      .toBe('0');
    await west.context.setOffline(false);
    await expect
      .poll(() => west.page.locator('[data-testid="waiting"]').getAttribute('data-count'), { timeout: 20_000 })
      .toBe('0');
    await expect
      .poll(() => west.page.locator('[data-testid="conflicts"]').textContent(), { timeout: 10_000 })
      .toBe('1 conflict reported to the console');
    expect(await north.page.locator('[data-testid="conflicts"]').count()).toBe(0);
    await shoot(west.page, 'back-online-conflict-375');

    const scans = await rows<{ gate: string; outcome: string; conflict: string | null }>(
      sql`select gate, outcome, conflict from gate_scans order by gate, outcome`,
    );
    expect(scans.filter((s) => s.gate === 'north').map((s) => s.outcome)).toEqual(Array(9).fill('recorded'));
    expect(scans.filter((s) => s.gate === 'west')).toEqual([{ gate: 'west', outcome: 'conflict', conflict: 'used' }]);
    const checkIns = await rows<{ n: number; offline: number }>(
      sql`select count(*)::int as n, (count(*) filter (where c.offline))::int as offline from check_ins c join tickets t on t.id = c.ticket_id
          join orders o on o.id = t.order_id where o.reservation_number = ${party.reservationNumber}`,
    );
    expect(checkIns[0]).toEqual({ n: 9, offline: 9 });
    // The console's arrivals list the conflict: the west gate's admission of a ticket the north gate let in first.
    const arrivals = await manager.get<{
      conflicts: { kind: string; gate: string; ticket_id: string | null; first: { gate: string } | null }[];
    }>('venues/demo/arrivals?lang=en');
    expect(arrivals.status).toBe(200);
    expect(
      arrivals.body.conflicts.map((c) => ({ kind: c.kind, gate: c.gate, ticket: c.ticket_id, first: c.first?.gate })),
    ).toEqual([{ kind: 'used', gate: 'west', ticket: codes.ids[0], first: 'north' }]);
    await north.context.close();
    await west.context.close();
  });

  it('lets a signed-in staff member scan as themselves at a gate they name, in Japanese the device remembers', async () => {
    const bought = await buyTickets(api(), harness.db, { quantity: 1, email: 'staff-scan@gate-e2e.test' });
    await slotNow(bought, 4);
    const codes = await codesOf(bought);
    const context = await harness.newContext({
      locale: 'en-GB',
      viewport: { width: 1280, height: 800 },
      timezoneId: VENUE_TIME_ZONE,
      serviceWorkers: 'allow',
    });
    csp.push(await recordCspViolations(context));
    // The manager's console session, as signing in to the console in this browser leaves it.
    const host = new URL(harness.baseUrl).hostname;
    await context.addCookies([{ name: 'console_session', value: manager.sessionToken as string, domain: host, path: '/' }]);
    const page = await context.newPage();
    const desk: Device = { context, page, name: 'staff' };
    await page.goto(`${harness.baseUrl}/gate/`);
    await page.getByText(`Signed in as ${staffEmail}`).waitFor();
    await page.getByLabel('Gate name').fill('north gate');
    await page.getByRole('button', { name: 'Start scanning' }).click();
    await page.getByRole('alert').filter({ hasText: 'Give a gate name' }).waitFor();
    await page.getByLabel('Gate name').fill('desk-1');
    await shoot(page, 'staff-start-1280');
    await checkAxe(page, 'staff start 1280');
    await page.getByRole('button', { name: 'Start scanning' }).click();
    await page.getByRole('heading', { name: 'Ready' }).waitFor();
    await page.getByLabel('Ticket code (barcode reader or keyboard)').waitFor();
    await expect.poll(() => page.locator('.gate').textContent()).toBe(`${staffEmail} · gate desk-1`);

    // The attendant sets the device to Japanese: results and the screen speak it, and it stays so.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByLabel('Language').selectOption('ja');
    await page.getByRole('heading', { name: '準備完了' }).waitFor();
    await page.keyboard.press('Escape');
    const admitted = await scan(desk, codes.party);
    expect(admitted.tone).toBe('success');
    expect(admitted.text).toContain('1名 入場OK');
    await shoot(page, 'staff-success-ja-1280');
    await checkAxe(page, 'staff result ja 1280');
    await clear(desk);
    await page.reload();
    await page.getByRole('heading', { name: '準備完了' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    const used = await scan(desk, codes.party);
    expect(used.tone).toBe('used');
    expect(used.text).toContain('使用済み');
    expect(used.text).toContain('desk-1');
    await shoot(page, 'staff-used-ja-1280');
    await clear(desk);

    const [checkIn] = await rows<{ gate: string; by_staff: boolean; by_device: boolean }>(
      sql`select c.gate, c.staff_id is not null as by_staff, c.device_id is not null as by_device from check_ins c
          join tickets t on t.id = c.ticket_id join orders o on o.id = t.order_id where o.reservation_number = ${bought.reservationNumber}`,
    );
    expect(checkIn).toEqual({ gate: 'desk-1', by_staff: true, by_device: false });

    // Done at the gate: the menu ends scanning as this staff member.
    await page.getByRole('button', { name: 'メニュー' }).click();
    await page.getByRole('button', { name: '自分としてのスキャンを終了' }).click();
    await page.getByRole('button', { name: '自分としてのスキャンを終了' }).click();
    await page.getByRole('heading', { name: 'このスキャナーをペアリング' }).waitFor();
    await context.close();
  });

  it('hands over set products from the set pass when the device scans for them', async () => {
    const bought = await buyTickets(api(), harness.db, { quantity: 2, withSetProduct: true, email: 'set@gate-e2e.test' });
    await slotNow(bought, 6);
    const view = await api().get<{ setQr: string | null }>(`tickets/${bought.reservationToken}?lang=en`);
    expect(view.body.setQr).toMatch(/^SF2\./);
    const phone = await pairDevice('Phone set', 'shop', { width: 375, height: 812 });
    await phone.page.getByRole('button', { name: 'Menu' }).click();
    await phone.page.getByLabel('Scanning for').selectOption('set');
    await phone.page.keyboard.press('Escape');
    await expect.poll(() => phone.page.locator('.gate').textContent()).toBe('Phone set · gate shop · Set hand-over');
    const handedOver = await scan(phone, view.body.setQr as string);
    expect(handedOver.tone).toBe('success');
    await clear(phone);
    const modes = await rows<{ mode: string; n: number }>(
      sql`select c.mode, count(*)::int as n from check_ins c join tickets t on t.id = c.ticket_id
          join orders o on o.id = t.order_id where o.reservation_number = ${bought.reservationNumber} group by c.mode`,
    );
    // The set products are handed over; entry is still to come.
    expect(modes).toEqual([{ mode: 'set', n: 2 }]);
    // The choice stays on the device.
    await phone.page.reload();
    await expect.poll(() => phone.page.locator('.gate').textContent()).toBe('Phone set · gate shop · Set hand-over');
    await phone.context.close();
  });

  it('reads a ticket held before the back camera, continuously, ignoring it for 3 s', async () => {
    const bought = await buyTickets(api(), harness.db, { quantity: 1, email: 'camera@gate-e2e.test' });
    await slotNow(bought, 5);
    // The visitor's ticket page, drawn as the camera would see it: one frame of a Y4M video that
    // Chromium's fake camera plays in a loop.
    const visitor = await harness.newContext({ locale: 'en-GB', viewport: { width: 375, height: 812 } });
    const ticketPage = await visitor.newPage();
    await ticketPage.goto(`${harness.baseUrl}/demo/tickets/?lang=en#/id/${bought.reservationToken}`);
    await ticketPage.locator('[data-screen="ticket"] .ticket-qr-item .ticket-qr svg').first().waitFor();
    const frame = await ticketPage.evaluate(async () => {
      const svg = document.querySelector('[data-screen="ticket"] .ticket-qr-item .ticket-qr svg') as SVGElement;
      const image = new Image();
      image.src = `data:image/svg+xml;base64,${btoa(new XMLSerializer().serializeToString(svg))}`;
      await image.decode();
      const [width, height] = [640, 480];
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const draw = canvas.getContext('2d') as CanvasRenderingContext2D;
      draw.fillStyle = '#ffffff';
      draw.fillRect(0, 0, width, height);
      draw.drawImage(image, (width - 400) / 2, (height - 400) / 2, 400, 400);
      const rgba = draw.getImageData(0, 0, width, height).data;
      // 4:2:0: full-size luma, then quarter-size chroma planes (grey: 128).
      const yuv = new Uint8Array(width * height * 1.5).fill(128);
      for (let i = 0; i < width * height; i += 1) {
        yuv[i] = Math.round(0.299 * (rgba[i * 4] ?? 0) + 0.587 * (rgba[i * 4 + 1] ?? 0) + 0.114 * (rgba[i * 4 + 2] ?? 0));
      }
      let binary = '';
      for (const byte of yuv) binary += String.fromCharCode(byte);
      return btoa(binary);
    });
    await visitor.close();
    const video = join(tmpdir(), `gate-camera-${process.pid}.y4m`);
    writeFileSync(
      video,
      Buffer.concat([Buffer.from('YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg\nFRAME\n'), Buffer.from(frame, 'base64')]),
    );
    const cameraBrowser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      // The camera phone's browser is its own, its pages on the journey's clock as the harness's are.
      const phone = await pairDevice('Phone camera', 'camera', { width: 375, height: 812 }, async (options) => {
        const context = await cameraBrowser.newContext(options);
        await installClock(context);
        // When each result appeared, on the page's own clock: the runner reads it later, by as much
        // as a loaded machine delays it.
        await context.addInitScript(() => {
          const seen: { result: string; at: number }[] = [];
          (window as { gateResults?: typeof seen }).gateResults = seen;
          new MutationObserver(() => {
            const result = document.querySelector('.result')?.getAttribute('data-result');
            if (result && seen.at(-1)?.result !== result) seen.push({ result, at: Date.now() });
          }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-result'] });
        });
        return context;
      });
      // The camera starts by itself and reads the code: the party is admitted.
      const result = phone.page.locator('.result');
      await result.waitFor({ timeout: 20_000 });
      expect(await result.getAttribute('data-result')).toBe('success');
      await shoot(phone.page, 'camera-success-375');
      const checkIns = async () =>
        (
          await rows<{ n: number }>(
            sql`select count(*)::int as n from check_ins c join tickets t on t.id = c.ticket_id
                join orders o on o.id = t.order_id where o.reservation_number = ${bought.reservationNumber}`,
          )
        )[0]?.n;
      expect(await checkIns()).toBe(1);
      // Still before the camera: read five times a second, it is not sent again within 3 s; then it
      // is, and the attendant sees it was just used.
      await phone.page.locator('.result[data-result="used"]').waitFor({ timeout: 10_000 });
      const shown = await phone.page.evaluate(
        () => (window as { gateResults?: { result: string; at: number }[] }).gateResults ?? [],
      );
      const at = (wanted: string) => shown.find((entry) => entry.result === wanted)?.at ?? Number.NaN;
      expect(at('used') - at('success'), JSON.stringify(shown)).toBeGreaterThanOrEqual(REPEAT_MS - 500);
      expect(await checkIns()).toBe(1);
      await shoot(phone.page, 'camera-held-used-375');
      await phone.context.close();
    } finally {
      await cameraBrowser.close();
      rmSync(video, { force: true });
    }
  });

  it('breaks no policy and has no serious accessibility problem on any screen', () => {
    expect(csp.flat()).toEqual([]);
    expect(axe).toEqual([]);
  });
});
