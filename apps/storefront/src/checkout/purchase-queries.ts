/**
 * TanStack Query options for the purchase flow's reads, so every step shares one cache entry:
 * the order in progress (key ['order', token]) and the site's sign-in field templates.
 */
import type { AppEnvironment } from '../lib/app-context.tsx';
import { purchaseApi } from './purchase-api.ts';

type Env = Pick<AppEnvironment, 'api' | 'lang' | 'siteCode'>;

export const purchaseQueries = {
  order: (app: Env, token: string) => ({
    queryKey: ['order', token] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => purchaseApi(app.api, app.lang).getOrder(token, signal),
  }),
  fieldTemplates: (app: Env) => ({
    queryKey: ['field_templates', app.siteCode] as const,
    queryFn: () => purchaseApi(app.api, app.lang).fieldTemplates(),
    staleTime: Number.POSITIVE_INFINITY,
  }),
};
