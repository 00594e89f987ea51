/**
 * What a staff member does in the console, step by step, for the journeys and the screenshots:
 * sign in with a password and an authenticator code, read an invitation link from the demo mail
 * viewer, accept it and enrol an authenticator app.
 */
import { totpCode } from '@storefront/server/test/console';
import type { Page } from 'playwright-core';

export const consoleUrl = (baseUrl: string, path = '/') => `${baseUrl}/console${path}`;

/** The screen the page shows now, once it has one. */
export async function screenIs(page: Page, screen: string): Promise<void> {
  await page.locator(`[data-screen="${screen}"]`).waitFor();
}

/** The code an authenticator app shows for `secret`; `stepsAhead` for a code not used yet in this 30-s step. */
export const authenticatorCode = (secret: string, stepsAhead = 0) => totpCode(new Date(Date.now() + stepsAhead * 30_000), secret);

export async function signIn(
  page: Page,
  baseUrl: string,
  account: { email: string; password: string; totpSecret: string; stepsAhead?: number },
  path = '/',
): Promise<void> {
  await page.goto(consoleUrl(baseUrl, path));
  await screenIs(page, 'sign-in');
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await screenIs(page, 'sign-in-second-factor');
  await page.getByLabel('Code from your authenticator app').fill(authenticatorCode(account.totpSecret, account.stepsAhead ?? 0));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/console/sign-in'));
}

/** The invitation link in the newest mail to `email`, from the demo mail viewer. */
export async function invitationLink(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/dev/mail/latest?to=${encodeURIComponent(email)}`);
  const html = await response.text();
  const token = /\/console\/invitation#([A-Za-z0-9_-]{16,64})/.exec(html)?.[1];
  if (!token) throw new Error(`no invitation link in the mail to ${email}`);
  return consoleUrl(baseUrl, `/invitation#${token}`);
}

/** Accepts an invitation with `password` and answers the authenticator secret it enrolled. */
export async function acceptAndEnrol(
  page: Page,
  link: string,
  password: string,
  onScreen: (name: string) => Promise<void> = async () => {},
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.goto(link);
  await screenIs(page, 'invitation');
  await page.getByLabel('New password', { exact: true }).waitFor();
  await onScreen('invitation');
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again').fill(password);
  await page.getByRole('button', { name: 'Set the password and continue' }).click();
  await screenIs(page, 'enrolment');
  await onScreen('enrolment');
  await page.getByRole('button', { name: /Authenticator app/ }).click();
  const secretText = page.locator('code.secret');
  await secretText.waitFor();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  await onScreen('enrolment-totp');
  const secret = (await secretText.innerText()).replaceAll(/\s/g, '');
  await page.getByLabel('Code from the app').fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-codes');
  await codes.waitFor();
  await onScreen('enrolment-recovery-codes');
  const recoveryCodes = await codes.locator('li').allInnerTexts();
  await page.getByLabel('I have stored my recovery codes').check();
  await page.getByRole('button', { name: 'Continue to the console' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/console/enrolment'));
  return { secret, recoveryCodes };
}
