/** The staff member's own account (`/console/api/v1/account/...`). */
import type { AccountSession, Passkey, RecoveryCodes } from '@storefront/domain/console/account';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';

export const accountQueries = {
  sessions: () =>
    queryOptions({
      queryKey: ['account', 'sessions'],
      queryFn: () => api.get<{ sessions: AccountSession[] }>('account/sessions'),
    }),
  passkeys: () =>
    queryOptions({ queryKey: ['account', 'passkeys'], queryFn: () => api.get<{ passkeys: Passkey[] }>('account/passkeys') }),
};

export const accountApi = {
  endSession: (id: string) => api.delete(`account/sessions/${encodeURIComponent(id)}`),
  changePassword: (body: { current_password: string; new_password: string }) => api.post<void>('account/password', body),
  removeTotp: (body: { password: string }) => api.post<void>('account/totp/remove', body),
  regenerateRecoveryCodes: (body: { password: string }) => api.post<RecoveryCodes>('account/recovery-codes', body),
  removePasskey: (id: number) => api.delete(`account/passkeys/${id}`),
};
