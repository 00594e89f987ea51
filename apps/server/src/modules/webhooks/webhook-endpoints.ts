/**
 * A venue's webhook endpoints and their deliveries from the console (decision 022): every change
 * is audited in its transaction; the secret is answered only when made and when rolled.
 */

import {
  WEBHOOK_DISABLE_AFTER_FAILURES,
  type WebhookDelivery,
  type WebhookDeliveryQuery,
  type WebhookEndpoint,
  type WebhookEndpointBody,
  type WebhookEndpointPatch,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@storefront/domain/console/webhooks';
import type { Database } from '../../db/client.ts';
import { invalidField, specError } from '../../http/errors.ts';
import { clock } from '../../lib/clock.ts';
import { type Actor, auditedChange, recordAudit, SYSTEM_ACTOR } from '../audit/record-audit.ts';
import type { Site } from '../sites/site.ts';
import { scannerNames } from '../staff/scanner-names.ts';
import { privateHostOf } from './receiver-address.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import * as repo from './webhooks.repository.ts';

export type WebhookConsoleOptions = {
  /** Only https receivers in production; http is for local receivers in demo and development. */
  httpsOnly: boolean;
  /** Only receivers on public addresses in production (`receiver-address.ts`); demo and development may use local ones. */
  publicOnly?: boolean;
};

const iso = (at: Date | null) => at?.toISOString() ?? null;

function describe(row: repo.EndpointRow, createdBy: string | null, counts = { pending: 0, failedRecently: 0 }): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    active: row.active,
    disabled_reason: row.active ? null : row.disabledReason,
    created_at: row.createdAt.toISOString(),
    created_by: createdBy,
    pending: counts.pending,
    failed_recently: counts.failedRecently,
  };
}

function describeDelivery(row: repo.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType as WebhookEventType,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    last_attempt_at: iso(row.lastAttemptAt),
    last_status: row.lastStatus,
    last_response: row.lastResponse,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    payload: row.payload as Record<string, unknown>,
  };
}

function checkUrl(url: string, options: WebhookConsoleOptions): string {
  if (options.httpsOnly && new URL(url).protocol !== 'https:') throw invalidField('url', 'must be an https URL');
  if (options.publicOnly && privateHostOf(url) !== null) {
    throw invalidField('url', 'must name a public address (not localhost, a private, loopback or link-local one)');
  }
  return url;
}

const audit = (
  venue: { id: number; code: string } | null,
  action: string,
  row: repo.EndpointRow,
  changes: Record<string, unknown> = {},
) => ({
  venue,
  objectType: 'webhook_endpoint',
  objectId: row.id,
  action,
  // Never the secret.
  changes: { url: row.url, events: row.events, ...changes },
});

async function locked(tx: Database, venue: Site, id: string): Promise<repo.EndpointRow> {
  const row = await repo.lockEndpoint(tx, venue.id, id);
  if (!row) throw specError('not found', { message: 'there is no such webhook endpoint at this venue' });
  return row;
}

export async function listWebhookEndpoints(db: Database, venue: Site): Promise<WebhookEndpoint[]> {
  const found = await repo.listEndpoints(db, venue.id);
  const names = await scannerNames(
    db,
    [],
    found.flatMap((r) => (r.endpoint.createdBy === null ? [] : [r.endpoint.createdBy])),
  );
  return found.map((r) =>
    describe(r.endpoint, r.endpoint.createdBy === null ? null : (names.staff.get(r.endpoint.createdBy) ?? null), r),
  );
}

export async function createWebhookEndpoint(
  db: Database,
  options: WebhookConsoleOptions,
  actor: Actor,
  venue: Site,
  body: WebhookEndpointBody,
): Promise<WebhookEndpointWithSecret> {
  const secret = newWebhookSecret();
  const row = await auditedChange(
    db,
    actor,
    (tx) =>
      repo.insertEndpoint(tx, {
        siteId: venue.id,
        url: checkUrl(body.url, options),
        description: body.description,
        events: body.events,
        secret,
        createdBy: actor.type === 'staff' ? actor.id : null,
      }),
    (created) => audit(venue, 'create', created, { description: created.description }),
  );
  return { endpoint: describe(row, actor.label), secret };
}

export async function updateWebhookEndpoint(
  db: Database,
  options: WebhookConsoleOptions,
  actor: Actor,
  venue: Site,
  id: string,
  patch: WebhookEndpointPatch,
): Promise<WebhookEndpoint> {
  const { after } = await auditedChange(
    db,
    actor,
    async (tx) => {
      const before = await locked(tx, venue, id);
      const after = await repo.updateEndpoint(tx, id, {
        ...(patch.url !== undefined ? { url: checkUrl(patch.url, options) } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.events !== undefined ? { events: patch.events } : {}),
        // Staff turning it on or off replace any reason the system gave.
        ...(patch.active !== undefined ? { active: patch.active, disabledReason: null, disabledAt: null } : {}),
      });
      return { before, after };
    },
    ({ before, after }) =>
      audit(venue, patch.active === false && before.active ? 'disable' : 'update', after, {
        before: { url: before.url, events: before.events, description: before.description, active: before.active },
        description: after.description,
        active: after.active,
      }),
  );
  return (await listWebhookEndpoints(db, venue)).find((e) => e.id === after.id) ?? describe(after, null);
}

/** A new signing secret: the old one stops signing at once (deliveries under way are signed anew). */
export async function rollWebhookSecret(db: Database, actor: Actor, venue: Site, id: string): Promise<WebhookEndpointWithSecret> {
  const secret = newWebhookSecret();
  const row = await auditedChange(
    db,
    actor,
    async (tx) => {
      await locked(tx, venue, id);
      return repo.updateEndpoint(tx, id, { secret });
    },
    (rolled) => audit(venue, 'roll_secret', rolled),
  );
  const endpoint = (await listWebhookEndpoints(db, venue)).find((e) => e.id === row.id) ?? describe(row, null);
  return { endpoint, secret };
}

export async function listWebhookDeliveries(db: Database, venue: Site, query: WebhookDeliveryQuery): Promise<WebhookDelivery[]> {
  const found = await repo.listDeliveries(db, venue.id, { status: query.status, endpointId: query.endpoint, limit: query.limit });
  return found.map(describeDelivery);
}

/** Sends a delivery's event again, now, as a new delivery (the old one stays in the log as it was). */
export async function replayWebhookDelivery(db: Database, actor: Actor, venue: Site, id: string): Promise<WebhookDelivery> {
  const replay = await auditedChange(
    db,
    actor,
    async (tx) => {
      const found = await repo.findDelivery(tx, venue.id, id);
      if (!found) throw specError('not found', { message: 'there is no such webhook delivery at this venue' });
      if (!found.endpoint.active) throw specError('conflict', { message: 'the endpoint is disabled: enable it to replay' });
      return { endpoint: found.endpoint, replay: await repo.insertReplay(tx, found.delivery) };
    },
    ({ endpoint, replay }) => audit(venue, 'replay', endpoint, { delivery: id, replay: replay.id, event: replay.eventId }),
  );
  return describeDelivery(replay.replay);
}

/**
 * Turns the endpoint off when its last WEBHOOK_DISABLE_AFTER_FAILURES finished deliveries all
 * failed, with an audit entry of the system's; answers whether it did. Called after a delivery is
 * given up. `venue` is read before the transaction (on the embedded engine a read from inside it
 * would wait for it).
 */
export async function disableIfFailing(
  db: Database,
  endpointId: string,
  venueOf: (siteId: number) => Promise<{ id: number; code: string } | null>,
): Promise<boolean> {
  const allFailed = (statuses: string[]) =>
    statuses.length === WEBHOOK_DISABLE_AFTER_FAILURES && statuses.every((status) => status === 'failed');
  if (!allFailed(await repo.lastFinishedStatuses(db, endpointId, WEBHOOK_DISABLE_AFTER_FAILURES))) return false;
  const endpoint = await repo.findEndpointById(db, endpointId);
  if (!endpoint) return false;
  const venue = await venueOf(endpoint.siteId);
  return db.transaction(async (tx) => {
    const row = await repo.lockEndpointById(tx, endpointId);
    // Turned off meanwhile, or a delivery succeeded since: nothing to do.
    if (!row?.active || !allFailed(await repo.lastFinishedStatuses(tx, endpointId, WEBHOOK_DISABLE_AFTER_FAILURES))) return false;
    const after = await repo.updateEndpoint(tx, endpointId, {
      active: false,
      disabledReason: 'failing',
      disabledAt: clock.now(),
    });
    await recordAudit(
      tx,
      SYSTEM_ACTOR,
      audit(venue, 'disable', after, { reason: 'failing', failures: WEBHOOK_DISABLE_AFTER_FAILURES }),
    );
    return true;
  });
}
