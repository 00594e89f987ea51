/**
 * Reservation inquiry (SPEC §2, §7 `GET reservations`): an e-mail address and a reservation number
 * give a reservation token, and the ticket link is mailed to the address again. Reservation numbers
 * are guessable input, so calls are counted per client and per address (two buckets), and the
 * answer at the limit says nothing about whether a reservation exists.
 */
import type { LanguageCode } from '@storefront/domain/constants';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { enforceRateLimits } from '../../http/rate-limit.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { findSlot } from '../catalogue/catalogue-facts.ts';
import { findCompletedByReservationNumber } from '../orders/completed-orders.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { Site } from '../sites/site.ts';
import { addAccessToken } from '../tickets/order-tickets.ts';
import type { TicketMailOptions } from '../tickets/ticket-mail.ts';

export const INQUIRY_LIMITS = {
  perClient: { max: 10, windowSeconds: 600 },
  perAddress: { max: 5, windowSeconds: 600 },
} as const;

export function createReservationsService(db: Database, orderService: OrdersService, options: TicketMailOptions = {}) {
  return {
    async inquire(
      site: Site,
      query: { email: string; reservation_number: string; lang?: LanguageCode | undefined },
      clientIp: string,
    ): Promise<{ reservation_token: string }> {
      const address = query.email.trim().toLowerCase();
      await enforceRateLimits(db, [
        { key: `inquiry:ip:${clientIp}`, ...INQUIRY_LIMITS.perClient },
        { key: `inquiry:email:${site.id}:${address}`, ...INQUIRY_LIMITS.perAddress },
      ]);
      const number = query.reservation_number.trim().toUpperCase();
      const order = await findCompletedByReservationNumber(db, site.id, number, address);
      if (!order) throw specError('ticket not found');
      const lang = query.lang ?? (order.lang as LanguageCode);
      const described = await orderService.describe(site, order.id, lang);
      const slot = await findSlot(db, order.timeSpanId);
      const result = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        // The first token is known only by its hash: the inquiry mints another that opens the same ticket.
        const reservationToken = newToken();
        await addAccessToken(tx, { tokenHash: hashToken(reservationToken), orderId: order.id, source: 'inquiry' });
        await options.enqueueTicketMail?.(tx, {
          site,
          orderId: order.id,
          kind: 'ticket_inquiry',
          email: order.customerFields?.email ?? query.email,
          lang,
          reservationNumber: number,
          reservationToken,
          productName: described?.mainProduct.name ?? '',
          visitDate: slot?.date ?? '',
        });
        return { reservation_token: reservationToken };
      });
      options.onMailQueued?.();
      return result;
    },
  };
}

export type ReservationsService = ReturnType<typeof createReservationsService>;
