/**
 * The console's side of the gate in a real browser against the real server: a manager adds a gate
 * device and shows its pairing QR, the device pairs with the code (as the gate app does), the
 * manager pairs another device again and revokes it; visitors' admissions are checked in at two
 * gates (one offline, and an offline conflict uploaded), and the arrivals page shows per slot the
 * sold, the checked in by gate, a slot's check-in list and the conflict, and follows a new
 * check-in live. Every screen is checked with axe and photographed at 1280 and 768 px
 * (test-results/console-gate/, to look at), and no page breaks the CSP.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from '@storefront/server/db/client';
import { apiFor } from '@storefront/server/test/api';
import { buildTestApp } from '@storefront/server/test/app';
import { makeStaff, makeTeam, TEST_PASSWORD, TEST_TOTP_SECRET } from '@storefront/server/test/console';
import { type Bought, buyTickets, setCheckInGrace } from '@storefront/server/test/tickets';
import { sql } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenIs, signIn } from './console-steps.ts';
import {
  type Harness,
  hasChromium,
  recordCspViolations,
  seriousAxeViolations,
  shootConsoleWidths,
  startHarness,
} from './harness.ts';

const MANAGER = { email: 'manager@console-gate-e2e.test', password: TEST_PASSWORD, totpSecret: TEST_TOTP_SECRET };
const SLOW_MS = 120_000;
const out = fileURLToPath(new URL('../../test-results/console-gate/', import.meta.url));

describe.skipIf(!hasChromium)('the console at the gate: devices and live arrivals', () => {
  let harness: Harness;
  let manager: { context: BrowserContext; page: Page };
  const axe: string[] = [];
  const csp: string[][] = [];
  let bought: Bought[] = [];
  let date = '';
  let deviceId = '';
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await harness.db.execute(query)) as unknown as { rows: T[] }).rows;
  const checkAxe = async (page: Page, name: string) => {
    for (const violation of await seriousAxeViolations(page)) axe.push(`${name}: ${violation}`);
  };
  const shoot = (page: Page, name: string) => shootConsoleWidths(page, `${out}${name}`);
  const checkIn = async (ticketId: string, gate: string, by: { deviceId?: string; offline?: boolean } = {}) => {
    await harness.db.execute(
      sql`insert into check_ins (ticket_id, mode, method, gate, device_id, offline) values
          (${ticketId}, 'gate', 'read_qr', ${gate}, ${by.deviceId ?? null}, ${by.offline ?? false})`,
    );
    await harness.db.execute(sql`update tickets set status = 'used' where id = ${ticketId}`);
  };
  const admissionsOf = (number: string) =>
    rows<{ id: string; order_id: string }>(
      sql`select t.id::text as id, o.id::text as order_id from tickets t join orders o on o.id = t.order_id
          where o.reservation_number = ${number} order by t.position`,
    );

  beforeAll(async () => {
    mkdirSync(out, { recursive: true });
    harness = await startHarness({
      variants: ['demo'],
      prepare: async (db: Database) => {
        const [demo] = (
          (await db.execute(sql`select id from sites where variant = 'demo'`)) as unknown as { rows: { id: number }[] }
        ).rows;
        const team = await makeTeam(db, {
          name: 'Gate managers',
          rights: ['checkin:scan', 'settings:write'],
          venueIds: [demo?.id ?? 0],
        });
        await makeStaff(db, { email: MANAGER.email, name: 'Mona Manager', teamIds: [team.id], totp: true });
        await setCheckInGrace(db, 'demo', 30);
      },
    });
    // Visitors' orders, bought through the shop's API on the same database.
    const shop = await buildTestApp(harness.db);
    try {
      const api = apiFor(shop, 'demo');
      bought = [
        await buyTickets(api, harness.db, { quantity: 3 }),
        await buyTickets(api, harness.db, { quantity: 2 }),
        await buyTickets(api, harness.db, { quantity: 4 }),
      ];
    } finally {
      await shop.close();
    }
    const [slot] = await rows<{ date: string }>(
      sql`select date::text as date from product_time_spans where id = ${bought[0]?.slot.timeSpanId}`,
    );
    date = slot?.date ?? '';
    const context = await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    csp.push(await recordCspViolations(context));
    manager = { context, page: await context.newPage() };
  }, SLOW_MS);
  afterAll(async () => {
    await harness?.close();
  });

  it(
    'a manager adds a device, shows its pairing QR, the device pairs; another is paired again and revoked',
    async () => {
      const { page } = manager;
      await signIn(page, harness.baseUrl, MANAGER, '/venues/demo');
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Gate devices' }).click();
      await screenIs(page, 'gate-devices');
      await page.getByText('No devices yet.').waitFor();
      await checkAxe(page, 'gate-devices (empty)');

      await page.getByRole('button', { name: 'Add a device' }).click();
      const add = page.getByRole('dialog', { name: 'Add a device' });
      await add.getByLabel('Device name').fill('Tablet 2');
      await add.getByLabel('Gate', { exact: true }).fill('north');
      await add.getByRole('button', { name: 'Add and show the pairing code' }).click();
      const shown = page.getByRole('dialog', { name: 'Pair Tablet 2', exact: true });
      await shown.getByRole('img', { name: 'Pairing QR code for Tablet 2' }).waitFor();
      await shown.getByText('Open the camera on the phone and scan this; the link works once for 10 minutes.').waitFor();
      expect(await shown.locator('.gate-pairing-countdown strong').textContent()).toMatch(/^(10:00|9:\d\d)$/);
      const url = await shown.getByLabel(/Pairing link/).inputValue();
      expect(url).toMatch(new RegExp(`^${harness.baseUrl}/gate/#pair=[\\w-]{16,64}$`));
      await checkAxe(page, 'gate-devices (pairing)');
      await shoot(page, 'gate-devices-pairing');

      // The device opens the link: the gate app sends its code (the pairing call is public).
      const code = url.split('#pair=')[1] ?? '';
      const xsrf = (await manager.context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
      const paired = await fetch(`${harness.baseUrl}/console/api/v1/gate/pair`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
        body: JSON.stringify({ code }),
      });
      expect(paired.status).toBe(200);
      deviceId = ((await paired.json()) as { device: { id: string } }).device.id;
      await shown.getByRole('button', { name: 'Close' }).click();
      await page.reload();
      const table = page.getByRole('table');
      await table
        .getByRole('row', { name: /Tablet 2/ })
        .getByText('Paired')
        .waitFor();

      // A second device: paired again (confirmation first), then revoked.
      await page.getByRole('button', { name: 'Add a device' }).click();
      await add.getByLabel('Device name').fill('Phone 1');
      await add.getByLabel('Gate', { exact: true }).fill('east');
      await add.getByRole('button', { name: 'Add and show the pairing code' }).click();
      await page.getByRole('dialog', { name: 'Pair Phone 1', exact: true }).getByRole('button', { name: 'Close' }).click();
      await table
        .getByRole('row', { name: /Phone 1/ })
        .getByText('Waiting for pairing')
        .waitFor();
      await page.getByRole('button', { name: 'Pair again: Phone 1' }).click();
      const again = page.getByRole('dialog', { name: 'Pair Phone 1 again?' });
      await again.getByText(/current key stops working at once/).waitFor();
      await checkAxe(page, 'gate-devices (pair again)');
      await again.getByRole('button', { name: 'Make a new pairing code' }).click();
      // Exactly the pairing's dialog: "Pair Phone 1 again?" holds its name too, and closing that one
      // while the new code is on its way would let the code's dialog open over the page afterwards.
      await page.getByRole('dialog', { name: 'Pair Phone 1', exact: true }).getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: 'Revoke: Phone 1' }).click();
      const revoke = page.getByRole('dialog', { name: 'Revoke Phone 1?' });
      await revoke.getByText(/The device stops at once/).waitFor();
      await shoot(page, 'gate-devices-revoke');
      await revoke.getByRole('button', { name: 'Revoke the device' }).click();
      await table
        .getByRole('row', { name: /Phone 1/ })
        .getByText('Revoked')
        .waitFor();
      await checkAxe(page, 'gate-devices (list)');
      await shoot(page, 'gate-devices');
    },
    SLOW_MS,
  );

  it(
    'the arrivals page shows sold, in by gate, a slot’s check-ins and the offline conflict, and follows a check-in live',
    async () => {
      const { page } = manager;
      const [first, second, third] = bought as [Bought, Bought, Bought];
      const a = await admissionsOf(first.reservationNumber);
      await checkIn(a[0]?.id ?? '', 'north', { deviceId });
      await checkIn(a[1]?.id ?? '', 'north', { deviceId, offline: true });
      await checkIn(a[2]?.id ?? '', 'east');
      const b = await admissionsOf(second.reservationNumber);
      await checkIn(b[0]?.id ?? '', 'east');
      // The same admission admitted again offline at another gate: the upload's conflict.
      const [demo] = await rows<{ id: number }>(sql`select id from sites where variant = 'demo'`);
      await harness.db.execute(
        sql`insert into gate_scans (nonce, site_id, device_id, scanned_by, gate, mode, scanned_at, outcome, conflict, detail)
            values (gen_random_uuid(), ${demo?.id}, ${deviceId}, 'Tablet 2', 'west', 'gate',
                    (${date}::date + time '13:05') at time zone 'Asia/Tokyo', 'conflict', 'used',
                    ${JSON.stringify({ ticketIds: [b[0]?.id], orderId: b[0]?.order_id, first: { at: new Date().toISOString(), gate: 'east' } })}::jsonb)`,
      );

      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Arrivals' }).click();
      await screenIs(page, 'arrivals');
      await page.getByLabel('Day', { exact: true }).fill(date);
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      await page.getByRole('progressbar', { name: '3 of 3 checked in' }).waitFor();
      await page.getByRole('progressbar', { name: '1 of 2 checked in' }).waitFor();
      await page.getByRole('progressbar', { name: '0 of 4 checked in' }).waitFor();
      const conflicts = page.getByRole('region', { name: 'Offline conflicts (1)' });
      await conflicts.getByText(/^Admitted twice offline: \d\d:\d\d at east gate and 13:05 at west gate \(Tablet 2\)$/).waitFor();
      expect(await conflicts.getByRole('link', { name: `Order ${second.reservationNumber}` }).getAttribute('href')).toBe(
        `/console/venues/demo/orders/${b[0]?.order_id}`,
      );
      await checkAxe(page, 'arrivals');
      await shoot(page, 'arrivals');

      // Live: a check-in made elsewhere shows within the stream's few seconds.
      const c = await admissionsOf(third.reservationNumber);
      await checkIn(c[0]?.id ?? '', 'south', { deviceId });
      await page.getByRole('progressbar', { name: '1 of 4 checked in' }).waitFor({ timeout: 10_000 });

      // A slot's check-in list.
      await page
        .getByRole('row')
        .filter({ has: page.getByRole('progressbar', { name: '3 of 3 checked in' }) })
        .getByRole('button')
        .click();
      const dialog = page.getByRole('dialog');
      const list = dialog.getByRole('table', { name: '3 of 3 checked in' });
      await list.waitFor();
      expect(await list.getByRole('row').filter({ hasText: 'Offline' }).count()).toBe(1);
      expect(await list.getByRole('row').filter({ hasText: 'Tablet 2' }).count()).toBe(2);
      await checkAxe(page, 'arrivals (slot check-ins)');
      await shoot(page, 'arrivals-slot');
      await dialog.getByRole('button', { name: 'Close' }).click();

      expect(axe).toEqual([]);
      expect(csp.flat()).toEqual([]);
    },
    SLOW_MS,
  );
});
