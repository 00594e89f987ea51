/**
 * The venue's outbound webhooks (`/console/api/v1/venues/:venue/webhooks`, right `settings:write`):
 * endpoints, their signing secret (answered only when made or rolled), the deliveries log and a
 * replay (decision 022).
 */
import type {
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointList,
  WebhookEndpointPatch,
  WebhookEndpointWithSecret,
  WebhookStatus,
} from '@storefront/domain/console/webhooks';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';

const base = (venue: string) => `venues/${encodeURIComponent(venue)}`;

export type WebhookDeliveryFilter = { status: WebhookStatus | ''; endpoint: string };

export const webhookKeys = {
  all: (venue: string) => ['webhooks', venue] as const,
  endpoints: (venue: string) => [...webhookKeys.all(venue), 'endpoints'] as const,
  deliveries: (venue: string, filter: WebhookDeliveryFilter) => [...webhookKeys.all(venue), 'deliveries', filter] as const,
};

export const webhookQueries = {
  endpoints: (venue: string) =>
    queryOptions({
      queryKey: webhookKeys.endpoints(venue),
      queryFn: () => api.get<WebhookEndpointList>(`${base(venue)}/webhooks`),
    }),
  deliveries: (venue: string, filter: WebhookDeliveryFilter) =>
    queryOptions({
      queryKey: webhookKeys.deliveries(venue, filter),
      queryFn: () => {
        const query = new URLSearchParams();
        if (filter.status) query.set('status', filter.status);
        if (filter.endpoint) query.set('endpoint', filter.endpoint);
        const suffix = query.size > 0 ? `?${query}` : '';
        return api.get<WebhookDeliveryList>(`${base(venue)}/webhook-deliveries${suffix}`);
      },
    }),
};

export const webhooksApi = {
  create: (venue: string, body: WebhookEndpointBody) => api.post<WebhookEndpointWithSecret>(`${base(venue)}/webhooks`, body),
  update: (venue: string, endpoint: string, patch: WebhookEndpointPatch) =>
    api.patch<WebhookEndpoint>(`${base(venue)}/webhooks/${encodeURIComponent(endpoint)}`, patch),
  rollSecret: (venue: string, endpoint: string) =>
    api.post<WebhookEndpointWithSecret>(`${base(venue)}/webhooks/${encodeURIComponent(endpoint)}/secret`, {}),
  replay: (venue: string, delivery: string) =>
    api.post<WebhookDelivery>(`${base(venue)}/webhook-deliveries/${encodeURIComponent(delivery)}/replay`, {}),
};

/** Reads the venue's endpoints and deliveries again. */
export const invalidateWebhooks = (client: QueryClient, venue: string) =>
  client.invalidateQueries({ queryKey: webhookKeys.all(venue) });
