/** The staff member's own account (`/console/api/v1/account/...`). */
import type { AccountSession, Passkey, RecoveryCodes } from '@storefront/domain/console/account';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';

export const accountKeys = {
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

export const accountApi = {
  endSession: (id: string) => api.delete(`account/sessions/${encodeURIComponent(id)}`),
  changePassword: (body: { current_password: string; new_password: string }) => api.post<void>('account/password', body),
  removeTotp: (body: { password: string }) => api.post<void>('account/totp/remove', body),
  regenerateRecoveryCodes: (body: { password: string }) => api.post<RecoveryCodes>('account/recovery-codes', body),
  removePasskey: (id: number) => api.delete(`account/passkeys/${id}`),
};

export const invalidateAccountSessions = (client: QueryClient) => client.invalidateQueries({ queryKey: accountKeys.sessions() });
export const invalidatePasskeys = (client: QueryClient) => client.invalidateQueries({ queryKey: accountKeys.passkeys() });
