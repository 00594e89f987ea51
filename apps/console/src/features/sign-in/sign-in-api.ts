/** The sign-in calls: each step answers the session as it now is. */

import { startAuthentication } from '@simplewebauthn/browser';
import type { ConsoleSession, PasskeyOptionsAnswer } from '@storefront/domain/console/auth';
import { api } from '../../lib/api/client.ts';

export const signInApi = {
  password: (body: { email: string; password: string }) => api.post<ConsoleSession>('sign-in/password', body),
  totp: (body: { code: string }) => api.post<ConsoleSession>('sign-in/totp', body),
  recoveryCode: (body: { code: string }) => api.post<ConsoleSession>('sign-in/recovery-code', body),
  /**
   * A passkey: at the second-factor stage the server lists this staff member's own; without a
   * session it asks the browser for a discoverable one, which proves both factors.
   */
  async passkey(): Promise<ConsoleSession> {
    const { challenge_id, options } = await api.post<PasskeyOptionsAnswer>('sign-in/passkey/options', {});
    // biome-ignore lint/suspicious/noExplicitAny: WebAuthn's JSON options, passed through as the server wrote them.
    const response = await startAuthentication({ optionsJSON: options as any });
    return api.post<ConsoleSession>('sign-in/passkey', { challenge_id, response });
  },
  signOut: () => api.delete('session'),
  requestReset: (body: { email: string }) => api.post<void>('password-resets', body),
  completeReset: (body: { token: string; password: string }) => api.post<void>('password-resets/complete', body),
};

/** The browser's refusal (cancelled, timed out, no authenticator) is not the server's answer. */
export const isCeremonyCancelled = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
