/** The staff member's own account (`/console/api/v1/account/...`). */
import type { AccountSession, Passkey, RecoveryCodes } from '@storefront/domain/console/account';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';
import { invalidateSession, SESSION_KEY } from '../../lib/session.ts';

const accountKeys = {
  all: ['account'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  passkeys: () => [...accountKeys.all, 'passkeys'] as const,
};

export const accountQueries = {
  sessions: () =>
    queryOptions({
      queryKey: accountKeys.sessions(),
      queryFn: () => api.get<{ sessions: AccountSession[] }>('account/sessions'),
    }),
  passkeys: () =>
    queryOptions({ queryKey: accountKeys.passkeys(), queryFn: () => api.get<{ passkeys: Passkey[] }>('account/passkeys') }),
};

const accountApi = {
  endSession: (id: string) => api.delete(`account/sessions/${encodeURIComponent(id)}`),
  changePassword: (body: { current_password: string; new_password: string }) => api.post<void>('account/password', body),
  removeTotp: (body: { password: string }) => api.post<void>('account/totp/remove', body),
  regenerateRecoveryCodes: (body: { password: string }) => api.post<RecoveryCodes>('account/recovery-codes', body),
  removePasskey: (id: number) => api.delete(`account/passkeys/${id}`),
};

const invalidateAccountSessions = (client: QueryClient) => client.invalidateQueries({ queryKey: accountKeys.sessions() });

/** Reads the passkeys again, and the session, which counts them among the second factors. */
export const refreshPasskeys = (client: QueryClient) => {
  void client.invalidateQueries({ queryKey: accountKeys.passkeys() });
  void invalidateSession(client);
};

/**
 * Ends one of the staff member's sessions. Ending the one in use signs out here: nothing read under
 * it stays in the cache, and the session is gone.
 */
export function useEndSession(reactions: MutationReactions<unknown, AccountSession> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (session: AccountSession) => accountApi.endSession(session.id),
    onSuccess: (...done) => {
      const [, session] = done;
      if (session.is_current) {
        queryClient.clear();
        queryClient.setQueryData(SESSION_KEY, null);
      } else {
        void invalidateAccountSessions(queryClient);
      }
      return reactions.onSuccess?.(...done);
    },
  });
}

export const useChangePassword = (reactions: MutationReactions<void, { current_password: string; new_password: string }> = {}) =>
  useMutation({ ...reactions, mutationFn: accountApi.changePassword });

export function useRemoveTotp(reactions: MutationReactions<void, { password: string }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: accountApi.removeTotp,
    onSuccess: (...done) => {
      void invalidateSession(queryClient);
      return reactions.onSuccess?.(...done);
    },
  });
}

export const useRegenerateRecoveryCodes = (reactions: MutationReactions<RecoveryCodes, { password: string }> = {}) =>
  useMutation({ ...reactions, mutationFn: accountApi.regenerateRecoveryCodes });

export function useRemovePasskey(reactions: MutationReactions<unknown, Passkey> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (passkey: Passkey) => accountApi.removePasskey(passkey.id),
    onSuccess: (...done) => {
      refreshPasskeys(queryClient);
      return reactions.onSuccess?.(...done);
    },
  });
}
