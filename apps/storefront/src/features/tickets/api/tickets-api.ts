/**
 * The after-purchase calls: ticket, share, send, cancel and receipt, typed from the contracts in packages/domain (types only cross over).
 */
import type { GoogleWalletSaveLink } from '@storefront/domain/api/google-wallet';
import type { Admission, Receipt, SelfCancelResult, SharedTicket, TicketView } from '@storefront/domain/api/tickets';
import type { z } from 'zod';
import { type ApiClient, ApiError } from '../../../lib/api/client.ts';

export type { Admission, Receipt, SelfCancelResult, TicketView };
export type SharedTicketData = z.infer<typeof SharedTicket>;

const path = (token: string) => encodeURIComponent(token);

export function ticketsApi(api: ApiClient, lang: string) {
  return {
    ticket: (token: string, signal?: AbortSignal) =>
      api.get<TicketView>(`tickets/${path(token)}`, { query: { lang }, ...(signal ? { signal } : {}) }),
    share: (token: string, optionValues: { option_value_id: number; quantity: number }[]) =>
      api.post<{ share_token: string; quantity: number }>(`tickets/${path(token)}/shares`, { option_values: optionValues }),
    shared: (shareToken: string) => api.get<SharedTicketData>(`shares/${path(shareToken)}`, { query: { lang } }),
    claim: (shareToken: string) => api.post<{ reservation_token: string }>(`shares/${path(shareToken)}/claim`),
    /** The holder cancels the whole booking, where its product allows it. */
    cancel: (token: string) => api.post<SelfCancelResult>(`tickets/${path(token)}/cancel`, { lang }),
    send: (token: string, email: string) => api.post<null>(`tickets/${path(token)}/send`, { email, lang }),
    /** The issued receipt, or null when none has been issued yet. */
    async receipt(token: string): Promise<Receipt | null> {
      try {
        return await api.get<Receipt>(`tickets/${path(token)}/receipt`, { query: { lang } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    /** Google's "save to wallet" page for the ticket's admissions (decision 028). */
    googleWalletLink: (token: string) => api.get<GoogleWalletSaveLink>(`tickets/${path(token)}/wallet/google`),
    issueReceipt: (token: string, addressee: string) => api.post<Receipt>(`tickets/${path(token)}/receipt`, { addressee, lang }),
  };
}
