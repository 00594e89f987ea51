/**
 * Catalogue data the shell and screens share, through TanStack Query: each is fetched once per
 * page load and kept (venue content does not change while a visitor buys).
 */
import type { Configuration, Language, PaymentMethod, Product } from '@storefront/domain/api/catalogue';
import type { WaitingListProductsReply } from '@storefront/domain/api/waiting-list';
import type { SalesChannel } from '@storefront/domain/constants';
import type { AppEnvironment } from './app-context.tsx';

type Env = Pick<AppEnvironment, 'api' | 'lang' | 'siteCode'>;

export const catalogueQueries = {
  configuration: (app: Env) => ({
    queryKey: ['configurations', app.siteCode] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => app.api.get<Configuration>('configurations', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  }),
  languages: (app: Env) => ({
    queryKey: ['langs', app.siteCode] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => app.api.get<Language[]>('langs', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  }),
  products: (app: Env) => ({
    queryKey: ['products', app.siteCode, app.lang] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => app.api.get<Product[]>('products', { query: { lang: app.lang }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  }),
  paymentMethods: (app: Env, channel: SalesChannel) => ({
    queryKey: ['paymentmethods', app.siteCode, app.lang, channel] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      app.api.get<PaymentMethod[]>('paymentmethods', { query: { lang: app.lang, channel }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  }),
  /** The products whose sold-out slots take a waiting list, with how long an offer holds (kept a minute). */
  waitingListProducts: (app: Env) => ({
    queryKey: ['waitinglist-products', app.siteCode] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => app.api.get<WaitingListProductsReply>('waitinglist/products', { signal }),
    staleTime: 60_000,
  }),
};
