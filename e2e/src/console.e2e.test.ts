/**
 * The console's first journey, in a real browser against the real server: an owner makes a team
 * limited to one venue and invites a member into it; the member accepts, enrols an authenticator
 * app and signs in; the other venue does not exist for them; the owner reads it all in the audit
 * log. Every screen on the way is checked with axe, and no page breaks the CSP.
 */
import type { Database } from '@storefront/server/db/client';
import { makeStaff, TEST_PASSWORD, TEST_TOTP_SECRET } from '@storefront/server/test/console';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptAndEnrol, authenticatorCode, consoleUrl, invitationLink, screenIs, signIn } from './console-steps.ts';
import { type Harness, hasChromium, recordCspViolations, seriousAxeViolations, startHarness } from './harness.ts';

const OWNER = { email: 'owner@console-e2e.test', password: TEST_PASSWORD, totpSecret: TEST_TOTP_SECRET };
const MEMBER = { email: 'gina@console-e2e.test', name: 'Gina Gate', password: 'a gate attendant with a long password' };
const TEAM = 'Harbor gate';

describe.skipIf(!hasChromium)('operator console', () => {
  let harness: Harness;
  let owner: { context: BrowserContext; page: Page };
  let member: { context: BrowserContext; page: Page };
  const axe: string[] = [];
  const csp: string[][] = [];

  /** Records the page's serious accessibility problems under the screen's name. */
  const checkAxe = async (page: Page, name: string) => {
    for (const violation of await seriousAxeViolations(page)) axe.push(`${name}: ${violation}`);
  };

  const open = async () => {
    const context = await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    csp.push(await recordCspViolations(context));
    return { context, page: await context.newPage() };
  };

  beforeAll(async () => {
    harness = await startHarness({
      variants: ['borderless', 'harbor'],
      prepare: async (db: Database) => {
        await makeStaff(db, { email: OWNER.email, name: 'Olive Owner', isOwner: true, totp: true });
      },
    });
    owner = await open();
    member = await open();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('lets an owner sign in with a password and an authenticator code', async () => {
    const { page } = owner;
    await page.goto(consoleUrl(harness.baseUrl, '/forgotten-password'));
    await screenIs(page, 'forgotten-password');
    await checkAxe(page, 'forgotten-password');
    await page.goto(consoleUrl(harness.baseUrl, '/password-reset#not-a-real-token-at-all'));
    await screenIs(page, 'password-reset');
    await checkAxe(page, 'password-reset');

    await page.goto(consoleUrl(harness.baseUrl, '/'));
    await screenIs(page, 'sign-in');
    await checkAxe(page, 'sign-in');
    await page.getByLabel('E-mail address').fill(OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await screenIs(page, 'sign-in-second-factor');
    await checkAxe(page, 'second-factor');
    await page.getByLabel('Code from your authenticator app').fill(authenticatorCode(OWNER.totpSecret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await screenIs(page, 'venue-home');
    await checkAxe(page, 'venue-home');
  });

  it('makes a team that holds its rights at one venue only', async () => {
    const { page } = owner;
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Teams' }).click();
    await screenIs(page, 'teams');
    await checkAxe(page, 'teams');
    await page.getByRole('link', { name: 'New team' }).click();
    await screenIs(page, 'team');
    await page.getByLabel('Team name').fill(TEAM);
    await page.getByLabel('Only the venues chosen below').check();
    await page.getByRole('button', { name: 'Create the team' }).click();
    // A list without a venue is refused before anything is sent.
    await page.getByText('Choose at least one venue, or all venues.').waitFor();
    await checkAxe(page, 'team-form');
    await page
      .getByRole('group', { name: 'Venues' })
      .getByLabel(/\(harbor\)/)
      .check();
    await page.getByLabel('Check visitors in').check();
    await page.getByRole('button', { name: 'Create the team' }).click();
    await screenIs(page, 'teams');
    const row = page.getByRole('row', { name: new RegExp(TEAM) });
    await expect(row.getByRole('cell').first().innerText()).resolves.not.toMatch(/All venues/);
    expect(await row.innerText()).toContain('checkin:scan');
  });

  it('invites a member into that team', async () => {
    const { page } = owner;
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).click();
    await screenIs(page, 'staff');
    await checkAxe(page, 'staff');
    await page.getByRole('button', { name: 'Invite a staff member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a staff member' });
    await dialog.getByRole('button', { name: 'Send the invitation' }).click();
    await dialog.getByText('Fill this in.').waitFor();
    await checkAxe(page, 'invite-dialog');
    await dialog.getByLabel('Name').fill(MEMBER.name);
    await dialog.getByLabel('E-mail address').fill(MEMBER.email);
    await dialog.getByLabel('Language').selectOption('en');
    await dialog.getByLabel(TEAM).check();
    await dialog.getByRole('button', { name: 'Send the invitation' }).click();
    await page.getByText(`An invitation has been sent to ${MEMBER.email}.`).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(MEMBER.email) }).innerText()).toContain('Invited');
  });

  it('lets the member accept, enrol an authenticator app and sign in again', async () => {
    const { page } = member;
    const link = await invitationLink(harness.baseUrl, MEMBER.email);
    const { secret, recoveryCodes } = await acceptAndEnrol(page, link, MEMBER.password, (name) => checkAxe(page, name));
    expect(recoveryCodes.length).toBeGreaterThan(0);
    await screenIs(page, 'venue-home');
    expect(new URL(page.url()).pathname).toBe('/console/venues/harbor');
    await checkAxe(page, 'member-venue-home');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await screenIs(page, 'sign-in');
    // The enrolment used this 30-s step's code; the app's next code is the one to sign in with.
    await signIn(page, harness.baseUrl, { email: MEMBER.email, password: MEMBER.password, totpSecret: secret, stepsAhead: 1 });
    await screenIs(page, 'venue-home');
  });

  it('hides the other venue from the member: not in the switcher, not found at its address', async () => {
    const { page } = member;
    await page.getByRole('button', { name: /^Venue/ }).click();
    const venues = await page.getByRole('list', { name: 'Venues' }).getByRole('link').allInnerTexts();
    expect(venues).toHaveLength(1);
    expect(venues[0]).toContain('harbor');
    await page.keyboard.press('Escape');

    await page.goto(consoleUrl(harness.baseUrl, '/venues/borderless'));
    await screenIs(page, 'venue-not-found');
    expect((await page.request.get(`${harness.baseUrl}/console/api/v1/venues/borderless`)).status()).toBe(404);
    expect((await page.request.get(`${harness.baseUrl}/console/api/v1/venues/harbor`)).status()).toBe(200);
    // Nor may the member manage staff: the navigation does not offer it, and the screen refuses.
    expect(await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Staff' }).count()).toBe(0);
    await page.goto(consoleUrl(harness.baseUrl, '/staff'));
    await page.getByText('You do not have the right to see or do this.', { exact: false }).waitFor();
  });

  it('shows the owner all of it in the audit log', async () => {
    const { page } = owner;
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log (all venues)' }).click();
    await screenIs(page, 'audit');
    await page.getByRole('table').waitFor();
    await checkAxe(page, 'audit');
    const log = await page.getByRole('table').innerText();
    for (const action of ['created', 'invited', 'invitation_accepted', 'totp_enrolled', 'signed_in'])
      expect(log).toContain(action);
    expect(log).toContain(MEMBER.email);
    expect(log).toContain(TEAM);

    await page.getByLabel('Action').fill('invited');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/action=invited/);
    await expect.poll(async () => await page.getByRole('table').locator('tbody tr').count()).toBe(1);
  });

  it('shows the owner’s account and the new-venue form without accessibility problems', async () => {
    const { page } = owner;
    await page.goto(consoleUrl(harness.baseUrl, '/account'));
    await screenIs(page, 'account');
    await page.getByRole('table', { name: 'Your sessions' }).waitFor();
    await checkAxe(page, 'account');
    await page.goto(consoleUrl(harness.baseUrl, '/venues/new'));
    await screenIs(page, 'new-venue');
    await checkAxe(page, 'new-venue');
  });

  it('creates a venue, which is then the owner’s to open', async () => {
    const { page } = owner;
    await page.getByLabel('Venue code').fill('console');
    await page.getByRole('button', { name: 'Create the venue' }).click();
    await page.getByText('Give the venue a name in its default language.').waitFor();
    expect(await page.getByText(/not a path the server uses itself/).count()).toBeGreaterThan(0);
    await checkAxe(page, 'new-venue-errors');
    await page.getByLabel('Name in 日本語').fill('ラボ東京');
    await page.getByLabel('Name in English').fill('Lab Tokyo');
    await page.getByLabel('Venue code').fill('lab-tokyo');
    await page.getByLabel('Shop address').fill('lab-tokyo');
    await page.getByRole('button', { name: 'Create the venue' }).click();
    await screenIs(page, 'venue-home');
    expect(new URL(page.url()).pathname).toBe('/console/venues/lab-tokyo');
    await page.getByRole('heading', { name: 'Lab Tokyo' }).waitFor();
    await page.getByRole('button', { name: /^Venue/ }).click();
    expect(await page.getByRole('list', { name: 'Venues' }).innerText()).toContain('lab-tokyo');
  });

  it('found no serious accessibility problem and no CSP violation on the way', () => {
    expect(axe).toEqual([]);
    expect(csp.flat()).toEqual([]);
  });
});
