/**
 * Delivers what the deliveries table holds (decision 022): a worker in every server process claims
 * due deliveries (`for update skip locked`, under a lease), POSTs each signed, and records the
 * answer: 2xx succeeded; anything else is retried with exponential back-off, and after
 * `WEBHOOK_MAX_ATTEMPTS` attempts it is marked failed, and an endpoint whose last
 * WEBHOOK_DISABLE_AFTER_FAILURES deliveries all failed is turned off. Redirects are never followed. Finished
 * deliveries are kept WEBHOOK_DELIVERIES_KEPT_DAYS days (`pruneWebhookDeliveries`, run hourly).
 */

import {
  WEBHOOK_DELIVERIES_KEPT_DAYS,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SIGNATURE_HEADER,
} from '@storefront/domain/console/webhooks';
import { fetch } from 'undici';
import type { Database } from '../../db/client.ts';
import { type ClaimWorker, createClaimWorker } from '../../lib/claim-worker.ts';
import { clock } from '../../lib/clock.ts';
import { privateHostOf, publicOnlyDispatcher } from './receiver-address.ts';
import { disableIfFailing } from './webhook-endpoints.ts';
import { signatureHeader } from './webhook-signature.ts';
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  claimDueDeliveries,
  deleteFinishedDeliveries,
  recordAttempt,
} from './webhooks.repository.ts';

/** The first 2 KB of an answer are kept. */
const RESPONSE_KEPT = 2048;
const FIRST_RETRY_MS = 30_000;

/** Waiting time after `attempts` failed attempts: 30 s, 1 min, 2 min, … (8 attempts span about an hour). */
function webhookRetryDelayMs(attempts: number): number {
  return FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0);
}

export type WebhookWorkerOptions = {
  intervalMs?: number;
  batchSize?: number;
  /** How long a receiver has to answer. */
  timeoutMs?: number;
  maxAttempts?: number;
  /** The back-off (tests make it short). */
  retryDelayMs?: (attempts: number) => number;
  /** Deliver only to public addresses (production; `receiver-address.ts`). */
  publicOnly?: boolean;
  /**
   * A venue's id and code, for the audit entry when a failing endpoint is turned off
   * (`disableIfFailing`); without it endpoints are never turned off by the worker.
   */
  venueOf?: (siteId: number) => Promise<{ id: number; code: string } | null>;
  logger?: { error(obj: unknown, msg: string): void; warn?(obj: unknown, msg: string): void };
};

const consoleLogger: NonNullable<WebhookWorkerOptions['logger']> = {
  error: (obj: unknown, msg: string) => console.error(msg, obj),
};

async function post(delivery: ClaimedDelivery, timeoutMs: number, publicOnly: boolean): Promise<AttemptOutcome> {
  const body = JSON.stringify(delivery.payload);
  if (publicOnly) {
    // An address written in the URL is connected to without a lookup: it is checked here.
    const host = privateHostOf(delivery.url);
    if (host !== null) return { ok: false, status: null, response: null, error: `${host} is not a public address` };
  }
  try {
    const response = await fetch(delivery.url, {
      ...(publicOnly ? { dispatcher: publicOnlyDispatcher } : {}),
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Storefront-Webhooks/1',
        [WEBHOOK_EVENT_HEADER]: delivery.eventType,
        [WEBHOOK_DELIVERY_HEADER]: delivery.id,
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(delivery.secret, body),
      },
      body,
    });
    const text = await response.text().catch(() => '');
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      status: response.status,
      response: text.slice(0, RESPONSE_KEPT),
      error: ok
        ? null
        : response.status >= 300 && response.status < 400
          ? 'redirects are not followed'
          : `HTTP ${response.status}`,
    };
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      ok: false,
      status: null,
      response: null,
      error: timedOut ? `no answer within ${timeoutMs / 1000} s` : cause.slice(0, 500),
    };
  }
}

export function createWebhookWorker(db: Database, options: WebhookWorkerOptions = {}): ClaimWorker {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxAttempts = options.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS;
  const retryDelayMs = options.retryDelayMs ?? webhookRetryDelayMs;
  const logger = options.logger ?? consoleLogger;
  return createClaimWorker({
    claim: (limit) => claimDueDeliveries(db, limit),
    handle: async (delivery) => {
      const outcome = await post(delivery, timeoutMs, options.publicOnly === true);
      const retryAt =
        outcome.ok || delivery.attempts >= maxAttempts ? null : new Date(clock.nowMs() + retryDelayMs(delivery.attempts));
      if (!outcome.ok)
        logger.warn?.(
          { deliveryId: delivery.id, attempts: delivery.attempts, error: outcome.error },
          retryAt ? 'a webhook delivery failed; it will be retried' : 'a webhook delivery failed; giving up',
        );
      await recordAttempt(db, delivery.id, outcome, retryAt);
      // Given up: an endpoint whose last deliveries all failed is turned off.
      if (
        !outcome.ok &&
        retryAt === null &&
        options.venueOf &&
        (await disableIfFailing(db, delivery.endpointId, options.venueOf))
      ) {
        logger.warn?.({ endpointId: delivery.endpointId }, 'a webhook endpoint was turned off: its last deliveries all failed');
      }
    },
    what: 'webhook delivery',
    intervalMs: options.intervalMs ?? 2_000,
    batchSize: options.batchSize ?? 10,
    logger,
  });
}

/** How often each process deletes the deliveries past keeping. */
export const WEBHOOK_PRUNE_MS = 60 * 60 * 1000;
/** Deliveries deleted per statement, so a large backlog never holds one long transaction. */
const PRUNE_BATCH = 1000;

/**
 * Deletes the finished deliveries older than WEBHOOK_DELIVERIES_KEPT_DAYS, in batches; a pending one
 * (still being retried) stays whatever its age. Any number of processes may run it at once.
 * Answers how many were deleted.
 */
export async function pruneWebhookDeliveries(db: Database, now: Date = clock.now()): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_DELIVERIES_KEPT_DAYS * 24 * 60 * 60 * 1000);
  let deleted = 0;
  for (;;) {
    const batch = await deleteFinishedDeliveries(db, before, PRUNE_BATCH);
    deleted += batch;
    if (batch < PRUNE_BATCH) return deleted;
  }
}
