/**
 * One order of a venue (`/console/api/v1/venues/:venue/orders/:order`): read with `orders:read`;
 * resend, contact and notes with `orders:write`.
 */
import type {
  NewOrderNoteBody,
  OrderContact,
  OrderContactChanges,
  OrderDetail,
  OrderMail,
  OrderNote,
  ResendTicketMailBody,
  ResentTicketMail,
} from '@storefront/domain/console/order-detail';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, api } from '../../lib/api/client.ts';
import { orderKeys } from '../../lib/order-queries.ts';

const orderPath = (venue: string, order: string) => `venues/${encodeURIComponent(venue)}/orders/${encodeURIComponent(order)}`;

export const orderDetailQueries = {
  detail: (venue: string, order: string) =>
    queryOptions({
      queryKey: orderKeys.detail(venue, order),
      queryFn: () => api.get<OrderDetail>(orderPath(venue, order)),
    }),
  mail: (venue: string, order: string, mail: string) =>
    queryOptions({
      queryKey: orderKeys.part(venue, order, 'mail', mail),
      queryFn: () => api.get<OrderMail>(`${orderPath(venue, order)}/mails/${encodeURIComponent(mail)}`),
      // A mail as sent never changes.
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** The mail's HTML as its own page, for a sandboxed frame (the browser fetches it, with the session cookie). */
export const mailPageUrl = (venue: string, order: string, mail: string) =>
  `${API_BASE}/${orderPath(venue, order)}/mails/${encodeURIComponent(mail)}/view`;

export const orderDetailApi = {
  resend: (venue: string, order: string, body: ResendTicketMailBody) =>
    api.post<ResentTicketMail>(`${orderPath(venue, order)}/resend`, body),
  editContact: (venue: string, order: string, body: OrderContactChanges) =>
    api.patch<OrderContact>(`${orderPath(venue, order)}/contact`, body),
  addNote: (venue: string, order: string, body: NewOrderNoteBody) =>
    api.post<OrderNote>(`${orderPath(venue, order)}/notes`, body),
};
