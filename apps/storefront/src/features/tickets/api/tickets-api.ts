/**
 * The after-purchase calls: ticket, share, send, cancel and the money documents, typed from the contracts in packages/domain (types only cross over).
 */
import type { GoogleWalletSaveLink } from '@storefront/domain/api/google-wallet';
import type {
  Admission,
  MoneyDocuments,
  Receipt,
  SelfCancelResult,
  SharedTicket,
  TicketView,
} from '@storefront/domain/api/tickets';
import type { z } from 'zod';
import { type ApiClient, ApiError } from '../../../lib/api/client.ts';

export type { Admission, MoneyDocuments, Receipt, SelfCancelResult, TicketView };
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
    /** Every money document of the booking (decision 034): none before the first receipt is issued. */
    /**
     * The booking's money documents. A booking this address cannot find has none to show either:
     * the screen then offers the first receipt as it always did, and issuing it says what is wrong.
     */
    async documents(token: string): Promise<MoneyDocuments> {
      try {
        return await api.get<MoneyDocuments>(`tickets/${path(token)}/receipts`, { query: { lang } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { documents: [], current: null, net: 0, reissuable: false };
        throw error;
      }
    },
    /** Google's "save to wallet" page for the ticket's admissions (decision 028). */
    googleWalletLink: (token: string) => api.get<GoogleWalletSaveLink>(`tickets/${path(token)}/wallet/google`),
    issueReceipt: (token: string, addressee: string) => api.post<Receipt>(`tickets/${path(token)}/receipt`, { addressee, lang }),
    /** A receipt for what was paid less what went back, replacing the one that stands (same addressee); 409 when nothing changed. */
    reissueReceipt: (token: string) => api.post<Receipt>(`tickets/${path(token)}/receipts/reissue`, { lang }),
  };
}
