/**
 * The date-change calls (docs/decisions/008-date-change.md), typed from the contracts in
 * packages/domain (types only cross over).
 */
import type {
  CompletedDateChange,
  CreateDateChangeBody,
  DateChangeCheckoutBody,
  DateChangeTicket,
  DateChangeView,
} from '@storefront/domain/api/date-changes';
import { CHECKOUT_TIMEOUT_MS } from '@storefront/domain/constants';
import type { z } from 'zod';
import type { CheckoutAnswer } from '../../../checkout/payment-api.ts';
import type { ApiClient } from '../../../lib/api/client.ts';

export type { CompletedDateChange, DateChangeTicket, DateChangeView };

const segment = encodeURIComponent;

export function dateChangeApi(api: ApiClient, lang: string) {
  return {
    ticket: (reservationToken: string, signal?: AbortSignal) =>
      api.get<DateChangeTicket>(`timechanges/tickets/${segment(reservationToken)}`, {
        query: { lang },
        ...(signal ? { signal } : {}),
      }),
    create: (reservationToken: string, body: Omit<z.input<typeof CreateDateChangeBody>, 'lang'>) =>
      api.post<DateChangeView>(`timechanges/tickets/${segment(reservationToken)}`, { ...body, lang }),
    get: (timechangeToken: string, signal?: AbortSignal) =>
      api.get<DateChangeView>(`timechanges/${segment(timechangeToken)}`, { query: { lang }, ...(signal ? { signal } : {}) }),
    cancel: (timechangeToken: string) => api.delete<null>(`timechanges/${segment(timechangeToken)}`),
    confirm: (timechangeToken: string, reservationToken: string) =>
      api.post<CompletedDateChange>(`timechanges/${segment(timechangeToken)}/confirm`, { reservation_token: reservationToken }),
    checkout: (timechangeToken: string, body: z.input<typeof DateChangeCheckoutBody>) =>
      api.post<CheckoutAnswer>(`timechanges/${segment(timechangeToken)}/checkout`, body, { timeoutMs: CHECKOUT_TIMEOUT_MS }),
  };
}
