/** The sign-in calls: each step answers the session as it now is. */

import { startAuthentication } from '@simplewebauthn/browser';
import type { ConsoleSession, PasskeyOptionsAnswer } from '@storefront/domain/console/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';
import { SESSION_KEY } from '../../lib/session.ts';

const signInApi = {
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

/** A sign-in step whose answer is the session as it now is: the console reads it from the cache. */
function useSignInStep<TVariables>(
  step: (body: TVariables) => Promise<ConsoleSession>,
  reactions: MutationReactions<ConsoleSession, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: step,
    onSuccess: (...done) => {
      queryClient.setQueryData(SESSION_KEY, done[0]);
      return reactions.onSuccess?.(...done);
    },
  });
}

export const usePasswordSignIn = (reactions: MutationReactions<ConsoleSession, { email: string; password: string }> = {}) =>
  useSignInStep(signInApi.password, reactions);

export const usePasskeySignIn = () => useSignInStep(signInApi.passkey, {});

/** The second factor by a code: from the authenticator app, or a recovery code. */
export const useCodeSignIn = (
  kind: 'totp' | 'recovery_code',
  reactions: MutationReactions<ConsoleSession, { code: string }> = {},
) =>
  useSignInStep((body: { code: string }) => (kind === 'totp' ? signInApi.totp(body) : signInApi.recoveryCode(body)), reactions);

/** Gives up a sign-in half done: whatever the server answers, the console starts again from no session. */
export function useStartSignInAgain() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signInApi.signOut, onSettled: () => queryClient.setQueryData(SESSION_KEY, null) });
}

export const useRequestPasswordReset = (reactions: MutationReactions<void, { email: string }> = {}) =>
  useMutation({ ...reactions, mutationFn: signInApi.requestReset });

export const useCompletePasswordReset = () => useMutation({ mutationFn: signInApi.completeReset });
