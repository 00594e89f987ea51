/** Venues (`/console/api/v1/venues`): those the staff member holds a right at, one venue, a new one. */
import type { NewVenueBody, VenueSummary } from '@storefront/domain/console/venues';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';
import { invalidateSession } from '../../lib/session.ts';
import { invalidateVenues, venueKeys } from '../../lib/venue-keys.ts';

export const venueQueries = {
  list: () => queryOptions({ queryKey: venueKeys.all, queryFn: () => api.get<{ venues: VenueSummary[] }>('venues') }),
  one: (code: string) =>
    queryOptions({ queryKey: venueKeys.one(code), queryFn: () => api.get<VenueSummary>(`venues/${encodeURIComponent(code)}`) }),
};

export function useCreateVenue(reactions: MutationReactions<VenueSummary, NewVenueBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: NewVenueBody) => api.post<VenueSummary>('venues', body),
    onSuccess: async (...done) => {
      // The new venue is in the session's list from now on.
      await invalidateSession(queryClient);
      await invalidateVenues(queryClient);
      return reactions.onSuccess?.(...done);
    },
  });
}
