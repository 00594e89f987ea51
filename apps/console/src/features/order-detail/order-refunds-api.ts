/**
 * An order's cancellations, refunds and date change from the console
 * (`/console/api/v1/venues/:venue/orders/:order/…`): previews and lists with `orders:read`,
 * cancelling and refunding with `orders:refund`, changing the date with `orders:write`.
 */
import type {
  CancellationBody,
  CancellationPreview,
  CancellationResult,
  OrderRefund,
  OrderRefundList,
  SlotChoiceList,
  StaffDateChangeBody,
  StaffDateChangeResult,
} from '@storefront/domain/console/order-refunds';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';
import { invalidateOrder, orderKeys } from '../../lib/order-queries.ts';

const orderPath = (venue: string, orderId: string) => `venues/${encodeURIComponent(venue)}/orders/${encodeURIComponent(orderId)}`;

export const orderRefundQueries = {
  /** What cancelling these admissions (every one still standing when none named) would give back. */
  cancellation: (venue: string, orderId: string, tickets: string[] | null) =>
    queryOptions({
      queryKey: orderKeys.part(venue, orderId, 'cancellation', tickets === null ? 'all' : [...tickets].sort().join(',')),
      queryFn: () =>
        api.get<CancellationPreview>(
          `${orderPath(venue, orderId)}/cancellation`,
          tickets === null ? {} : { tickets: tickets.join(',') },
        ),
    }),
  refunds: (venue: string, orderId: string) =>
    queryOptions({
      queryKey: orderKeys.part(venue, orderId, 'refunds'),
      queryFn: () => api.get<OrderRefundList>(`${orderPath(venue, orderId)}/refunds`),
    }),
  slots: (venue: string, orderId: string, date: string) =>
    queryOptions({
      queryKey: orderKeys.part(venue, orderId, 'date-change', 'slots', date),
      queryFn: () => api.get<SlotChoiceList>(`${orderPath(venue, orderId)}/date-change/slots`, { date }),
    }),
};

const orderRefundsApi = {
  cancel: (venue: string, orderId: string, body: z.input<typeof CancellationBody>) =>
    api.post<CancellationResult>(`${orderPath(venue, orderId)}/cancellation`, body),
  retry: (venue: string, orderId: string, refundId: string) =>
    api.post<OrderRefund>(`${orderPath(venue, orderId)}/refunds/${encodeURIComponent(refundId)}/retry`),
  changeDate: (venue: string, orderId: string, body: z.input<typeof StaffDateChangeBody>) =>
    api.post<StaffDateChangeResult>(`${orderPath(venue, orderId)}/date-change`, body),
};

/**
 * Cancels admissions, refunding what was chosen. The dialog shows the result as soon as it comes;
 * the cancellation counts as done once the order is read again.
 */
export function useCancelAdmissions(
  venue: string,
  orderId: string,
  reactions: MutationReactions<CancellationResult, z.input<typeof CancellationBody>> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: z.input<typeof CancellationBody>) => orderRefundsApi.cancel(venue, orderId, body),
    onSuccess: async (...done) => {
      await reactions.onSuccess?.(...done);
      await invalidateOrder(queryClient, venue, orderId);
    },
  });
}

/** Asks the provider again for a refund it refused; the order is read again whatever it answers. */
export function useRetryRefund(venue: string, orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (refund: OrderRefund) => orderRefundsApi.retry(venue, orderId, refund.id),
    onSettled: () => invalidateOrder(queryClient, venue, orderId),
  });
}

/** Moves the order to another date; the dialog hears of it once the order is read again. */
export function useChangeDate(
  venue: string,
  orderId: string,
  reactions: MutationReactions<StaffDateChangeResult, z.input<typeof StaffDateChangeBody>> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: z.input<typeof StaffDateChangeBody>) => orderRefundsApi.changeDate(venue, orderId, body),
    onSuccess: async (...done) => {
      await invalidateOrder(queryClient, venue, orderId);
      return reactions.onSuccess?.(...done);
    },
  });
}
