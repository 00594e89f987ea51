/**
 * A venue's waiting lists (`/console/api/v1/venues/:venue/waiting-list`): read with `orders:read`,
 * someone taken off with `orders:write`. The products to narrow by are the ones the order search
 * offers (`orders/products`, `orders:read`).
 */
import type { WaitingListEntry, WaitingListPage } from '@storefront/domain/console/waiting-list';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';
import { orderProductsQuery } from '../../lib/order-queries.ts';

export type WaitingListFilters = { product_id: string; date: string };

const venuePath = (venue: string) => `venues/${encodeURIComponent(venue)}`;

const waitingListKeys = {
  all: (venue: string) => ['waiting-list', venue] as const,
  list: (venue: string, filters: WaitingListFilters) => [...waitingListKeys.all(venue), filters] as const,
};

export const waitingListQueries = {
  list: (venue: string, filters: WaitingListFilters) =>
    queryOptions({
      queryKey: waitingListKeys.list(venue, filters),
      queryFn: () => api.get<WaitingListPage>(`${venuePath(venue)}/waiting-list`, filters),
    }),
  products: orderProductsQuery,
};

/** Reads every filtered view of the venue's waiting lists again. */
const invalidateWaitingList = (client: QueryClient, venue: string) =>
  client.invalidateQueries({ queryKey: waitingListKeys.all(venue) });

/** Takes someone off a waiting list. */
export function useTakeOffWaitingList(venue: string, reactions: MutationReactions<unknown, WaitingListEntry> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (entry: WaitingListEntry) => api.delete(`${venuePath(venue)}/waiting-list/${entry.id}`),
    onSuccess: (...done) => {
      void invalidateWaitingList(queryClient, venue);
      return reactions.onSuccess?.(...done);
    },
  });
}
