/**
 * `npm run db:roles -- --role storefront_server`: makes (or brings up to date) the role the server
 * runs as on PostgreSQL, one that does not own the tables and so cannot switch off the audit
 * log's triggers (decision 033). Run it as the tables' owner, the role that migrates:
 * DATABASE_MIGRATION_URL where it is set, DATABASE_URL otherwise. It applies the migrations
 * first, then asks for the role's password (not echoed; read from stdin when it is not a
 * terminal). Safe to run again: after a migration, or to change the password.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { fail, readSecret } from '../lib/terminal-prompt.ts';
import { openDatabase } from './client.ts';
import { grantServerRole, ROLE_NAME, ServerRoleError, serverRoleProblem } from './server-role.ts';

const { values } = parseArgs({ options: { role: { type: 'string' } } });
const role = values.role ?? '';
if (!ROLE_NAME.test(role)) fail('Name the server’s role: --role storefront_server (lower-case letters, digits and _).');

const config = loadConfig();
const owner = config.migrationDatabase;
if (owner.engine !== 'postgres') {
  fail('db:roles is for PostgreSQL: set DATABASE_URL (or DATABASE_MIGRATION_URL) to the tables’ owner’s URL.');
}
const password = await readSecret(`Password for ${role} (at least 16 printable ASCII characters): `);
const problem = serverRoleProblem({ name: role, password });
if (problem) fail(`${problem[0]?.toUpperCase()}${problem.slice(1)}.`);
if (process.stdin.isTTY && (await readSecret('The same again: ')) !== password) fail('The two passwords differ.');

const database = openDatabase({ ...owner, poolSize: 1 });
await database.migrate();
await database.close();
const client = new pg.Client({ connectionString: owner.url });
await client.connect();
try {
  const { created } = await grantServerRole(client, { name: role, password });
  console.log(
    `${created ? 'Created' : 'Updated'} ${role}: it may use every table and read and append to audit_log, and owns none. Run the server with it in DATABASE_URL, and this owner's URL in DATABASE_MIGRATION_URL.`,
  );
} catch (error) {
  if (error instanceof ServerRoleError) fail(`${error.message}.`);
  throw error;
} finally {
  await client.end();
}
