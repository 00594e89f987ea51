/**
 * Contracts of outbound webhooks (decision 022): a venue's endpoints, each subscribed to some
 * event types, and the log of deliveries to them. All under `/console/api/v1/venues/:venue/`,
 * right `settings:write` at the venue.
 *
 * A delivery is a POST of the event as JSON with the headers `Storefront-Event` (its type),
 * `Storefront-Delivery` (the delivery's id) and `Storefront-Signature: t=<unix seconds>,v1=<hex>`,
 * where v1 = HMAC-SHA256(secret, `${t}.${raw body}`) in lowercase hex. A receiver recomputes it over
 * the raw body, compares in constant time, and refuses a `t` more than `SIGNATURE_TOLERANCE_SECONDS`
 * from its clock.
 */
import { z } from 'zod';
import { InputText, Uuid } from '../api/common.ts';

export const WEBHOOK_EVENT_TYPES = ['order.completed', 'order.refunded', 'order.date_changed', 'admission.checked_in'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_SIGNATURE_HEADER = 'Storefront-Signature';
export const WEBHOOK_EVENT_HEADER = 'Storefront-Event';
export const WEBHOOK_DELIVERY_HEADER = 'Storefront-Delivery';
/** How far a receiver should let a signature's time be from its own clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** A delivery is tried this many times in all before it is marked failed. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** An endpoint whose last this many finished deliveries all failed is turned off (`disabled_reason: failing`). */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 10;
/** Finished deliveries (succeeded or failed) are kept this many days, then deleted. */
export const WEBHOOK_DELIVERIES_KEPT_DAYS = 30;
export const WEBHOOK_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** The body every delivery carries. */
export type WebhookEvent = {
  id: string;
  type: WebhookEventType;
  created_at: string;
  venue: string;
  data: Record<string, unknown>;
};

const Url = InputText.trim()
  .max(2000, { error: 'must be at most 2000 characters' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
      } catch {
        return false;
      }
    },
    { error: 'must be an http(s) URL without a user name or password' },
  );
const Description = InputText.trim().max(200, { error: 'must be at most 200 characters' });
const Events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
  .min(1, { error: 'must name at least one event' })
  .max(WEBHOOK_EVENT_TYPES.length, { error: 'names an event twice' })
  .refine((events) => new Set(events).size === events.length, { error: 'names an event twice' });

export const WebhookEndpointBody = z.object({ url: Url, description: Description.default(''), events: Events });
export type WebhookEndpointBody = z.infer<typeof WebhookEndpointBody>;

/** A change: what is given changes; `active: false` disables the endpoint (no new deliveries). */
export const WebhookEndpointPatch = z
  .object({ url: Url, description: Description, events: Events, active: z.boolean({ error: 'must be true or false' }) })
  .partial();
export type WebhookEndpointPatch = z.infer<typeof WebhookEndpointPatch>;

export const WebhookEndpoint = z.object({
  id: Uuid,
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  active: z.boolean(),
  /** `failing`: turned off by the system after WEBHOOK_DISABLE_AFTER_FAILURES failed deliveries in a row. */
  disabled_reason: z.enum(['failing']).nullable(),
  created_at: z.iso.datetime(),
  created_by: z.string().nullable(),
  /** Deliveries not yet succeeded or failed. */
  pending: z.number().int(),
  /** Deliveries given up in the last 7 days. */
  failed_recently: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;
export const WebhookEndpointList = z.object({ endpoints: z.array(WebhookEndpoint) });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;

/** An endpoint with its signing secret: answered only when it is made and when the secret is rolled. */
export const WebhookEndpointWithSecret = z.object({ endpoint: WebhookEndpoint, secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;

export const WebhookEndpointParams = z.object({ venue: z.string(), endpoint: Uuid });
export const WebhookDeliveryParams = z.object({ venue: z.string(), delivery: Uuid });

export const WebhookDeliveryQuery = z.object({
  /** Only this endpoint's deliveries. */
  endpoint: Uuid.optional(),
  status: z.enum(WEBHOOK_STATUSES, { error: `must be one of ${WEBHOOK_STATUSES.join(', ')}` }).optional(),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(200, { error: 'must be at most 200' })
    .default(50),
});
export type WebhookDeliveryQuery = z.infer<typeof WebhookDeliveryQuery>;

export const WebhookDelivery = z.object({
  id: Uuid,
  event_id: Uuid,
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.iso.datetime().nullable(),
  last_attempt_at: z.iso.datetime().nullable(),
  /** The receiver's HTTP status at the last attempt; null when none came (timeout, refused connection). */
  last_status: z.number().int().nullable(),
  /** The first 2 KB of the receiver's last answer. */
  last_response: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.iso.datetime(),
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveryList = z.object({ deliveries: z.array(WebhookDelivery) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;
