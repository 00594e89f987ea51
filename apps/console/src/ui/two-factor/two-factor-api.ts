/**
 * Setting up a second factor (`/console/api/v1/account/totp`, `/account/passkeys`): the same
 * set-up serves the enrolment after a first sign-in and the account page.
 */
import { startRegistration } from '@simplewebauthn/browser';
import type { Passkey, RecoveryCodes, TotpEnrolment } from '@storefront/domain/console/account';
import type { PasskeyOptionsAnswer } from '@storefront/domain/console/auth';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';

const twoFactorKeys = {
  totpEnrolment: () => ['account', 'totp-enrolment'] as const,
};

/** A new secret each time the set-up opens; it is not kept in the cache once the set-up closes. */
export const totpEnrolmentQuery = () =>
  queryOptions({
    queryKey: twoFactorKeys.totpEnrolment(),
    queryFn: () => api.post<TotpEnrolment>('account/totp/enrolment'),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

/** The six digits the app shows; the server answers with recovery codes, shown once. */
export const useConfirmTotp = (reactions: MutationReactions<RecoveryCodes, { code: string }> = {}) =>
  useMutation({ ...reactions, mutationFn: (body: { code: string }) => api.post<RecoveryCodes>('account/totp', body) });

/** A passkey by the browser's own dialog (WebAuthn), under the name given. */
export const useAddPasskey = (reactions: MutationReactions<Passkey, { name: string }> = {}) =>
  useMutation({
    ...reactions,
    mutationFn: async ({ name }: { name: string }) => {
      const { challenge_id, options } = await api.post<PasskeyOptionsAnswer>('account/passkeys/options');
      // biome-ignore lint/suspicious/noExplicitAny: the server's options are WebAuthn's JSON, passed through as they are.
      const response = await startRegistration({ optionsJSON: options as any });
      return api.post<Passkey>('account/passkeys', { challenge_id, name, response });
    },
  });
