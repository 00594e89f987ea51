/** The webhooks module's statements over its two tables (decision 022). */
import { and, asc, desc, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { webhookDeliveries, webhookEndpoints } from './webhooks.schema.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type ClaimedDelivery = DeliveryRow & { url: string; secret: string };

/** A claimed delivery is invisible to other claims this long; a process that dies mid-POST gives it back then. */
const CLAIM_LEASE = sql`interval '2 minutes'`;

/**
 * One statement, the change's own transaction: a delivery row for each active endpoint of the venue
 * subscribed to the event's type, the venue's code written into the payload (so a caller that
 * knows only the venue's id, a refund, needs no read). Answers how many were written.
 */
export async function insertEventDeliveries(
  tx: Database,
  event: { siteId: number; type: string; eventId: string; payload: unknown },
): Promise<number> {
  const written = await rows<{ id: string }>(
    tx,
    sql`insert into webhook_deliveries (endpoint_id, event_type, event_id, payload)
        select e.id, ${event.type}, ${event.eventId}::uuid,
               ${JSON.stringify(event.payload)}::jsonb || jsonb_build_object('venue', s.code)
        from webhook_endpoints e join sites s on s.id = e.site_id
        where e.site_id = ${event.siteId} and e.active and ${event.type} = any(e.events)
        returning id`,
  );
  return written.length;
}

/** Whether an active endpoint of the venue is subscribed to the type. */
export async function hasSubscribers(tx: Database, siteId: number, type: string): Promise<boolean> {
  const [found] = await rows<{ one: number }>(
    tx,
    sql`select 1 as one from webhook_endpoints where site_id = ${siteId} and active and ${type} = any(events) limit 1`,
  );
  return found !== undefined;
}

export async function listEndpoints(db: Database, siteId: number) {
  const counts = rows<{ endpoint_id: string; pending: number; failed_recently: number }>(
    db,
    sql`select d.endpoint_id,
               count(*) filter (where d.status = 'pending')::int as pending,
               count(*) filter (where d.status = 'failed' and d.updated_at > app_now() - interval '7 days')::int as failed_recently
        from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
        where e.site_id = ${siteId} and (d.status = 'pending' or d.status = 'failed')
        group by d.endpoint_id`,
  );
  const endpoints = db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.siteId, siteId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
  const [found, counted] = await Promise.all([endpoints, counts]);
  const byId = new Map(counted.map((c) => [c.endpoint_id, c]));
  return found.map((endpoint) => ({
    endpoint,
    pending: byId.get(endpoint.id)?.pending ?? 0,
    failedRecently: byId.get(endpoint.id)?.failed_recently ?? 0,
  }));
}

export async function lockEndpoint(tx: Database, siteId: number, id: string): Promise<EndpointRow | null> {
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.siteId, siteId)))
    .for('update');
  return row ?? null;
}

export async function insertEndpoint(tx: Database, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('the webhook endpoint was not written');
  return row;
}

export async function updateEndpoint(
  tx: Database,
  id: string,
  values: Partial<Pick<EndpointRow, 'url' | 'description' | 'events' | 'active' | 'secret' | 'disabledReason' | 'disabledAt'>>,
): Promise<EndpointRow> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: sql`app_now()` })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (!row) throw new Error('the webhook endpoint was not updated');
  return row;
}

export async function listDeliveries(
  db: Database,
  siteId: number,
  filter: { status?: DeliveryRow['status'] | undefined; endpointId?: string | undefined; limit: number },
): Promise<DeliveryRow[]> {
  const venueEndpoints = db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(eq(webhookEndpoints.siteId, siteId));
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.endpointId, venueEndpoints),
        filter.status ? eq(webhookDeliveries.status, filter.status) : undefined,
        filter.endpointId ? eq(webhookDeliveries.endpointId, filter.endpointId) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(filter.limit);
}

/** A delivery of the venue, with its endpoint locked (a replay reads whether it is active). */
export async function findDelivery(
  tx: Database,
  siteId: number,
  id: string,
): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow } | null> {
  const [row] = await tx
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, id), eq(webhookEndpoints.siteId, siteId)))
    .for('update', { of: webhookEndpoints });
  return row ?? null;
}

/** A new delivery of the same event to the same endpoint, due now. */
export async function insertReplay(tx: Database, of: DeliveryRow): Promise<DeliveryRow> {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ endpointId: of.endpointId, eventType: of.eventType, eventId: of.eventId, payload: of.payload })
    .returning();
  if (!row) throw new Error('the replay was not written');
  return row;
}

/**
 * Takes up to `limit` due deliveries of active endpoints, locked while taken and skipped by
 * concurrent claims, their next attempt moved past the lease. `attempts` already counts this one.
 */
export async function claimDueDeliveries(db: Database, limit: number): Promise<ClaimedDelivery[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, sql`app_now()`),
        eq(webhookEndpoints.active, true),
      ),
    )
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(limit)
    .for('update', { of: webhookDeliveries, skipLocked: true });
  const claimed = await db
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: sql`app_now() + ${CLAIM_LEASE}`,
      lastAttemptAt: sql`app_now()`,
      updatedAt: sql`app_now()`,
    })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
  if (claimed.length === 0) return [];
  const endpoints = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(
      inArray(
        webhookEndpoints.id,
        claimed.map((c) => c.endpointId),
      ),
    );
  const byId = new Map(endpoints.map((e) => [e.id, e]));
  return claimed
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .flatMap((c) => {
      const endpoint = byId.get(c.endpointId);
      return endpoint ? [{ ...c, url: endpoint.url, secret: endpoint.secret }] : [];
    });
}

export type AttemptOutcome = { ok: boolean; status: number | null; response: string | null; error: string | null };

/** Records an attempt: succeeded, retried at `retryAt`, or failed for good when `retryAt` is null. */
export async function recordAttempt(db: Database, id: string, outcome: AttemptOutcome, retryAt: Date | null): Promise<void> {
  const common = {
    lastStatus: outcome.status,
    lastResponse: outcome.response,
    lastError: outcome.error,
    updatedAt: sql`app_now()`,
  };
  const status = outcome.ok ? 'succeeded' : retryAt ? 'pending' : 'failed';
  await db
    .update(webhookDeliveries)
    .set({ ...common, status, ...(status === 'pending' && retryAt ? { nextAttemptAt: retryAt } : {}) })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
}

/** Deletes up to `limit` finished deliveries made before `before`, oldest first; answers how many. */
export async function deleteFinishedDeliveries(db: Database, before: Date, limit: number): Promise<number> {
  const deleted = await db
    .delete(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.id,
        db
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(and(ne(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.createdAt, before)))
          .orderBy(asc(webhookDeliveries.createdAt))
          .limit(limit),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return deleted.length;
}

/** The statuses of an endpoint's newest `limit` finished deliveries, newest first. */
export async function lastFinishedStatuses(db: Database, endpointId: string, limit: number): Promise<string[]> {
  const found = await db
    .select({ status: webhookDeliveries.status })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), ne(webhookDeliveries.status, 'pending')))
    .orderBy(desc(webhookDeliveries.updatedAt))
    .limit(limit);
  return found.map((row) => row.status);
}

/** An endpoint by id. */
export async function findEndpointById(db: Database, id: string): Promise<EndpointRow | null> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ?? null;
}

/** An endpoint by id, locked for the caller's transaction. */
export async function lockEndpointById(tx: Database, id: string): Promise<EndpointRow | null> {
  const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
  return row ?? null;
}
