/** TanStack Query options of the spot screens: today's slots of the QR code's product. */
import type { AppEnvironment } from '../../../lib/app-context.tsx';
import { spotApi } from './spot-api.ts';

type Env = Pick<AppEnvironment, 'api' | 'lang' | 'siteCode'>;

export const spotQueries = {
  /** Places change as others buy: kept only while a spot screen shows them. */
  stocks: (app: Env, qrToken: string) => ({
    queryKey: ['spot', 'stocks', app.siteCode, app.lang, qrToken] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => spotApi(app.api, app.lang).stocks(qrToken, signal),
    staleTime: 10_000,
    gcTime: 60_000,
  }),
};
