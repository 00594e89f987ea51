/** A staff invitation (`/console/api/v1/invitations/...`): read by its link's token, accepted with a new password. */
import type { ConsoleSession } from '@storefront/domain/console/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';

type Invitation = { email: string; name: string; language: string };

export const invitationKeys = {
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

export const acceptInvitation = (token: string | null, password: string) =>
  api.post<ConsoleSession>('invitations/accept', { token, password });
