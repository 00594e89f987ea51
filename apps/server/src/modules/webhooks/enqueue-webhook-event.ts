/**
 * The webhooks module's one public operation (decision 022): other modules announce an event in the
 * transaction of the change, and a delivery row is written for each active endpoint of the venue
 * that subscribed to its type — one statement, so a rolled-back change sends nothing and the gate's
 * check-in stays one insert more. The worker POSTs them after commit.
 */

import { randomUUID } from 'node:crypto';
import type { WebhookEvent, WebhookEventType } from '@storefront/domain/console/webhooks';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { hasSubscribers, insertEventDeliveries } from './webhooks.repository.ts';

export type WebhookEventInput = {
  /** The venue (its code is written into the payload by the insert). */
  venue: { id: number };
  type: WebhookEventType;
  /** The event's data, or a function reading it, called only when some endpoint will get the event. */
  data: Record<string, unknown> | (() => Promise<Record<string, unknown>>);
};

/** Writes the event's deliveries in `tx`; answers how many endpoints will get it. */
export async function enqueueWebhookEvent(tx: Database, event: WebhookEventInput): Promise<number> {
  if (typeof event.data === 'function') {
    if (!(await hasSubscribers(tx, event.venue.id, event.type))) return 0;
    return enqueueWebhookEvent(tx, { ...event, data: await event.data() });
  }
  const payload: Omit<WebhookEvent, 'venue'> = {
    id: randomUUID(),
    type: event.type,
    created_at: clock.now().toISOString(),
    data: event.data,
  };
  return insertEventDeliveries(tx, { siteId: event.venue.id, type: event.type, eventId: payload.id, payload });
}
