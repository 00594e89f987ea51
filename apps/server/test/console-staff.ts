/**
 * What the staff and audit tests read straight from the database, as a user cannot: the mail in
 * the outbox, the rows of the audit log, where a secret is stored. And a client address per
 * client, so that no test runs into another's sign-in or link limits.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { rows } from '../src/db/rows.ts';
import { consoleClient } from './console.ts';

let addresses = 0;

/** A client address nobody else in this test run uses. */
export function freshAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** A console client (a browser) from an address of its own. */
export function browser(app: FastifyInstance) {
  const ip = freshAddress();
  return Object.assign(consoleClient(app, { ip }), { ip });
}

export async function siteIdOf(db: Database, code: string): Promise<number> {
  const [site] = await rows<{ id: number }>(db, sql`select id from sites where code = ${code}`);
  if (!site) throw new Error(`the test database has no site ${code}`);
  return site.id;
}

export type OutboxMail = { kind: string; subject: string; text_body: string; html_body: string; site_id: number | null };

/** Mail waiting in the outbox for an address, oldest first. */
export async function mailsTo(db: Database, address: string): Promise<OutboxMail[]> {
  return rows<OutboxMail>(
    db,
    sql`select kind, subject, text_body, html_body, site_id from outbox where to_address = ${address} order by created_at, id`,
  );
}

/** The secret of a console link in a mail's text (`/console/<page>#<token>`). */
export function linkToken(mail: OutboxMail | undefined, page: 'invitation' | 'password-reset'): string {
  const match = new RegExp(`https?://[^\\s]+/console/${page}#([A-Za-z0-9_-]+)`).exec(mail?.text_body ?? '');
  if (!match?.[1]) throw new Error(`no ${page} link in ${JSON.stringify(mail?.text_body)}`);
  return match[1];
}

/** Every `table.column` of text or JSON in the database that holds `secret`, the outbox left out. */
export async function placesHolding(db: Database, secret: string): Promise<string[]> {
  const columns = await rows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
        order by table_name, column_name`,
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const [hit] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text like ${`%${secret}%`}`,
    );
    if ((hit?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

export type AuditRow = {
  id: number;
  actor_type: string;
  actor_id: number | null;
  actor_label: string;
  venue_id: number | null;
  venue_code: string | null;
  object_type: string;
  object_id: string | null;
  action: string;
  changes: Record<string, unknown>;
  client_ip: string | null;
};

/** The id of the newest audit row: what a test writes after it is newer. */
export async function lastAuditId(db: Database): Promise<number> {
  const [row] = await rows<{ id: number }>(db, sql`select coalesce(max(id), 0)::int as id from audit_log`);
  return row?.id ?? 0;
}

/** The audit rows written after `afterId`, oldest first. */
export async function auditSince(db: Database, afterId: number): Promise<AuditRow[]> {
  return rows<AuditRow>(
    db,
    sql`select id::int as id, actor_type, actor_id, actor_label, venue_id, venue_code, object_type, object_id, action,
               changes, client_ip
        from audit_log where id > ${afterId} order by id`,
  );
}
