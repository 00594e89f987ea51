/** A venue's slot series (`/console/api/v1/venues/:venue/slot-series`): list, preview, apply, delete. */
import type {
  SlotSeriesApplied,
  SlotSeriesDeleted,
  SlotSeriesList,
  SlotSeriesPreview,
  SlotSeriesRule,
} from '@storefront/domain/console/slot-series';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';

const base = (venue: string) => `venues/${encodeURIComponent(venue)}/slot-series`;

export const slotSeriesQueries = {
  list: (venue: string) =>
    queryOptions({ queryKey: ['slot-series', venue], queryFn: () => api.get<SlotSeriesList>(base(venue)) }),
  preview: (venue: string, rule: SlotSeriesRule | null, month: string | null) =>
    queryOptions({
      queryKey: ['slot-series', venue, 'preview', rule, month],
      queryFn: () => api.post<SlotSeriesPreview>(`${base(venue)}/preview`, { rule, ...(month ? { month } : {}) }),
      enabled: rule !== null,
      staleTime: 0,
    }),
};

export const applySlotSeries = (venue: string, rule: SlotSeriesRule) => api.post<SlotSeriesApplied>(base(venue), rule);
export const deleteSlotSeries = (venue: string, id: number) => api.delete<SlotSeriesDeleted>(`${base(venue)}/${id}`);
