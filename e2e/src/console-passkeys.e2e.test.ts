/**
 * Passkeys in the console, in a real browser against the real server, with Chromium's virtual
 * authenticator standing in for the device (a platform authenticator that keeps discoverable
 * credentials and verifies its user). An owner adds a passkey on the account page, signs in with
 * the password and then the passkey, then with the passkey alone, and removes it. A member whose
 * team requires two factors enrols with a passkey and may not remove it, their only factor. The
 * site is served as `localhost`: WebAuthn refuses an IP address as the relying party.
 */
import type { Database } from '@storefront/server/db/client';
import { makeStaff, makeTeam, TEST_PASSWORD, TEST_TOTP_SECRET } from '@storefront/server/test/console';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticatorCode, consoleUrl, screenIs, signIn } from './console-steps.ts';
import { type Harness, hasChromium, recordCspViolations, seriousAxeViolations, startHarness } from './harness.ts';

const OWNER = { email: 'owner@passkeys-e2e.test', name: 'Olive Owner', password: TEST_PASSWORD, totpSecret: TEST_TOTP_SECRET };
const MEMBER = { email: 'gina@passkeys-e2e.test', name: 'Gina Gate', password: TEST_PASSWORD };
const OWNER_PASSKEY = 'Office laptop';
const MEMBER_PASSKEY = 'Gate phone';

type Browsing = { context: BrowserContext; page: Page; authenticator: { cdp: CDPSession; id: string } };

describe.skipIf(!hasChromium)('passkeys in the console', () => {
  let harness: Harness;
  let owner: Browsing;
  let member: Browsing;
  const axe: string[] = [];
  const csp: string[][] = [];

  const checkAxe = async (page: Page, name: string) => {
    for (const violation of await seriousAxeViolations(page)) axe.push(`${name}: ${violation}`);
  };

  /** A browser with its own device: a virtual authenticator that the page's passkey ceremonies use. */
  const open = async (): Promise<Browsing> => {
    const context = await harness.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    csp.push(await recordCspViolations(context));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return { context, page, authenticator: { cdp, id: authenticatorId } };
  };

  /** The credentials the browser's device holds. */
  const credentialsOn = async ({ authenticator }: Browsing) =>
    (await authenticator.cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticator.id })).credentials;

  /** The session's stage as the server sees it, or null when signed out. */
  const stageOf = async (page: Page) => {
    const response = await page.request.get(`${harness.baseUrl}/console/api/v1/session`);
    return response.ok() ? ((await response.json()) as { stage: string }).stage : null;
  };

  const signOut = async (page: Page) => {
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await screenIs(page, 'sign-in');
    expect(await stageOf(page)).toBeNull();
  };

  const passkeyRows = (page: Page) => page.getByRole('table', { name: 'Your passkeys' }).locator('tbody tr');

  beforeAll(async () => {
    harness = await startHarness({
      host: 'localhost',
      variants: ['borderless', 'harbor'],
      prepare: async (db: Database) => {
        await makeStaff(db, { email: OWNER.email, name: OWNER.name, isOwner: true, totp: true });
        const gate = await makeTeam(db, { name: 'Gate', rights: ['checkin:scan'], requiresTwoFactor: true });
        await makeStaff(db, { email: MEMBER.email, name: MEMBER.name, teamIds: [gate.id] });
      },
    });
    owner = await open();
    member = await open();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('serves the console as localhost, a name WebAuthn accepts', () => {
    expect(new URL(harness.baseUrl).hostname).toBe('localhost');
  });

  it('lets the owner add a named passkey on the account page, and lists it', async () => {
    const { page } = owner;
    await signIn(page, harness.baseUrl, OWNER);
    await page.goto(consoleUrl(harness.baseUrl, '/account'));
    await screenIs(page, 'account');
    await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
    await passkeyRows(page).getByText('No passkeys yet.').waitFor();

    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Name').waitFor();
    await checkAxe(page, 'add-passkey-dialog');
    // A passkey needs a name to tell it apart: none is refused before the browser is asked.
    await dialog.getByRole('button', { name: 'Add a passkey' }).click();
    await dialog.getByText('Fill this in.').waitFor();
    expect(await credentialsOn(owner)).toHaveLength(0);
    await dialog.getByLabel('Name').fill(OWNER_PASSKEY);
    await dialog.getByRole('button', { name: 'Add a passkey' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expect.poll(() => passkeyRows(page).count()).toBe(1);
    const row = passkeyRows(page).first();
    expect(await row.getByRole('rowheader').innerText()).toBe(OWNER_PASSKEY);
    // Added now, not used yet.
    expect(await row.getByRole('cell').nth(1).innerText()).toBe('—');
    await row.getByRole('button', { name: `Remove the passkey ${OWNER_PASSKEY}` }).waitFor();
    await checkAxe(page, 'account-with-passkey');

    // The device keeps a discoverable credential for this site, for the passkey-alone sign-in.
    const [credential] = await credentialsOn(owner);
    expect(credential?.rpId).toBe('localhost');
    expect(credential?.isResidentCredential).toBe(true);
  });

  it('takes the passkey as the second factor after the password', async () => {
    const { page } = owner;
    await signOut(page);
    await page.getByLabel('E-mail address').fill(OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await screenIs(page, 'sign-in-second-factor');
    await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor();
    expect(await stageOf(page)).toBe('second_factor');
    // The authenticator app comes first; the passkey is offered as another way.
    await page.getByLabel('Code from your authenticator app').waitFor();
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('button', { name: 'Use my passkey' }).waitFor();
    await page.getByRole('button', { name: 'Use the authenticator app' }).waitFor();
    await checkAxe(page, 'second-factor-passkey');
    await page.getByRole('button', { name: 'Use my passkey' }).click();
    await screenIs(page, 'venue-home');
    expect(await stageOf(page)).toBe('signed_in');

    await page.goto(consoleUrl(harness.baseUrl, '/account'));
    await screenIs(page, 'account');
    await expect.poll(() => passkeyRows(page).first().getByRole('cell').nth(1).innerText()).not.toBe('—');
  });

  it('signs the owner in with the passkey alone, no password asked', async () => {
    const { page } = owner;
    await signOut(page);
    await checkAxe(page, 'sign-in');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await screenIs(page, 'venue-home');
    expect(await stageOf(page)).toBe('signed_in');
    expect(await page.getByRole('button', { name: /Account menu/ }).innerText()).toContain(OWNER.name);
  });

  it('removes the owner’s passkey, the authenticator app staying as the second factor', async () => {
    const { page } = owner;
    await page.goto(consoleUrl(harness.baseUrl, '/account'));
    await screenIs(page, 'account');
    await expect.poll(() => passkeyRows(page).count()).toBe(1);
    await page.getByRole('button', { name: `Remove the passkey ${OWNER_PASSKEY}` }).click();
    // Asked first: a passkey is a way in, not to be lost to a slip of the mouse.
    const dialog = page.getByRole('dialog', { name: 'Remove a passkey' });
    await dialog.getByText(`“${OWNER_PASSKEY}” will no longer sign you in`).waitFor();
    await checkAxe(page, 'remove-passkey-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await passkeyRows(page).count()).toBe(1);
    await page.getByRole('button', { name: `Remove the passkey ${OWNER_PASSKEY}` }).click();
    await dialog.getByRole('button', { name: 'Remove the passkey' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await passkeyRows(page).getByText('No passkeys yet.').waitFor();
    await checkAxe(page, 'account-passkey-removed');

    // The device still holds it, but the server no longer knows it.
    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByText('That passkey was not accepted.').waitFor();
    await screenIs(page, 'sign-in');
    expect(await stageOf(page)).toBeNull();

    // The password now leads to the authenticator app alone.
    await page.getByLabel('E-mail address').fill(OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await screenIs(page, 'sign-in-second-factor');
    await page.getByLabel('Code from your authenticator app').waitFor();
    expect(await page.getByRole('button', { name: 'Use a passkey' }).count()).toBe(0);
    // The first sign-in used this 30-s step's code; the app's next code is the one to use.
    await page.getByLabel('Code from your authenticator app').fill(authenticatorCode(OWNER.totpSecret, 1));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await screenIs(page, 'venue-home');
  });

  it('lets a member whose team requires two factors enrol with a passkey', async () => {
    const { page } = member;
    await page.goto(consoleUrl(harness.baseUrl, '/'));
    await screenIs(page, 'sign-in');
    await page.getByLabel('E-mail address').fill(MEMBER.email);
    await page.getByLabel('Password', { exact: true }).fill(MEMBER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await screenIs(page, 'enrolment');
    expect(await stageOf(page)).toBe('enrolment');
    await page.getByRole('button', { name: /Passkey/ }).click();
    await page.getByLabel('Name').fill(MEMBER_PASSKEY);
    await checkAxe(page, 'enrolment-passkey');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Your passkey has been added.').waitFor();
    expect(await stageOf(page)).toBe('signed_in');
    await page.getByRole('button', { name: 'Continue to the console' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/console/enrolment'));
  });

  it('refuses to remove the member’s only factor, and says why', async () => {
    const { page } = member;
    await page.goto(consoleUrl(harness.baseUrl, '/account'));
    await screenIs(page, 'account');
    await expect.poll(() => passkeyRows(page).count()).toBe(1);
    expect(await passkeyRows(page).first().getByRole('rowheader').innerText()).toBe(MEMBER_PASSKEY);
    await page.getByRole('button', { name: `Remove the passkey ${MEMBER_PASSKEY}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove a passkey' });
    await dialog.getByRole('button', { name: 'Remove the passkey' }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(
      'Your account must keep a second factor, and this passkey is its only one. Set up an authenticator app or another passkey before removing it.',
    );
    expect(await dialog.getByRole('button', { name: 'Remove the passkey' }).isDisabled()).toBe(true);
    await checkAxe(page, 'account-last-factor');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await passkeyRows(page).count()).toBe(1);
    expect(await passkeyRows(page).first().getByRole('rowheader').innerText()).toBe(MEMBER_PASSKEY);
  });

  it('found no serious accessibility problem and no CSP violation on the way', () => {
    expect(axe).toEqual([]);
    expect(csp.flat()).toEqual([]);
  });
});
