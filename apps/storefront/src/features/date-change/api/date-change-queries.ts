/**
 * TanStack Query options of the date-change screens, all under `['change-date', …]`: a failed
 * change refreshes them at once, and a completed one forgets the ticket entry (checkout's
 * finishChange). Availability is kept 15 s and dropped when no screen shows it.
 */
import { queryOptions } from '@tanstack/react-query';
import type { PurchaseApi } from '../../../checkout/purchase-api.ts';
import type { AppEnvironment } from '../../../lib/app-context.tsx';
import type { dateChangeApi } from './date-change-api.ts';

type Env = Pick<AppEnvironment, 'lang' | 'siteCode'>;
type DateChangeApi = ReturnType<typeof dateChangeApi>;

const AVAILABILITY = { staleTime: 15_000, gcTime: 0 };

export const dateChangeQueries = {
  all: ['change-date'] as const,
  ticket: (app: Env, api: DateChangeApi, token: string) =>
    queryOptions({
      queryKey: ['change-date', 'ticket', app.siteCode, app.lang, token],
      queryFn: ({ signal }) => api.ticket(token, signal),
      retry: false,
    }),
  change: (app: Env, api: DateChangeApi, timechangeToken: string) =>
    queryOptions({
      queryKey: ['change-date', 'change', app.siteCode, app.lang, timechangeToken],
      queryFn: ({ signal }) => api.get(timechangeToken, signal),
      retry: false,
      gcTime: 0,
    }),
  stockStatuses: (app: Env, purchase: PurchaseApi, range: { from: string; to: string }, productUuid: string | undefined) =>
    queryOptions({
      queryKey: ['change-date', 'stocks-statuses', app.siteCode, range.from, range.to, productUuid ?? null],
      queryFn: () => purchase.stockStatuses(range.from, range.to, productUuid),
      enabled: productUuid !== undefined,
      ...AVAILABILITY,
    }),
  stocks: (app: Env, purchase: PurchaseApi, productId: number | undefined, date: string | null) =>
    queryOptions({
      queryKey: ['change-date', 'stocks', app.siteCode, app.lang, productId ?? null, date],
      queryFn: () => purchase.stocks(date as string, productId as number),
      enabled: productId !== undefined && date !== null,
      ...AVAILABILITY,
    }),
};
