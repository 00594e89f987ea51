/**
 * The console session, as `GET session` tells it: the session cookie is HttpOnly, so the app
 * never sees it. `null` means not signed in. Signed-in screens read it from SessionContext, which
 * the app's guard fills once the stage is `signed_in`.
 */
import type { ConsoleSession, ConsoleVenue } from '@storefront/domain/console/auth';
import type { Right } from '@storefront/domain/console/rights';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { ApiError, api } from './api/client.ts';

export const SESSION_KEY = ['session'] as const;

const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: async (): Promise<ConsoleSession | null> => {
    try {
      return await api.get<ConsoleSession>('session');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

export const useSessionQuery = () => useQuery(sessionQuery);

/** Asks the server for the session again: its rights, venues or second factor changed. */
export const invalidateSession = (client: QueryClient) => client.invalidateQueries({ queryKey: SESSION_KEY });

export const SessionContext = createContext<ConsoleSession | null>(null);

export function useSession(): ConsoleSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in screen');
  return session;
}

export function hasOrganisationRight(session: ConsoleSession, right: Right): boolean {
  return session.organisation_rights.includes(right);
}

export function venueOf(session: ConsoleSession, code: string | undefined): ConsoleVenue | null {
  return session.venues.find((venue) => venue.code === code) ?? null;
}

/** At a venue: its own rights, and every organisation-wide right. */
export function hasVenueRight(session: ConsoleSession, venue: ConsoleVenue, right: Right): boolean {
  return venue.rights.includes(right) || hasOrganisationRight(session, right);
}
