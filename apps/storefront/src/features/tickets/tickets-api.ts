/**
 * The after-purchase calls: ticket, share, send, receipt, check-in, reservation inquiry and
 * mail-magazine release, typed from the contracts in packages/domain (types only cross over).
 */
import type {
  CheckInBody,
  CheckInResult,
  MailMagazineStatus,
  Receipt,
  SharedTicket,
  TicketView,
} from '@storefront/domain/api/tickets';
import type { z } from 'zod';
import { type ApiClient, ApiError } from '../../api/client.ts';

export type { CheckInResult, Receipt, TicketView };
export type SharedTicketData = z.infer<typeof SharedTicket>;

const path = (token: string) => encodeURIComponent(token);

/** The cache keys of a reservation's reads, in every language: a change to the ticket forgets them. */
export const ticketQueryKeys = {
  ticket: (token: string) => ['ticket', token] as const,
  receipt: (token: string) => ['receipt', token] as const,
};

export function ticketsApi(api: ApiClient, lang: string) {
  return {
    ticket: (token: string, signal?: AbortSignal) =>
      api.get<TicketView>(`tickets/${path(token)}`, { query: { lang }, ...(signal ? { signal } : {}) }),
    share: (token: string, optionValues: { option_value_id: number; quantity: number }[]) =>
      api.post<{ share_token: string; quantity: number }>(`tickets/${path(token)}/shares`, { option_values: optionValues }),
    shared: (shareToken: string) => api.get<SharedTicketData>(`shares/${path(shareToken)}`, { query: { lang } }),
    claim: (shareToken: string) => api.post<{ reservation_token: string }>(`shares/${path(shareToken)}/claim`),
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
    issueReceipt: (token: string, addressee: string) => api.post<Receipt>(`tickets/${path(token)}/receipt`, { addressee, lang }),
    checkIn: (body: z.input<typeof CheckInBody>) => api.post<CheckInResult>('checkins', { ...body, lang }),
    inquire: (email: string, reservationNumber: string) =>
      api.get<{ reservation_token: string }>('reservations', { query: { email, reservation_number: reservationNumber, lang } }),
    /** SPEC §7: a 404 is ignored (the page still offers the release; the PUT then says why not). */
    async mailMagazines(token: string): Promise<z.infer<typeof MailMagazineStatus> | null> {
      try {
        return await api.get<z.infer<typeof MailMagazineStatus>>(`mailmagazines/${path(token)}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    releaseMailMagazine: (token: string, fieldName: string) =>
      api.put<null>(`mailmagazines/${path(token)}`, { field_name: fieldName }),
  };
}
