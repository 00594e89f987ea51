/** The spot calls of SPEC §7 and the staff's QR code, typed from the contracts in packages/domain. */
import type { SetProductsSearchResult } from '@storefront/domain/api/catalogue';
import type { ApplyCouponResult, CreateOrderBody, TemporaryOrder, UpdateOrderBody } from '@storefront/domain/api/orders';
import type { SpotProductStocks, SpotQrCode } from '@storefront/domain/api/spot';
import type { z } from 'zod';
import type { ApiClient } from '../../../lib/api/client.ts';

export function spotApi(api: ApiClient, lang: string) {
  return {
    stocks: (qrToken: string, signal?: AbortSignal) =>
      api.get<SpotProductStocks>('spot/products/stocks', { query: { qr_token: qrToken, lang }, ...(signal ? { signal } : {}) }),
    setProducts: (qrToken: string, timeSpanIds: number[]) =>
      api.get<z.infer<typeof SetProductsSearchResult>>('spot/setproducts/search', {
        query: { qr_token: qrToken, lang, main_product_time_span_ids: timeSpanIds.join(',') },
      }),
    createOrder: (qrToken: string, body: z.input<typeof CreateOrderBody>) =>
      api.post<TemporaryOrder>('spot/orders', { ...body, qr_token: qrToken }),
    updateOrder: (token: string, body: z.input<typeof UpdateOrderBody>) =>
      api.put<TemporaryOrder>(`spot/orders/${encodeURIComponent(token)}`, body),
    applyCoupon: (token: string, coupon: string) =>
      api.post<z.infer<typeof ApplyCouponResult>>(`spot/ordercoupons/${encodeURIComponent(token)}`, { coupon }),
    qrCode: (productUuid: string, days: number, staffKey: string | null) =>
      api.get<SpotQrCode>(`spot/qr/${encodeURIComponent(productUuid)}`, {
        query: { days, lang },
        ...(staffKey ? { headers: { 'X-Staff-Key': staffKey } } : {}),
      }),
  };
}
