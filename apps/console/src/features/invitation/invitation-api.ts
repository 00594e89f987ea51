/** A staff invitation (`/console/api/v1/invitations/...`): read by its link's token, accepted with a new password. */
import type { ConsoleSession } from '@storefront/domain/console/auth';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';
import { SESSION_KEY } from '../../lib/session.ts';

type Invitation = { email: string; name: string; language: string };

const invitationKeys = {
  one: (token: string | null) => ['invitation', token] as const,
};

export const invitationQueries = {
  one: (token: string | null) =>
    queryOptions({
      queryKey: invitationKeys.one(token),
      queryFn: () => api.get<Invitation>(`invitations/${encodeURIComponent(token ?? '')}`),
      enabled: token !== null,
    }),
};

/** Accepting the invitation with a new password signs the new staff member in: its answer is the session. */
export function useAcceptInvitation(token: string | null, reactions: MutationReactions<ConsoleSession, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (password: string) => api.post<ConsoleSession>('invitations/accept', { token, password }),
    onSuccess: (...done) => {
      queryClient.setQueryData(SESSION_KEY, done[0]);
      return reactions.onSuccess?.(...done);
    },
  });
}
