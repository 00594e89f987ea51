/**
 * TanStack Query options of the order page, all under `['order-page', …]` so a failed order
 * refreshes them at once. Availability is kept 15 s and dropped when the page leaves; calendar
 * colours do not change during a visit.
 */
import type { ProductsSearch2Result } from '@storefront/domain/api/catalogue';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PurchaseApi } from '../../../checkout/purchase-api.ts';
import type { AppEnvironment } from '../../../lib/app-context.tsx';

type Env = Pick<AppEnvironment, 'api' | 'lang' | 'siteCode'>;
type Range = { from: string; to: string };

const AVAILABILITY = { staleTime: 15_000, gcTime: 0 };

export const orderQueries = {
  all: ['order-page'] as const,
  stockStatuses: (app: Env, purchase: PurchaseApi, range: Range, productUuid: string | undefined) =>
    queryOptions({
      queryKey: ['order-page', 'stocks-statuses', app.siteCode, range.from, range.to, productUuid ?? null],
      queryFn: () => purchase.stockStatuses(range.from, range.to, productUuid),
      ...AVAILABILITY,
    }),
  calendarColors: (app: Env, purchase: PurchaseApi, range: Range) =>
    queryOptions({
      queryKey: ['order-page', 'calendar-colors', app.siteCode, range.from, range.to],
      queryFn: () => purchase.calendarColors(range.from, range.to),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  dayProducts: (app: Env, date: string | null) =>
    queryOptions({
      queryKey: ['order-page', 'products-search2', app.siteCode, app.lang, date],
      queryFn: ({ signal }) =>
        app.api.get<z.infer<typeof ProductsSearch2Result>>('products/search2', { query: { date, lang: app.lang }, signal }),
      ...AVAILABILITY,
    }),
  stocks: (app: Env, purchase: PurchaseApi, productId: number | undefined, date: string | null) =>
    queryOptions({
      queryKey: ['order-page', 'stocks', app.siteCode, app.lang, productId ?? null, date],
      queryFn: () => purchase.stocks(date as string, productId as number),
      ...AVAILABILITY,
    }),
  setProducts: (app: Env, purchase: PurchaseApi, timeSpanId: number | null) =>
    queryOptions({
      queryKey: ['order-page', 'setproducts', app.siteCode, app.lang, timeSpanId],
      queryFn: () => purchase.setProducts([timeSpanId as number]),
      ...AVAILABILITY,
    }),
};
