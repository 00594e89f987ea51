/**
 * `npm run staff:create -- --email you@example.com --owner [--name "Your Name"]`: makes an owner
 * account, the first one of a new installation. It asks for the password (not echoed); the owner
 * then signs in at /console/ and sets up a second factor before anything else.
 */

import { parseArgs } from 'node:util';
import { Email, MIN_PASSWORD_LENGTH, NewPassword } from '@storefront/domain/console/auth';
import { fail, readSecret } from '../../lib/terminal-prompt.ts';

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, owner: { type: 'boolean', default: false } },
});
if (!values.owner) {
  fail('Only owners are made here (--owner); invite other staff from the console, under Staff.');
}
const email = Email.safeParse(values.email ?? '');
if (!email.success) fail("Give the owner's e-mail address: --email you@example.com");
const password = await readSecret(`Password for ${email.data} (at least ${MIN_PASSWORD_LENGTH} characters): `);
const checked = NewPassword.safeParse(password);
if (!checked.success) fail(`The password ${checked.error.issues[0]?.message ?? 'is not valid'}.`);
if (process.stdin.isTTY && (await readSecret('The same again: ')) !== password) fail('The two passwords differ.');

// The database and the staff module are loaded only for arguments and a password that pass: a
// mistyped command answers at once instead of after loading the server.
const [{ loadConfig }, { openDatabase }, { hashPassword }, { SYSTEM_ACTOR }, { createStaffAccount }] = await Promise.all([
  import('../../config.ts'),
  import('../../db/client.ts'),
  import('../../lib/passwords.ts'),
  import('../audit/record-audit.ts'),
  import('./manage-staff.ts'),
]);
const config = loadConfig();
const database = openDatabase(config.database);
try {
  await database.migrate();
  await createStaffAccount(database.db, SYSTEM_ACTOR, {
    email: email.data,
    name: values.name ?? email.data.split('@')[0] ?? email.data,
    passwordHash: await hashPassword(checked.data),
    isOwner: true,
  });
} catch (error) {
  fail(error instanceof Error ? `The owner was not created: ${error.message}` : String(error));
} finally {
  await database.close();
}
const base = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
console.log(
  `Owner ${email.data} created. Sign in at ${base}/console/ to set up the authenticator app or passkey owners need, then create your first venue.`,
);
