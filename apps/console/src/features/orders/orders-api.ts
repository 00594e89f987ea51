/** Finding a venue's orders (`/console/api/v1/venues/:venue/orders`, its exports and products), right `orders:read`. */
import type { OrderSearchPage } from '@storefront/domain/console/order-search';
import { queryOptions } from '@tanstack/react-query';
import { api, apiUrl } from '../../lib/api/client.ts';
import { orderKeys, orderProductsQuery } from '../../lib/order-queries.ts';

/** A search as the screen's address holds it: every value text, empty when not set. */
export type OrderListFilters = {
  q: string;
  from: string;
  to: string;
  status: string;
  channel: string;
  product_id: string;
};
export type OrderListSort = { sort: 'completed_at' | 'visit'; direction: 'asc' | 'desc' };

export const ORDER_PAGE_SIZE = 50;

const venuePath = (venue: string) => `venues/${encodeURIComponent(venue)}`;

export const orderQueries = {
  page: (venue: string, filters: OrderListFilters, sort: OrderListSort, page: number) =>
    queryOptions({
      queryKey: orderKeys.list(venue, { filters, sort, page }),
      queryFn: () => api.get<OrderSearchPage>(`${venuePath(venue)}/orders`, { ...filters, ...sort, page, size: ORDER_PAGE_SIZE }),
    }),
  products: orderProductsQuery,
};

/** A download's address: a plain link, so the browser saves the file itself. */
export const orderExportUrl = (
  venue: string,
  format: 'csv' | 'xlsx',
  filters: OrderListFilters,
  sort: OrderListSort,
  lang: string,
) => apiUrl(`${venuePath(venue)}/orders/export.${format}`, { ...filters, ...sort, lang });
