/** Reading the audit log: newest first, filtered, paged by id (`before`), never by offset. */
import type { AuditEntry, AuditPage, AuditQuery } from '@storefront/domain/console/audit';
import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from './audit.schema.ts';

export async function listAudit(
  db: Database,
  query: Omit<AuditQuery, 'venue'> & { venueId?: number | undefined },
): Promise<AuditPage> {
  const conditions: SQL[] = [];
  if (query.venueId !== undefined) conditions.push(eq(auditLog.venueId, query.venueId));
  if (query.actor_id !== undefined) conditions.push(eq(auditLog.actorId, query.actor_id));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.object_type) conditions.push(eq(auditLog.objectType, query.object_type));
  if (query.from) conditions.push(gte(auditLog.at, new Date(query.from)));
  if (query.to) conditions.push(lte(auditLog.at, new Date(query.to)));
  if (query.before !== undefined) conditions.push(lt(auditLog.id, query.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map(
      (row): AuditEntry => ({
        id: row.id,
        at: row.at.toISOString(),
        actor_type: row.actorType,
        actor_id: row.actorId,
        actor_label: row.actorLabel,
        venue_id: row.venueId,
        venue_code: row.venueCode,
        object_type: row.objectType,
        object_id: row.objectId,
        action: row.action,
        changes: row.changes,
        client_ip: row.clientIp,
      }),
    ),
    next_before: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
