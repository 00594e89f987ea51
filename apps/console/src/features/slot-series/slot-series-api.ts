/** A venue's slot series (`/console/api/v1/venues/:venue/slot-series`): list, preview, apply, delete. */
import type {
  SlotSeriesApplied,
  SlotSeriesDeleted,
  SlotSeriesList,
  SlotSeriesPreview,
  SlotSeriesRule,
} from '@storefront/domain/console/slot-series';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';

const base = (venue: string) => `venues/${encodeURIComponent(venue)}/slot-series`;

export const slotSeriesKeys = {
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

export const applySlotSeries = (venue: string, rule: SlotSeriesRule) => api.post<SlotSeriesApplied>(base(venue), rule);
export const deleteSlotSeries = (venue: string, id: number) => api.delete<SlotSeriesDeleted>(`${base(venue)}/${id}`);

/** Reads the venue's series and any preview again after one was applied or deleted. */
export const invalidateSlotSeries = (client: QueryClient, venue: string) =>
  client.invalidateQueries({ queryKey: slotSeriesKeys.all(venue) });
