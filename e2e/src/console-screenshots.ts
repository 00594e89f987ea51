/**
 * `npm run screenshots:console`: every console screen at 1280 px (desktop) and 820 px (tablet),
 * signed in as a fresh owner and as a member who accepts an invitation, and the owner's passkey
 * screens (Chromium's virtual authenticator stands in for the device); the catalogue screens of a
 * seeded venue (products, the product editor with a picture, a slot series' preview, the calendar
 * with picked days, settings, texts, payment methods, venue images, coupons) at 1280×800 and
 * 768×1024; calling off a day (its selection, preview, confirmation, finished job and list) at
 * 1280, 1024 and 768 px. Written to test-results/console-screenshots/ (not committed), to look at.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeStaff, TEST_PASSWORD, TEST_TOTP_SECRET } from '@storefront/server/test/console';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { addDays, addMonths, gradientPng, venueToday } from './catalogue-steps.ts';
import { acceptAndEnrol, authenticatorCode, consoleUrl, invitationLink, screenIs } from './console-steps.ts';
import { hasChromium, startHarness } from './harness.ts';
import { CARDS, choosePayment, orderUpToPayment, proceedFromPayment, reservationNumberOnComplete } from './purchase-steps.ts';

if (!hasChromium) process.exit(1);
const out = fileURLToPath(new URL('../../test-results/console-screenshots/', import.meta.url));
mkdirSync(out, { recursive: true });
const OWNER = 'owner@console-shots.test';
const MEMBER = 'gina@console-shots.test';

const harness = await startHarness({
  // WebAuthn refuses an IP address as the relying party.
  host: 'localhost',
  variants: ['borderless', 'harbor', 'demo'],
  prepare: async (db) => {
    await makeStaff(db, { email: OWNER, name: 'Olive Owner', isOwner: true, totp: true });
  },
});

type Sizes = readonly (readonly [number, number])[];
const SCREENS: Sizes = [
  [1280, 800],
  [820, 1180],
];
const CATALOGUE_SCREENS: Sizes = [
  [1280, 800],
  [768, 1024],
];
const CANCELLATION_SCREENS: Sizes = [
  [1280, 800],
  [1024, 768],
  [768, 1024],
];

async function shoot(page: Page, name: string, sizes: Sizes = SCREENS) {
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    // A full-page picture of a scrolled page draws the sticky header where it is, not at the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(250);
    await page.screenshot({ path: `${out}${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

try {
  const ownerContext = await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
  const owner = await ownerContext.newPage();
  const device = await ownerContext.newCDPSession(owner);
  await device.send('WebAuthn.enable');
  await device.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const go = async (path: string, screen: string) => {
    await owner.goto(consoleUrl(harness.baseUrl, path));
    await screenIs(owner, screen);
    await owner.waitForLoadState('networkidle');
  };
  await go('/forgotten-password', 'forgotten-password');
  await shoot(owner, 'forgotten-password');
  await go('/password-reset#not-a-real-token-at-all', 'password-reset');
  await shoot(owner, 'password-reset-invalid');
  await go('/', 'sign-in');
  await shoot(owner, 'sign-in');
  await owner.getByLabel('E-mail address').fill(OWNER);
  await owner.getByLabel('Password', { exact: true }).fill('wrong password');
  await owner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await owner.getByText('The e-mail address or the password is not right.').waitFor();
  await shoot(owner, 'sign-in-failed');
  await owner.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await owner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await screenIs(owner, 'sign-in-second-factor');
  await shoot(owner, 'second-factor');
  await owner.getByLabel('Code from your authenticator app').fill(authenticatorCode(TEST_TOTP_SECRET));
  await owner.getByRole('button', { name: 'Confirm' }).click();
  await screenIs(owner, 'venue-home');
  await shoot(owner, 'venue-home');
  await owner.getByRole('button', { name: /^Venue/ }).click();
  await shoot(owner, 'venue-switcher');
  await owner.keyboard.press('Escape');

  await go('/teams/new', 'team');
  await owner.getByLabel('Team name').fill('Harbor gate');
  await owner.getByLabel('Only the venues chosen below').check();
  await owner.getByRole('button', { name: 'Create the team' }).click();
  await owner.getByText('Choose at least one venue, or all venues.').waitFor();
  await shoot(owner, 'team-form-error');
  await owner
    .getByRole('group', { name: 'Venues' })
    .getByLabel(/\(harbor\)/)
    .check();
  await owner.getByLabel('Check visitors in').check();
  await owner.getByLabel('Read the audit log').check();
  await owner.getByRole('button', { name: 'Create the team' }).click();
  await screenIs(owner, 'teams');
  await shoot(owner, 'teams');

  await go('/staff', 'staff');
  await owner.getByRole('button', { name: 'Invite a staff member' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Invite a staff member' });
  await dialog.getByLabel('E-mail address').fill('not an address');
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await dialog.getByText('Fill this in.').waitFor();
  await shoot(owner, 'staff-invite-errors');
  await dialog.getByLabel('Name').fill('Gina Gate');
  await dialog.getByLabel('E-mail address').fill(MEMBER);
  await dialog.getByLabel('Harbor gate').check();
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await owner.getByText(`An invitation has been sent to ${MEMBER}.`).waitFor();
  await shoot(owner, 'staff');
  await owner.getByRole('button', { name: 'Actions for Gina Gate' }).click();
  await shoot(owner, 'staff-actions');
  await owner.keyboard.press('Escape');

  const member = await (await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } })).newPage();
  await acceptAndEnrol(member, await invitationLink(harness.baseUrl, MEMBER), 'a gate attendant with a long password', (name) =>
    shoot(member, name),
  );
  await screenIs(member, 'venue-home');
  await member.waitForLoadState('networkidle');
  await shoot(member, 'member-venue-home');
  await member.goto(consoleUrl(harness.baseUrl, '/venues/harbor/audit'));
  await screenIs(member, 'audit');
  await member.getByRole('table').waitFor();
  await shoot(member, 'member-venue-audit');
  await member.goto(consoleUrl(harness.baseUrl, '/venues/borderless'));
  await screenIs(member, 'venue-not-found');
  await shoot(member, 'member-other-venue');

  await go('/audit', 'audit');
  await owner.getByRole('table').waitFor();
  await shoot(owner, 'audit');
  await go('/account', 'account');
  await owner.getByRole('table', { name: 'Your sessions' }).waitFor();
  await shoot(owner, 'account');
  await owner.getByRole('button', { name: 'New recovery codes' }).click();
  await shoot(owner, 'account-password-dialog');
  await owner.keyboard.press('Escape');
  await owner.getByRole('button', { name: 'Add a passkey' }).click();
  const addPasskey = owner.getByRole('dialog', { name: 'Add a passkey' });
  await addPasskey.getByLabel('Name').fill('Office laptop');
  await shoot(owner, 'account-add-passkey');
  await addPasskey.getByRole('button', { name: 'Add a passkey' }).click();
  await addPasskey.waitFor({ state: 'hidden' });
  await owner.getByRole('table', { name: 'Your passkeys' }).getByText('Office laptop').waitFor();
  await shoot(owner, 'account-passkeys');
  await owner.getByRole('button', { name: 'Remove the passkey Office laptop' }).click();
  await shoot(owner, 'account-remove-passkey');
  await owner.keyboard.press('Escape');
  await owner.getByRole('button', { name: /Account menu/ }).click();
  await owner.getByRole('button', { name: 'Sign out', exact: true }).click();
  await screenIs(owner, 'sign-in');
  await owner.getByLabel('E-mail address').fill(OWNER);
  await owner.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await owner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await screenIs(owner, 'sign-in-second-factor');
  await shoot(owner, 'second-factor-choice');
  await owner.getByRole('button', { name: 'Use a passkey' }).click();
  await shoot(owner, 'second-factor-passkey');
  await owner.getByRole('button', { name: 'Use my passkey' }).click();
  await screenIs(owner, 'venue-home');

  await go('/venues/new', 'new-venue');
  await shoot(owner, 'new-venue');

  // The catalogue screens of a seeded venue.
  const venue = '/venues/harbor';
  const catalogue = (name: string) => shoot(owner, `catalogue-${name}`, CATALOGUE_SCREENS);
  await go(`${venue}/products`, 'products');
  await owner.getByRole('table').waitFor();
  await catalogue('products');
  await owner.getByRole('table').getByRole('link').first().click();
  await screenIs(owner, 'product');
  await owner.getByLabel('Key').waitFor();
  await catalogue('product-edit');
  await go(`${venue}/products/new`, 'product');
  await owner.getByLabel('Key').fill('evening-tour');
  await owner.getByRole('tabpanel').getByLabel('Name', { exact: true }).fill('夜のツアー');
  await owner.getByRole('region', { name: 'Options' }).getByRole('button', { name: 'Add an option' }).click();
  const picture = owner.getByRole('group', { name: 'Picture' });
  await picture
    .getByLabel('Upload a picture')
    .setInputFiles({ name: 'evening.png', mimeType: 'image/png', buffer: gradientPng() });
  await picture.getByLabel('Description for screen readers (English)').fill('The harbour lit at night');
  await owner.getByRole('button', { name: 'Create the product' }).click();
  await owner.getByText('Fill this in.').or(owner.getByRole('alert').first()).first().waitFor();
  await catalogue('product-new-errors');

  await go(`${venue}/slot-series`, 'slot-series');
  await catalogue('slot-series');
  await go(`${venue}/slot-series/new`, 'new-slot-series');
  await owner.getByRole('group', { name: 'Products' }).getByRole('checkbox').first().check();
  const from = addDays(venueToday(), 1);
  await owner.getByLabel('First day').fill(from);
  await owner.getByLabel('Last day').fill(addDays(addMonths(from, 3), -1));
  await owner.getByLabel('Opens at').fill('10:00');
  await owner.getByLabel('Closes at').fill('17:00');
  await owner.getByRole('button', { name: 'Add a closure date' }).click();
  await owner.getByRole('group', { name: 'Closure dates' }).getByLabel('Date 1').fill(addDays(from, 1));
  await owner.getByRole('button', { name: 'Preview', exact: true }).click();
  await owner.getByRole('region', { name: 'Preview' }).getByRole('status').waitFor();
  await catalogue('slot-series-preview');

  await go(`${venue}/calendar`, 'calendar');
  await owner
    .getByRole('button', { name: /slots?, \d+ of \d+ places/ })
    .first()
    .waitFor();
  await owner.getByRole('button', { name: 'Pick every Saturday of the month' }).click();
  await owner.getByRole('button', { name: 'Pick every Sunday of the month' }).click();
  await catalogue('calendar-picked');
  await owner.getByRole('button', { name: 'Clear picked days' }).click();
  await owner
    .getByRole('button', { name: /slots?, \d+ of \d+ places/ })
    .first()
    .click();
  await owner.getByRole('group', { name: /^Slots of / }).waitFor();
  await catalogue('calendar-day');

  await go(`${venue}/settings`, 'venue-settings');
  await owner
    .getByRole('button', { name: /^Save / })
    .first()
    .waitFor();
  await catalogue('venue-settings');
  await go(`${venue}/texts`, 'venue-texts');
  await owner.getByRole('searchbox').or(owner.getByLabel('Search by key or text')).first().waitFor();
  await catalogue('texts');
  await go(`${venue}/payment-methods`, 'venue-payment-methods');
  await owner.getByRole('heading', { name: 'Methods offered' }).waitFor();
  await catalogue('payment-methods');
  await go(`${venue}/venue-images`, 'venue-images');
  await owner.getByRole('group').first().waitFor();
  await catalogue('venue-images');
  await go(`${venue}/coupons`, 'coupons');
  await owner.getByRole('table').first().waitFor();
  await catalogue('coupons');
  await owner.getByRole('button', { name: 'Generate codes' }).click();
  await owner.getByRole('dialog', { name: 'Generate codes' }).waitFor();
  await catalogue('coupons-generate');
  await owner.keyboard.press('Escape');

  // Customer service: a visitor's order found by e-mail, its detail and a mail as sent.
  const visitor = await (await harness.browser.newContext({ locale: 'en-GB' })).newPage();
  await orderUpToPayment(visitor, harness.baseUrl, { variant: 'demo', lang: 'en', email: 'kenji@console-shots.test' });
  await choosePayment(visitor, 'gmo', CARDS.success);
  await proceedFromPayment(visitor);
  await visitor.locator('.confirm-submit').click();
  const reservationNumber = await reservationNumberOnComplete(visitor);
  await go('/venues/demo/orders', 'orders');
  await owner.getByRole('table').first().waitFor();
  await catalogue('orders');
  await owner.getByRole('searchbox', { name: 'Search' }).fill('kenji@console-shots.test');
  await owner.getByRole('button', { name: 'Search' }).click();
  await owner.getByRole('link', { name: reservationNumber ?? '' }).click();
  await screenIs(owner, 'order-detail');
  await owner.getByRole('heading', { level: 2 }).first().waitFor();
  await owner.waitForLoadState('networkidle');
  await catalogue('order-detail');
  await owner
    .getByRole('button', { name: /^View mail/ })
    .first()
    .click();
  await owner.getByRole('dialog', { name: 'Mail as sent' }).waitFor();
  await owner.waitForTimeout(500);
  await catalogue('order-mail');
  await owner.keyboard.press('Escape');

  // Calling off the day of that visitor's order: the selection, its preview, the confirmation and the finished job.
  const cancellation = (name: string) => shoot(owner, `slot-cancellation-${name}`, CANCELLATION_SCREENS);
  const visits = (await harness.db.execute(
    sql`select t.date::text as date from orders o join product_time_spans t on t.id = o.time_span_id
         where o.reservation_number = ${reservationNumber ?? ''}`,
  )) as unknown as { rows: { date: string }[] };
  await go('/venues/demo/slot-cancellations', 'slot-cancellations');
  await owner.getByRole('table').waitFor();
  await cancellation('start');
  await owner.getByLabel('Day', { exact: true }).fill(visits.rows[0]?.date ?? venueToday());
  await owner.getByLabel('Slots starting from').fill('10:00');
  await owner.getByLabel('Slots starting before').fill('13:00');
  await owner.getByRole('button', { name: 'Preview', exact: true }).click();
  await owner.getByRole('region', { name: 'What would be called off' }).waitFor();
  await owner.getByLabel('Reason', { exact: true }).fill('Storm warning: the garden is closed');
  await owner.getByLabel(/^Message to the visitors/).fill('A storm is coming: the museum closes this morning. We are sorry.');
  await cancellation('preview');
  await owner.getByRole('button', { name: 'Call off these slots…' }).click();
  const confirm = owner.getByRole('dialog', { name: 'Call off these slots?' });
  await confirm.waitFor();
  await cancellation('confirm');
  await confirm.getByRole('button', { name: 'Call off and refund' }).click();
  await screenIs(owner, 'slot-cancellation');
  await owner.locator('.slot-cancellation-finished').waitFor({ timeout: 60_000 });
  await cancellation('progress');
  await owner.getByRole('link', { name: 'All cancellations' }).click();
  await owner.getByRole('row', { name: /Storm warning/ }).waitFor();
  await cancellation('list');

  await go('/teams', 'teams');
  await owner.getByRole('link', { name: 'Harbor gate' }).click();
  await screenIs(owner, 'team');
  await owner.getByLabel('Team name').waitFor();
  await shoot(owner, 'team-edit');
  console.log(`Screenshots in ${out}`);
} finally {
  await harness.close();
}
