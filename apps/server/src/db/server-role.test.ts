/**
 * The server's role on PostgreSQL cannot rewrite the audit log (decision 033): a throwaway
 * database owned and migrated by an owner role, the server's role made by `grantServerRole` (what
 * `npm run db:roles` runs), then what each role may and may not do. Roles are cluster-wide: each
 * run names its own and drops them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/server-process.ts';
import { auditedChange, SYSTEM_ACTOR } from '../modules/audit/record-audit.ts';
import { createVenue } from '../modules/venue-setup/create-venue.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { prepareDatabase } from './prepare.ts';
import { rows } from './rows.ts';
import { grantServerRole, ServerRoleError, scramVerifier } from './server-role.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const here = dirname(fileURLToPath(import.meta.url));

describe.skipIf(!adminUrl)('the server’s own database role [postgres]', () => {
  const suffix = randomBytes(5).toString('hex');
  const names = { database: `storefront_roles_${suffix}`, owner: `sf_owner_${suffix}`, server: `sf_server_${suffix}` };
  const password = `pw-${randomBytes(12).toString('hex')}`;
  const urlOf = (user: string, secret: string) => {
    const url = new URL(adminUrl ?? '');
    url.username = user;
    url.password = secret;
    url.pathname = `/${names.database}`;
    return url.toString();
  };
  const ownerUrl = () => urlOf(names.owner, 'owner-password-0123456789');
  const serverUrl = () => urlOf(names.server, password);
  let ownerClient: pg.Client;
  let server: pg.Client;
  let serverHandle: DatabaseHandle;

  async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  /** The SQLSTATE and message `statement` fails with as `client`, or null when it succeeds (inside a rolled-back transaction). */
  async function refusal(client: pg.Client, statement: string): Promise<{ code: string; message: string } | null> {
    await client.query('begin');
    try {
      await client.query(statement);
      return null;
    } catch (error) {
      return { code: (error as { code: string }).code, message: (error as Error).message };
    } finally {
      await client.query('rollback');
    }
  }

  beforeAll(async () => {
    // An owner as production has one: no superuser, allowed to make roles, owning the database.
    await admin(async (client) => {
      await client.query(`create role ${names.owner} login createrole password 'owner-password-0123456789'`);
      await client.query(`create database ${names.database} owner ${names.owner}`);
    });
    const owner = openDatabase({ engine: 'postgres', url: ownerUrl(), poolSize: 2 });
    await owner.migrate();
    await owner.close();
    ownerClient = new pg.Client({ connectionString: ownerUrl() });
    await ownerClient.connect();
    expect(await grantServerRole(ownerClient, { name: names.server, password })).toEqual({ created: true });
    // Again, as after every migration: nothing changes but the password's salt.
    expect(await grantServerRole(ownerClient, { name: names.server, password })).toEqual({ created: false });
    server = new pg.Client({ connectionString: serverUrl() });
    await server.connect();
    serverHandle = openDatabase({ engine: 'postgres', url: serverUrl(), poolSize: 2 });
  }, 120_000);

  afterAll(async () => {
    await server?.end();
    await serverHandle?.close();
    await ownerClient?.end();
    await admin(async (client) => {
      await client.query(`drop database if exists ${names.database} with (force)`);
      await client.query(`drop role if exists ${names.server}`);
      await client.query(`drop role if exists ${names.owner}`);
    });
  });

  it('is a login role that owns nothing and has no special powers', async () => {
    const [me] = (
      await server.query<Record<string, unknown>>(
        `select current_user as name, rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls,
                (select count(*)::int from pg_class where relowner = r.oid) as owned,
                pg_get_userbyid((select relowner from pg_class where oid = 'audit_log'::regclass)) as audit_owner
           from pg_roles r where rolname = current_user`,
      )
    ).rows;
    expect(me).toEqual({
      name: names.server,
      rolsuper: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolreplication: false,
      rolbypassrls: false,
      owned: 0,
      audit_owner: names.owner,
    });
  });

  it('reads and appends to the audit log, and does the app’s work on the other tables', async () => {
    const db = serverHandle.db;
    // A venue is made as the console makes one: a table lock, inserts, the audit row in the same transaction.
    const venue = await auditedChange(
      db,
      SYSTEM_ACTOR,
      (tx) =>
        createVenue(tx, {
          code: `roles-${suffix}`,
          variant: `roles-${suffix}`,
          kind: 'cafe',
          name: { en: 'Role test' },
          languages: ['en'],
          currency: 'EUR',
          timeZone: 'Europe/Lisbon',
        }),
      (made) => ({ objectType: 'venue', objectId: made.id, action: 'create', venue: made }),
    );
    const [logged] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from audit_log where object_type = 'venue' and object_id = ${String(venue.id)}`,
    );
    expect(logged?.n).toBeGreaterThanOrEqual(1);
    // Updates and deletes on an ordinary table are the server's to do.
    await db.execute(sql`update sites set code = code where id = ${venue.id}`);
    await db.execute(sql`select id from sites where id = ${venue.id} for update`);
    // A table a later migration makes (as the owner) comes with the same rights.
    await ownerClient.query('create table later_table (id bigserial primary key, n int not null)');
    await server.query('insert into later_table (n) values (1), (2)');
    await server.query('update later_table set n = n + 1');
    await server.query('delete from later_table where n = 2');
    expect((await server.query('select n from later_table')).rows).toEqual([{ n: 3 }]);
  });

  it('is refused UPDATE, DELETE, TRUNCATE, switching off the triggers and replication mode on the audit log', async () => {
    await server.query(
      `insert into audit_log (actor_type, actor_label, object_type, action) values ('system', 'test', 'test', 'refusals')`,
    );
    const refusals = {
      update: await refusal(server, `update audit_log set action = 'rewritten'`),
      delete: await refusal(server, 'delete from audit_log'),
      truncate: await refusal(server, 'truncate audit_log'),
      disableTriggers: await refusal(server, 'alter table audit_log disable trigger all'),
      disableOneTrigger: await refusal(server, 'alter table audit_log disable trigger audit_log_no_update_or_delete'),
      dropTrigger: await refusal(server, 'drop trigger audit_log_no_update_or_delete on audit_log'),
      replaceFunction: await refusal(
        server,
        `create or replace function audit_log_is_append_only() returns trigger language plpgsql as $$ begin return old; end $$`,
      ),
      replicationRole: await refusal(server, 'set session_replication_role = replica'),
      replicationRoleLocal: await refusal(server, 'set local session_replication_role = replica'),
      takeOwnership: await refusal(server, `alter table audit_log owner to ${names.server}`),
    };
    for (const [what, refused] of Object.entries(refusals)) {
      expect(refused, what).toMatchObject({ code: '42501' });
    }
    expect(refusals.update?.message).toBe('permission denied for table audit_log');
    expect(refusals.disableTriggers?.message).toBe('must be owner of table audit_log');
    expect(refusals.replicationRole?.message).toBe('permission denied to set parameter "session_replication_role"');
    expect((await server.query(`select count(*)::int as n from audit_log where action = 'refusals'`)).rows).toEqual([{ n: 1 }]);
  });

  it('where the owner could switch the triggers off and rewrite the log: the refusals above are the role’s', async () => {
    await ownerClient.query('begin');
    try {
      await expect(ownerClient.query('delete from audit_log')).rejects.toThrow(/append-only/);
      await ownerClient.query('rollback');
      await ownerClient.query('begin');
      await ownerClient.query('alter table audit_log disable trigger all');
      const deleted = await ownerClient.query('delete from audit_log');
      expect(deleted.rowCount).toBeGreaterThan(0);
    } finally {
      await ownerClient.query('rollback');
    }
    expect((await server.query('select count(*)::int as n from audit_log')).rows[0].n).toBeGreaterThan(0);
  });

  it('starts without migrating once the owner has, and says what to do when a migration is pending', async () => {
    await expect(prepareDatabase(serverHandle, { seedsDemo: false, topUp: false })).resolves.toMatchObject({
      seededSites: null,
    });
    // The last migration forgotten, as if the owner had not applied it yet: the server's role may not.
    const forgotten = await ownerClient.query(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at',
    );
    try {
      await expect(serverHandle.migrate()).rejects.toThrow(
        new RegExp(`^${names.server} may not change the schema: apply the migrations as the tables' owner`),
      );
    } finally {
      const [row] = forgotten.rows as { hash: string; created_at: string }[];
      await ownerClient.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        row?.hash,
        row?.created_at,
      ]);
    }
  });

  it('on a new database, npm run db:roles then a production start with both URLs: migrated by the owner, served by the server’s role', async () => {
    const fresh = `${names.database}_start`;
    await admin((client) => client.query(`create database ${fresh} owner ${names.owner}`));
    const at = (url: string) => {
      const parsed = new URL(url);
      parsed.pathname = `/${fresh}`;
      return parsed.toString();
    };
    const run = (script: string[], env: Record<string, string>, input?: string) => {
      const child = spawn(process.execPath, ['--experimental-strip-types', ...script], {
        env: { ...process.env, LOG_LEVEL: 'silent', ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += String(chunk);
      });
      child.stderr.on('data', (chunk) => {
        output += String(chunk);
      });
      child.stdin.end(input ?? '');
      return { child, output: () => output };
    };
    const exited = (child: ChildProcess) =>
      child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', resolve));
    try {
      const roles = run([join(here, 'roles-cli.ts'), '--role', names.server], { DATABASE_URL: at(ownerUrl()) }, `${password}\n`);
      expect(await exited(roles.child), roles.output()).toBe(0);
      expect(roles.output()).toContain(`Updated ${names.server}`);
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      const main = run([join(here, '..', 'main.ts')], {
        DATABASE_URL: at(serverUrl()),
        DATABASE_MIGRATION_URL: at(ownerUrl()),
        APP_MODE: 'production',
        APP_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        STRIPE_SECRET_KEY: 'sk_test_notarealkey',
        STRIPE_WEBHOOK_SECRET: 'whsec_notarealsecret',
      });
      try {
        while (!main.output().includes('No venue yet') && main.child.exitCode === null) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(main.output()).toContain('No venue yet');
        expect((await fetch(`${publicUrl}/`)).status).toBe(404);
        // The server's connections are the server role's; none of the owner's is left open.
        const connected = await admin((client) =>
          client.query<{ usename: string }>('select distinct usename from pg_stat_activity where datname = $1', [fresh]),
        );
        expect(connected.rows.map((row) => row.usename)).toEqual([names.server]);
      } finally {
        main.child.kill('SIGTERM');
        await exited(main.child);
      }
    } finally {
      await admin((client) => client.query(`drop database if exists ${fresh} with (force)`));
    }
  }, 90_000);

  it('refuses to make the owner the server’s role, or to run as a role that does not own the tables', async () => {
    await expect(grantServerRole(ownerClient, { name: names.owner, password })).rejects.toThrow(ServerRoleError);
    await expect(grantServerRole(server, { name: `${names.server}_x`, password })).rejects.toThrow(
      new RegExp(`connected as ${names.server}, but ${names.owner} owns the tables`),
    );
    await expect(grantServerRole(ownerClient, { name: 'Bad-Name', password })).rejects.toThrow(ServerRoleError);
    await expect(grantServerRole(ownerClient, { name: names.server, password: 'short' })).rejects.toThrow(ServerRoleError);
  });
});

describe('the server role’s password', () => {
  it('is sent as a SCRAM-SHA-256 verifier, never as itself', () => {
    const verifier = scramVerifier('pencil', Buffer.from('0123456789abcdef'));
    expect(verifier).toMatch(/^SCRAM-SHA-256\$4096:MDEyMzQ1Njc4OWFiY2RlZg==\$[A-Za-z0-9+/=]{44}:[A-Za-z0-9+/=]{44}$/);
    expect(verifier).not.toContain('pencil');
  });
});
