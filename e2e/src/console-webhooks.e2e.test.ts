/**
 * A venue manager connects the venue's own system to its orders (decision 022), in a real browser
 * against the real server: adds a receiver — a small HTTP server of this test, on loopback — copies
 * the signing secret shown once, and a visitor's purchase reaches the receiver signed with it. The
 * receiver turns the first delivery away; the log shows the refusal with the receiver's answer, the
 * manager sends it again, and the log shows it delivered. Every screen on the way passes axe, and
 * nothing breaks the Content-Security-Policy.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '@storefront/server/db/client';
import { apiFor } from '@storefront/server/test/api';
import { makeStaff, makeTeam, TEST_PASSWORD, TEST_TOTP_SECRET } from '@storefront/server/test/console';
import { buyTickets } from '@storefront/server/test/tickets';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenIs, signIn } from './console-steps.ts';
import { type Harness, hasChromium, recordCspViolations, seriousAxeViolations, startHarness } from './harness.ts';

const MANAGER = { email: 'manager@webhooks-e2e.test', password: TEST_PASSWORD, totpSecret: TEST_TOTP_SECRET };

type Received = { signature: string; body: string };

/** What a receiver does with `Storefront-Signature: t=…,v1=…`: HMAC-SHA256 of "t.body" under the secret. */
function isSignedWith(secret: string, received: Received): boolean {
  const parts = Object.fromEntries(received.signature.split(',').map((part) => part.split('=', 2)));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${received.body}`).digest();
  const given = Buffer.from(String(parts.v1 ?? ''), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Waits, a bounded time, until `check` holds. */
async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${timeoutMs / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!hasChromium)('a manager connects a receiver to the venue’s orders', () => {
  let harness: Harness;
  let receiver: Server;
  let receiverUrl = '';
  const received: Received[] = [];
  /** While true, the receiver answers 503 as a system that is down would. */
  let isDown = true;
  let manager: { context: BrowserContext; page: Page };
  const axe: string[] = [];
  let csp: string[] = [];
  const checkAxe = async (name: string) => {
    for (const violation of await seriousAxeViolations(manager.page)) axe.push(`${name}: ${violation}`);
  };

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ signature: String(request.headers['storefront-signature'] ?? ''), body });
        if (isDown) response.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
        else response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      });
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/storefront-events`;
    harness = await startHarness({
      variants: ['demo'],
      prepare: async (db: Database) => {
        const team = await makeTeam(db, { name: 'Venue systems', rights: ['settings:write'] });
        await makeStaff(db, { email: MANAGER.email, name: 'Wren Webhooks', teamIds: [team.id], totp: true });
      },
    });
    const context = await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    csp = await recordCspViolations(context);
    manager = { context, page: await context.newPage() };
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
    receiver?.close();
  });

  it('adds the receiver, gets a purchase signed with the secret, and sends again what it turned away', async () => {
    const { page } = manager;
    await signIn(page, harness.baseUrl, MANAGER, '/venues/demo/webhooks');
    await screenIs(page, 'webhooks');
    await checkAxe('webhooks, empty');

    // The receiver, for completed orders (the form's default), and its secret shown once.
    await page.getByRole('button', { name: 'Add a receiver' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Receiver URL').fill(receiverUrl);
    await dialog.getByRole('button', { name: 'Add and show the secret' }).click();
    await page.getByRole('dialog', { name: 'Signing secret' }).waitFor();
    const secret = await page.locator('#webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    await checkAxe('webhooks, secret');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect(page.getByRole('table').first().textContent()).resolves.toContain(receiverUrl);

    // A visitor buys: the receiver hears of it, signed with that secret, and turns it away.
    const bought = await buyTickets(apiFor(harness.app, 'demo'), harness.db, { quantity: 2 });
    await eventually(() => received.length >= 1, 'the first delivery');
    const first = received[0] as Received;
    expect(isSignedWith(secret, first)).toBe(true);
    expect(isSignedWith(`${secret}x`, first)).toBe(false);
    expect(JSON.parse(first.body)).toMatchObject({
      type: 'order.completed',
      data: { reservation_number: bought.reservationNumber },
    });

    // The log says what the receiver answered.
    const deliveries = page.locator('.webhook-deliveries');
    await eventually(async () => {
      await page.reload();
      await screenIs(page, 'webhooks');
      return (await deliveries.getByText('HTTP 503').count()) > 0;
    }, 'the refusal in the log');
    await expect(deliveries.locator('tbody tr').first().textContent()).resolves.toContain('down for maintenance');
    await checkAxe('webhooks, a refused delivery');

    // The receiver is back; the manager sends the event again and the log shows it delivered.
    isDown = false;
    const event = JSON.parse(first.body) as { id: string };
    await deliveries.getByRole('button', { name: `Send again: event ${event.id}` }).click();
    await page.getByRole('status').filter({ hasText: 'The event will be sent again in a moment.' }).waitFor();
    await eventually(() => received.length >= 2, 'the delivery sent again');
    const again = received[1] as Received;
    expect(isSignedWith(secret, again)).toBe(true);
    expect(JSON.parse(again.body)).toMatchObject({
      type: 'order.completed',
      data: { reservation_number: bought.reservationNumber },
    });
    await eventually(async () => {
      await page.reload();
      await screenIs(page, 'webhooks');
      return (await deliveries.locator('tbody tr').first().getByText('Delivered').count()) > 0;
    }, 'the delivery shown delivered');
    await checkAxe('webhooks, delivered');

    expect(axe).toEqual([]);
    expect(csp).toEqual([]);
  }, 180_000);
});
