/** Venues (`/console/api/v1/venues`): those the staff member holds a right at, one venue, a new one. */
import type { NewVenueBody, VenueSummary } from '@storefront/domain/console/venues';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import { venueKeys } from '../../lib/venue-keys.ts';

export const venueQueries = {
  list: () => queryOptions({ queryKey: venueKeys.all, queryFn: () => api.get<{ venues: VenueSummary[] }>('venues') }),
  one: (code: string) =>
    queryOptions({ queryKey: venueKeys.one(code), queryFn: () => api.get<VenueSummary>(`venues/${encodeURIComponent(code)}`) }),
};

export const createVenue = (body: NewVenueBody) => api.post<VenueSummary>('venues', body);
