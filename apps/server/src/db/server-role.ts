/**
 * The server's own database role on PostgreSQL (decision 033): one that does not own the tables,
 * so that the audit log's triggers (migration 0005) are not its to switch off. The owner (the role
 * that runs the migrations) gives it the rights the server uses on every table and sequence,
 * today's and those later migrations create, except on `audit_log`, where it may only read and
 * append. A role that owns no table and is no superuser cannot `ALTER TABLE … DISABLE TRIGGER`,
 * drop the trigger, replace its function or `SET session_replication_role`.
 *
 * Run as the owner, against the database to serve: `npm run db:roles` (`roles-cli.ts`).
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import type pg from 'pg';

/** The tables whose rows nobody changes once written: the server may only read and append. */
const APPEND_ONLY_TABLES = ['audit_log'] as const;

/** What the server does to every other table. No TRUNCATE, REFERENCES or TRIGGER: it uses none. */
const TABLE_RIGHTS = 'SELECT, INSERT, UPDATE, DELETE';
/** `nextval` for serial columns (identity columns need no right on their sequence). */
const SEQUENCE_RIGHTS = 'USAGE, SELECT';
/** Where the migrations' tables are; the server reads drizzle's list of applied migrations, never writes it. */
const SCHEMA = 'public';
const MIGRATIONS_SCHEMA = 'drizzle';

export type ServerRole = { name: string; password: string };

/** A role name PostgreSQL takes unquoted, so that what the operator types is what is made. */
export const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** Printable ASCII: no client's normalisation (SASLprep) can change it. */
const ROLE_PASSWORD = /^[\x21-\x7e]{16,}$/;

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The password as PostgreSQL stores it (SCRAM-SHA-256, RFC 5802 and 7677), so that the text sent
 * in `CREATE ROLE` (and any statement log) never holds the password itself.
 */
export function scramVerifier(password: string, salt = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const storedKey = createHash('sha256').update(createHmac('sha256', salted).update('Client Key').digest()).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

export class ServerRoleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerRoleError';
  }
}

type RoleRow = {
  rolsuper: boolean;
  rolcreaterole: boolean;
  rolcreatedb: boolean;
  rolreplication: boolean;
  rolbypassrls: boolean;
  rolcanlogin: boolean;
};

/** What is wrong with the role's name or password, or null; checked before anything is done. */
export function serverRoleProblem(role: ServerRole): string | null {
  if (!ROLE_NAME.test(role.name)) return 'the role name must be lower-case letters, digits and _, starting with a letter or _';
  if (!ROLE_PASSWORD.test(role.password)) {
    return 'the role’s password must be at least 16 printable ASCII characters, without spaces';
  }
  return null;
}

/**
 * Creates the server's role, or brings an existing one to what it should be (its password, its
 * rights): safe to run again, after every migration or to change the password. `client` is
 * connected as the tables' owner to the database the server will use.
 */
export async function grantServerRole(client: pg.ClientBase, role: ServerRole): Promise<{ created: boolean }> {
  const problem = serverRoleProblem(role);
  if (problem) throw new ServerRoleError(problem);
  const owner = (
    await client.query<{ owner: string | null; me: string; isSuperuser: boolean }>(
      `select pg_get_userbyid(c.relowner) as owner, current_user as me,
              (select rolsuper from pg_roles where rolname = current_user) as "isSuperuser"
         from (select 1) one left join pg_class c on c.oid = to_regclass($1)`,
      [`${SCHEMA}.audit_log`],
    )
  ).rows[0];
  if (!owner?.owner) throw new ServerRoleError('the database has no audit_log: run the migrations first (npm run db:migrate)');
  if (owner.owner !== owner.me && !owner.isSuperuser) {
    throw new ServerRoleError(
      `connected as ${owner.me}, but ${owner.owner} owns the tables: run this with the role that runs the migrations`,
    );
  }
  if (role.name === owner.owner) {
    throw new ServerRoleError(`${role.name} owns the tables: the server's role must be another one`);
  }

  const name = identifier(role.name);
  const password = literal(scramVerifier(role.password));
  const existing = (await client.query<RoleRow>('select * from pg_roles where rolname = $1', [role.name])).rows[0];
  if (!existing) {
    // A new role has none of the attributes that would let it round the rights below.
    await client.query(`create role ${name} login password ${password}`);
  } else {
    const wrong = [
      existing.rolsuper && 'nosuperuser',
      existing.rolcreaterole && 'nocreaterole',
      existing.rolcreatedb && 'nocreatedb',
      existing.rolreplication && 'noreplication',
      existing.rolbypassrls && 'nobypassrls',
    ].filter(Boolean);
    await client.query(`alter role ${name} with login ${wrong.join(' ')} password ${password}`);
  }

  // A member of the owner would hold the owner's powers; of pg_write_all_data, UPDATE and DELETE everywhere.
  const memberships = (
    await client.query<{ rolname: string }>(
      `select r.rolname from pg_roles r
        where (r.rolname = $2 or r.rolname = 'pg_write_all_data') and pg_has_role($1, r.oid, 'member')`,
      [role.name, owner.owner],
    )
  ).rows.map((row) => row.rolname);
  for (const membership of memberships) {
    await client.query(`revoke ${identifier(membership)} from ${name}`);
  }
  const still = (
    await client.query<{ n: number }>(
      `select count(*)::int as n from pg_roles r
        where (r.rolname = $2 or r.rolname = 'pg_write_all_data') and pg_has_role($1, r.oid, 'member')`,
      [role.name, owner.owner],
    )
  ).rows[0];
  if (still?.n) {
    throw new ServerRoleError(
      `${role.name} is a member of ${owner.owner} or pg_write_all_data through another role: take it out of that role first`,
    );
  }

  const me = identifier(owner.owner);
  const canConnect = (
    await client.query<{ yes: boolean }>(`select has_database_privilege($1, current_database(), 'connect') as yes`, [role.name])
  ).rows[0]?.yes;
  // PUBLIC may connect unless the operator took that away; then only the database's owner can grant it.
  if (!canConnect) await client.query(`grant connect on database ${identifier(await currentDatabase(client))} to ${name}`);
  await client.query('begin');
  try {
    await client.query(`grant usage on schema ${SCHEMA} to ${name}`);
    await client.query(`grant ${TABLE_RIGHTS} on all tables in schema ${SCHEMA} to ${name}`);
    await client.query(`grant ${SEQUENCE_RIGHTS} on all sequences in schema ${SCHEMA} to ${name}`);
    // The tables later migrations create (as this role) come with the same rights.
    await client.query(`alter default privileges for role ${me} in schema ${SCHEMA} grant ${TABLE_RIGHTS} on tables to ${name}`);
    await client.query(
      `alter default privileges for role ${me} in schema ${SCHEMA} grant ${SEQUENCE_RIGHTS} on sequences to ${name}`,
    );
    for (const table of APPEND_ONLY_TABLES) {
      await client.query(`revoke all on table ${SCHEMA}.${identifier(table)} from ${name}`);
      await client.query(`grant select, insert on table ${SCHEMA}.${identifier(table)} to ${name}`);
    }
    // Start-up reads which migrations are applied, so that a server role never tries to apply one.
    await client.query(`grant usage on schema ${MIGRATIONS_SCHEMA} to ${name}`);
    await client.query(`revoke all on all tables in schema ${MIGRATIONS_SCHEMA} from ${name}`);
    await client.query(`grant select on all tables in schema ${MIGRATIONS_SCHEMA} to ${name}`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  return { created: !existing };
}

async function currentDatabase(client: pg.ClientBase): Promise<string> {
  return (await client.query<{ name: string }>('select current_database() as name')).rows[0]?.name ?? '';
}
