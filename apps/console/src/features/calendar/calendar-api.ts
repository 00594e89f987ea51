/** A venue's calendar (`/console/api/v1/venues/:venue/calendar`): the month's slots, and one change to many of them. */
import type { CalendarChangeBody, CalendarChangeResult, CalendarView } from '@storefront/domain/console/calendar';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';

const base = (venue: string) => `venues/${encodeURIComponent(venue)}/calendar`;

const calendarKeys = {
  all: (venue: string) => ['calendar', venue] as const,
  month: (venue: string, range: { from: string; to: string }, productId: number | null) =>
    [...calendarKeys.all(venue), range.from, range.to, productId] as const,
};

export const calendarQueries = {
  month: (venue: string, range: { from: string; to: string }, productId: number | null) =>
    queryOptions({
      queryKey: calendarKeys.month(venue, range, productId),
      queryFn: () => api.get<CalendarView>(base(venue), { from: range.from, to: range.to, product_id: productId }),
    }),
};

/** Reads every month of the venue's calendar again, whichever product it is narrowed to. */
const invalidateCalendar = (client: QueryClient, venue: string) =>
  client.invalidateQueries({ queryKey: calendarKeys.all(venue) });

/** One change to many slots; it is done once every month shown is read again. */
export function useChangeCalendar(venue: string, reactions: MutationReactions<CalendarChangeResult, CalendarChangeBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: CalendarChangeBody) => api.post<CalendarChangeResult>(`${base(venue)}/changes`, body),
    onSuccess: async (...done) => {
      await invalidateCalendar(queryClient, venue);
      return reactions.onSuccess?.(...done);
    },
  });
}
