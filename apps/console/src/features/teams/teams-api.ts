/** Teams (`/console/api/v1/teams`), right `staff:manage`, and the venues a team may be attached to. */
import type { Team, TeamBody } from '@storefront/domain/console/staff';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';
import { invalidateTeams, staffListQuery, teamListQuery } from '../../lib/staff-queries.ts';
import { venueKeys } from '../../lib/venue-keys.ts';

export type VenueChoice = { id: number; code: string; name: Record<string, string> };

export const teamQueries = {
  list: teamListQuery,
  venues: () => queryOptions({ queryKey: venueKeys.all, queryFn: () => api.get<{ venues: VenueChoice[] }>('venues') }),
  staff: staffListQuery,
};

const teamsApi = {
  create: (body: TeamBody) => api.post<Team>('teams', body),
  replace: (id: number, body: TeamBody) => api.put<Team>(`teams/${id}`, body),
  remove: (id: number) => api.delete(`teams/${id}`),
};

export const venueName = (venue: VenueChoice, lang: string) => venue.name[lang] || venue.name.en || venue.name.ja || venue.code;

/** Creates the team, or replaces the one there is; it counts as saved once the teams are read again. */
export function useSaveTeam(team: Team | null, reactions: MutationReactions<Team, TeamBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: TeamBody) => (team ? teamsApi.replace(team.id, body) : teamsApi.create(body)),
    onSuccess: async (...done) => {
      await invalidateTeams(queryClient);
      return reactions.onSuccess?.(...done);
    },
  });
}

export function useRemoveTeam() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (team: Team) => teamsApi.remove(team.id), onSuccess: () => invalidateTeams(queryClient) });
}
