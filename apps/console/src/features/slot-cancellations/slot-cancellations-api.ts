/**
 * Calling off slots or a day (`/console/api/v1/venues/:venue/slot-cancellations`): the preview and
 * the start with `orders:refund`, the list and one job's progress with `orders:read`. The products
 * to narrow by are the ones the order search offers (`orders/products`, `orders:read`).
 */
import type {
  SlotCancellationBody,
  SlotCancellationList,
  SlotCancellationPreview,
  SlotCancellationPreviewBody,
  SlotCancellationProgress,
} from '@storefront/domain/console/slot-cancellations';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';
import { orderProductsQuery } from '../../lib/order-queries.ts';

/** How often a running job's progress is read again. */
const PROGRESS_POLL_MS = 1000;

const base = (venue: string) => `venues/${encodeURIComponent(venue)}/slot-cancellations`;

const slotCancellationKeys = {
  all: (venue: string) => ['slot-cancellations', venue] as const,
  progress: (venue: string, job: string) => [...slotCancellationKeys.all(venue), job] as const,
};

export const slotCancellationQueries = {
  list: (venue: string) =>
    queryOptions({
      queryKey: slotCancellationKeys.all(venue),
      queryFn: () => api.get<SlotCancellationList>(base(venue)),
    }),
  progress: (venue: string, job: string) =>
    queryOptions({
      queryKey: slotCancellationKeys.progress(venue, job),
      queryFn: () => api.get<SlotCancellationProgress>(`${base(venue)}/${encodeURIComponent(job)}`),
      // Polled while the job runs; none once it is done.
      refetchInterval: (query) => (query.state.data?.status === 'done' || query.state.error ? false : PROGRESS_POLL_MS),
    }),
  products: orderProductsQuery,
};

/** A job just started: the list reads again, and its progress starts from what the start answered. */
async function noteStartedCancellation(client: QueryClient, venue: string, progress: SlotCancellationProgress) {
  await client.invalidateQueries({ queryKey: slotCancellationKeys.all(venue) });
  client.setQueryData(slotCancellationQueries.progress(venue, progress.id).queryKey, progress);
}

/** What calling off the chosen slots would cancel and give back; nothing changes yet. */
export const usePreviewCancellation = (venue: string) =>
  useMutation({
    mutationFn: (body: SlotCancellationPreviewBody) => api.post<SlotCancellationPreview>(`${base(venue)}/preview`, body),
  });

/** Starts the job that calls the slots off; the screen follows it once the list and its progress know of it. */
export function useStartCancellation(
  venue: string,
  reactions: MutationReactions<SlotCancellationProgress, SlotCancellationBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: SlotCancellationBody) => api.post<SlotCancellationProgress>(base(venue), body),
    onSuccess: async (...done) => {
      await noteStartedCancellation(queryClient, venue, done[0]);
      return reactions.onSuccess?.(...done);
    },
  });
}
