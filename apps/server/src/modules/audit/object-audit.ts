/** The audit entries about one object (an order, say), oldest first, for its history in the console. */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditLog } from './audit.schema.ts';

export type ObjectAuditEntry = typeof auditLog.$inferSelect;

/** At most `limit` entries (the oldest): a history is read, not mined. */
export function listObjectAudit(db: Database, objectType: string, objectId: string, limit = 500): Promise<ObjectAuditEntry[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.objectType, objectType), eq(auditLog.objectId, objectId)))
    .orderBy(asc(auditLog.id))
    .limit(limit);
}
