/**
 * The venues a staff member holds a right at (`/console/api/v1/venues`): the venue screens and the
 * team screens both read the list, so its key sits here.
 */
import type { QueryClient } from '@tanstack/react-query';

export const venueKeys = {
  all: ['venues'] as const,
  one: (code: string) => [...venueKeys.all, code] as const,
};

/** Reads the venue list and every single venue again. */
export const invalidateVenues = (client: QueryClient) => client.invalidateQueries({ queryKey: venueKeys.all });
