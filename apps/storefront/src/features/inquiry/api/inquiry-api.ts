/** The reservation inquiry: an address and a reservation number give back the ticket's token. */
import type { ApiClient } from '../../../lib/api/client.ts';

export function inquiryApi(api: ApiClient, lang: string) {
  return {
    inquire: (email: string, reservationNumber: string) =>
      api.get<{ reservation_token: string }>('reservations', { query: { email, reservation_number: reservationNumber, lang } }),
  };
}
