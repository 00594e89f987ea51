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
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';
import { invalidateOrder, orderKeys } from '../../lib/order-queries.ts';

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

const orderDetailApi = {
  resend: (venue: string, order: string, body: ResendTicketMailBody) =>
    api.post<ResentTicketMail>(`${orderPath(venue, order)}/resend`, body),
  editContact: (venue: string, order: string, body: OrderContactChanges) =>
    api.patch<OrderContact>(`${orderPath(venue, order)}/contact`, body),
  addNote: (venue: string, order: string, body: NewOrderNoteBody) =>
    api.post<OrderNote>(`${orderPath(venue, order)}/notes`, body),
};

/** A change to the order that shows in its timeline: the order is read again once it is made. */
function useOrderChange<TData, TVariables>(
  venue: string,
  order: string,
  mutationFn: (body: TVariables) => Promise<TData>,
  reactions: MutationReactions<TData, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn,
    onSuccess: (...done) => {
      void invalidateOrder(queryClient, venue, order);
      return reactions.onSuccess?.(...done);
    },
  });
}

export const useResendTicketMail = (
  venue: string,
  order: string,
  reactions: MutationReactions<ResentTicketMail, ResendTicketMailBody> = {},
) => useOrderChange(venue, order, (body: ResendTicketMailBody) => orderDetailApi.resend(venue, order, body), reactions);

export const useEditContact = (
  venue: string,
  order: string,
  reactions: MutationReactions<OrderContact, OrderContactChanges> = {},
) => useOrderChange(venue, order, (body: OrderContactChanges) => orderDetailApi.editContact(venue, order, body), reactions);

export const useAddNote = (venue: string, order: string, reactions: MutationReactions<OrderNote, NewOrderNoteBody> = {}) =>
  useOrderChange(venue, order, (body: NewOrderNoteBody) => orderDetailApi.addNote(venue, order, body), reactions);
