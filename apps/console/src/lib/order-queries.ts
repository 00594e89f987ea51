/**
 * Every query about a venue's orders lives under one root, `['orders', venue]`: the search pages,
 * the products to narrow by, and each order with what hangs off it (its mails, refunds, previews).
 * Invalidating an order therefore refreshes all of it, and invalidating the venue's orders refreshes
 * the search and every open order alike. The keys sit here, not in one feature, because the order
 * search, the order screen, slot cancellations and the waiting list all read them.
 */
import type { OrderSearchProducts } from '@storefront/domain/console/order-search';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './api/client.ts';

export const orderKeys = {
  all: ['orders'] as const,
  venue: (venue: string) => [...orderKeys.all, venue] as const,
  lists: (venue: string) => [...orderKeys.venue(venue), 'list'] as const,
  list: (venue: string, search: unknown) => [...orderKeys.lists(venue), search] as const,
  products: (venue: string) => [...orderKeys.venue(venue), 'products'] as const,
  detail: (venue: string, order: string) => [...orderKeys.venue(venue), 'detail', order] as const,
  part: (venue: string, order: string, ...part: readonly unknown[]) => [...orderKeys.detail(venue, order), ...part] as const,
};

/** The products a venue's orders can be narrowed by (`orders/products`, `orders:read`). */
export const orderProductsQuery = (venue: string) =>
  queryOptions({
    queryKey: orderKeys.products(venue),
    queryFn: () => api.get<OrderSearchProducts>(`venues/${encodeURIComponent(venue)}/orders/products`),
    staleTime: 60_000,
  });

/** Reads one order again, with everything under it. */
export const invalidateOrder = (client: QueryClient, venue: string, order: string) =>
  client.invalidateQueries({ queryKey: orderKeys.detail(venue, order) });
