/** TanStack Query options of the spot screens: today's slots of the QR code's product, its set products, the staff QR code. */
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
  /** Set products of today's chosen slot. */
  setProducts: (app: Env, qrToken: string, timeSpanId: number) => ({
    queryKey: ['spot', 'setproducts', app.siteCode, app.lang, qrToken, timeSpanId] as const,
    queryFn: () => spotApi(app.api, app.lang).setProducts(qrToken, [timeSpanId]),
    staleTime: 10_000,
    gcTime: 0,
  }),
  /** The staff's printable QR code: made once per visit to the page. */
  qrCode: (app: Env, productUuid: string, days: number, staffKey: string | null) => ({
    queryKey: ['spot', 'qr', app.siteCode, app.lang, productUuid, days] as const,
    queryFn: () => spotApi(app.api, app.lang).qrCode(productUuid, days, staffKey),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  }),
};
