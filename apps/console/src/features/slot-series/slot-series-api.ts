/** A venue's slot series (`/console/api/v1/venues/:venue/slot-series`): list, preview, apply, delete. */
import type {
  SlotSeriesApplied,
  SlotSeriesDeleted,
  SlotSeriesList,
  SlotSeriesPreview,
  SlotSeriesRule,
} from '@storefront/domain/console/slot-series';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';

const base = (venue: string) => `venues/${encodeURIComponent(venue)}/slot-series`;

const slotSeriesKeys = {
  all: (venue: string) => ['slot-series', venue] as const,
  // The screen reads the rule back from a previous preview's key, at index 3.
  preview: (venue: string, rule: SlotSeriesRule | null, month: string | null) =>
    [...slotSeriesKeys.all(venue), 'preview', rule, month] as const,
};

export const slotSeriesQueries = {
  list: (venue: string) =>
    queryOptions({ queryKey: slotSeriesKeys.all(venue), queryFn: () => api.get<SlotSeriesList>(base(venue)) }),
  preview: (venue: string, rule: SlotSeriesRule | null, month: string | null) =>
    queryOptions({
      queryKey: slotSeriesKeys.preview(venue, rule, month),
      queryFn: () => api.post<SlotSeriesPreview>(`${base(venue)}/preview`, { rule, ...(month ? { month } : {}) }),
      enabled: rule !== null,
      staleTime: 0,
    }),
};

/** Reads the venue's series and any preview again after one was applied or deleted. */
const invalidateSlotSeries = (client: QueryClient, venue: string) =>
  client.invalidateQueries({ queryKey: slotSeriesKeys.all(venue) });

/**
 * Applies a rule, making its slots. The screen shows what was made as soon as it is answered; the
 * change counts as done once the series (and any preview) are read again.
 */
export function useApplySlotSeries(venue: string, reactions: MutationReactions<SlotSeriesApplied, SlotSeriesRule> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (rule: SlotSeriesRule) => api.post<SlotSeriesApplied>(base(venue), rule),
    onSuccess: async (...done) => {
      await reactions.onSuccess?.(...done);
      await invalidateSlotSeries(queryClient, venue);
    },
  });
}

/** Deletes a series; as with applying one, the screen shows the answer before the series are read again. */
export function useDeleteSlotSeries(venue: string, reactions: MutationReactions<SlotSeriesDeleted, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (id: number) => api.delete<SlotSeriesDeleted>(`${base(venue)}/${id}`),
    onSuccess: async (...done) => {
      await reactions.onSuccess?.(...done);
      await invalidateSlotSeries(queryClient, venue);
    },
  });
}
