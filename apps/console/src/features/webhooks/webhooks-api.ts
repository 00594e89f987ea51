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
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';

const base = (venue: string) => `venues/${encodeURIComponent(venue)}`;

export type WebhookDeliveryFilter = { status: WebhookStatus | ''; endpoint: string };

const webhookKeys = {
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

const webhooksApi = {
  create: (venue: string, body: WebhookEndpointBody) => api.post<WebhookEndpointWithSecret>(`${base(venue)}/webhooks`, body),
  update: (venue: string, endpoint: string, patch: WebhookEndpointPatch) =>
    api.patch<WebhookEndpoint>(`${base(venue)}/webhooks/${encodeURIComponent(endpoint)}`, patch),
  rollSecret: (venue: string, endpoint: string) =>
    api.post<WebhookEndpointWithSecret>(`${base(venue)}/webhooks/${encodeURIComponent(endpoint)}/secret`, {}),
  replay: (venue: string, delivery: string) =>
    api.post<WebhookDelivery>(`${base(venue)}/webhook-deliveries/${encodeURIComponent(delivery)}/replay`, {}),
};

/** Reads the venue's endpoints and deliveries again. */
const invalidateWebhooks = (client: QueryClient, venue: string) => client.invalidateQueries({ queryKey: webhookKeys.all(venue) });

/** Creates an endpoint (answered with its signing secret, this once), or saves the one there is. */
export function useSaveWebhookEndpoint(
  venue: string,
  existing: WebhookEndpoint | null,
  reactions: MutationReactions<WebhookEndpoint | WebhookEndpointWithSecret, WebhookEndpointBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: async (body: WebhookEndpointBody) =>
      existing ? webhooksApi.update(venue, existing.id, body) : webhooksApi.create(venue, body),
    onSuccess: (...done) => {
      void invalidateWebhooks(queryClient, venue);
      return reactions.onSuccess?.(...done);
    },
  });
}

/** Pauses an active endpoint, or resumes a paused one. */
export function useToggleWebhookEndpoint(venue: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => webhooksApi.update(venue, endpoint.id, { active: !endpoint.active }),
    onSuccess: () => void invalidateWebhooks(queryClient, venue),
  });
}

/** A new signing secret, answered this once; the old one stops being used. */
export const useRollWebhookSecret = (
  venue: string,
  reactions: MutationReactions<WebhookEndpointWithSecret, WebhookEndpoint> = {},
) => useMutation({ ...reactions, mutationFn: (endpoint: WebhookEndpoint) => webhooksApi.rollSecret(venue, endpoint.id) });

export function useReplayDelivery(venue: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (delivery: WebhookDelivery) => webhooksApi.replay(venue, delivery.id),
    onSuccess: () => void invalidateWebhooks(queryClient, venue),
  });
}
