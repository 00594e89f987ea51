/**
 * The calls of the purchase flow (SPEC §7), typed from the contracts in packages/domain. Only
 * types cross over; the storefront does not ship the schemas.
 */
import type {
  CalendarColor,
  DayStockStatus,
  FieldTemplate,
  OrderableStock,
  ProductStocks,
  SetProductsSearchResult,
} from '@storefront/domain/api/catalogue';
import type { MembershipInfo } from '@storefront/domain/api/membership';
import type { ApplyCouponResult, CreateOrderBody, TemporaryOrder, UpdateOrderBody } from '@storefront/domain/api/orders';
import type { z } from 'zod';
import { type ApiClient, ApiError } from '../lib/api/client.ts';

export type { TemporaryOrder };
export type FieldTemplateData = z.infer<typeof FieldTemplate>;

export function purchaseApi(api: ApiClient, lang: string) {
  return {
    createOrder: (body: z.input<typeof CreateOrderBody>) => api.post<TemporaryOrder>('orders', body),
    getOrder: (token: string, signal?: AbortSignal) =>
      api.get<TemporaryOrder>(`orders/${encodeURIComponent(token)}`, signal ? { signal } : {}),
    updateOrder: (token: string, body: z.input<typeof UpdateOrderBody>) =>
      api.put<TemporaryOrder>(`orders/${encodeURIComponent(token)}`, body),
    /** Cancels a temporary order; a 400 (already gone) is ignored, as SPEC §7 says. */
    async cancelOrder(token: string): Promise<void> {
      try {
        await api.delete(`orders/${encodeURIComponent(token)}`);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 400)) throw error;
      }
    },
    applyCoupon: (token: string, coupon: string) =>
      api.post<z.infer<typeof ApplyCouponResult>>(`ordercoupons/${encodeURIComponent(token)}`, { coupon }),
    removeCoupon: (token: string, couponId: number) =>
      api.delete<TemporaryOrder>(`ordercoupons/${encodeURIComponent(token)}/${couponId}`),
    /** Mail-only confirmation: mails the visitor a link to continue (SPEC §1). */
    sendOrderMail: (token: string, email: string) => api.post<null>(`ordermails/${encodeURIComponent(token)}`, { email, lang }),
    /** The link's mail token gives the order back, under a new order token. */
    confirmOrderMail: (mailToken: string) => api.get<{ order_token: string }>(`ordermails/${encodeURIComponent(mailToken)}`),
    membershipLogin: (token: string, credentials: { email: string; password: string }) =>
      api.post<{ result: boolean; membership: MembershipInfo }>(`membership/login/${encodeURIComponent(token)}`, credentials),
    fieldTemplates: () => api.get<FieldTemplateData[]>('field_templates'),
    stocks: (date: string, productId: number) =>
      api.get<z.infer<typeof ProductStocks>>('products/stocks', { query: { date, product_id: productId, lang } }),
    stockStatuses: (from: string, to: string, productUuid?: string) =>
      api.get<z.infer<typeof DayStockStatus>[]>('products/stocks-statuses', { query: { from, to, product_uuid: productUuid } }),
    orderableStock: (timeSpanId: number) =>
      api.get<z.infer<typeof OrderableStock>>('products/orderable_stocks', { query: { product_time_span_id: timeSpanId } }),
    setProducts: (timeSpanIds: number[]) =>
      api.get<z.infer<typeof SetProductsSearchResult>>('setproducts/search', {
        query: { lang, main_product_time_span_ids: timeSpanIds.join(',') },
      }),
    calendarColors: (from: string, to: string) =>
      api.get<z.infer<typeof CalendarColor>[]>('calendar/colors', { query: { from, to } }),
  };
}

export type PurchaseApi = ReturnType<typeof purchaseApi>;
