/**
 * The one way a change is recorded: in the transaction that makes it, so a change that rolls back
 * leaves no row and a row never describes a change that did not happen.
 */
import type { ActorType } from '@storefront/domain/console/audit';
import type { Database } from '../../db/client.ts';
import { auditLog } from './audit.schema.ts';

/** Who acted, as every console request knows it. */
export type Actor = { type: ActorType; id: number | null; label: string; clientIp: string | null };

export const SYSTEM_ACTOR: Actor = { type: 'system', id: null, label: 'system', clientIp: null };

export type AuditRecord = {
  venue?: { id: number; code: string } | null;
  objectType: string;
  objectId?: string | number | null;
  action: string;
  changes?: Record<string, unknown>;
};

export async function recordAudit(tx: Database, actor: Actor, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorType: actor.type,
    actorId: actor.id,
    actorLabel: actor.label,
    venueId: record.venue?.id ?? null,
    venueCode: record.venue?.code ?? null,
    objectType: record.objectType,
    objectId: record.objectId === undefined || record.objectId === null ? null : String(record.objectId),
    action: record.action,
    changes: record.changes ?? {},
    clientIp: actor.clientIp,
  });
}

/** Makes a change in one transaction with its audit entry, which `describe` words from the result. */
export async function auditedChange<T>(
  db: Database,
  actor: Actor,
  work: (tx: Database) => Promise<T>,
  describe: (done: T) => AuditRecord,
): Promise<T> {
  return db.transaction(async (tx) => {
    const done = await work(tx as Database);
    await recordAudit(tx as Database, actor, describe(done));
    return done;
  });
}
