/** Teams (`/console/api/v1/teams`), right `staff:manage`, and the venues a team may be attached to. */
import type { StaffMember, Team, TeamBody } from '@storefront/domain/console/staff';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';

export type VenueChoice = { id: number; code: string; name: Record<string, string> };

export const teamQueries = {
  list: () => queryOptions({ queryKey: ['teams'], queryFn: () => api.get<{ teams: Team[] }>('teams') }),
  venues: () => queryOptions({ queryKey: ['venues'], queryFn: () => api.get<{ venues: VenueChoice[] }>('venues') }),
  staff: () => queryOptions({ queryKey: ['staff'], queryFn: () => api.get<{ staff: StaffMember[] }>('staff') }),
};

export const teamsApi = {
  create: (body: TeamBody) => api.post<Team>('teams', body),
  replace: (id: number, body: TeamBody) => api.put<Team>(`teams/${id}`, body),
  remove: (id: number) => api.delete(`teams/${id}`),
};

export const venueName = (venue: VenueChoice, lang: string) => venue.name[lang] || venue.name.en || venue.name.ja || venue.code;
