/**
 * A venue's settings, shop texts and payment methods (`/console/api/v1/venues/:venue/settings`,
 * `/texts`, `/payment-methods`): read with `catalogue:read`, written with `catalogue:write`.
 */

import type { AppleWalletVenueSettings, AppleWalletVenueSettingsBody } from '@storefront/domain/console/apple-wallet';
import type { GoogleWalletVenueSettings, GoogleWalletVenueSettingsBody } from '@storefront/domain/console/google-wallet';
import type {
  SavePaymentMethodsBody,
  VenuePaymentMethods,
  VenueSettings,
  VenueSettingsPatch,
  VenueTexts,
} from '@storefront/domain/console/venue-settings';
import type { LanguageCode } from '@storefront/domain/constants';
import { type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';

const base = (code: string) => `venues/${encodeURIComponent(code)}`;

const venueSettingsKeys = {
  all: (code: string) => ['venue-settings', code] as const,
  settings: (code: string) => [...venueSettingsKeys.all(code), 'settings'] as const,
  texts: (code: string, lang: LanguageCode) => [...venueSettingsKeys.all(code), 'texts', lang] as const,
  paymentMethods: (code: string) => [...venueSettingsKeys.all(code), 'payment-methods'] as const,
  appleWallet: (code: string) => [...venueSettingsKeys.all(code), 'apple-wallet'] as const,
  googleWallet: (code: string) => [...venueSettingsKeys.all(code), 'google-wallet'] as const,
};

export const venueSettingsQueries = {
  settings: (code: string) =>
    queryOptions({ queryKey: venueSettingsKeys.settings(code), queryFn: () => api.get<VenueSettings>(`${base(code)}/settings`) }),
  texts: (code: string, lang: LanguageCode) =>
    queryOptions({
      queryKey: venueSettingsKeys.texts(code, lang),
      queryFn: () => api.get<VenueTexts>(`${base(code)}/texts`, { lang }),
    }),
  paymentMethods: (code: string) =>
    queryOptions({
      queryKey: venueSettingsKeys.paymentMethods(code),
      queryFn: () => api.get<VenuePaymentMethods>(`${base(code)}/payment-methods`),
    }),
  appleWallet: (code: string) =>
    queryOptions({
      queryKey: venueSettingsKeys.appleWallet(code),
      queryFn: () => api.get<AppleWalletVenueSettings>(`${base(code)}/apple-wallet`),
    }),
  googleWallet: (code: string) =>
    queryOptions({
      queryKey: venueSettingsKeys.googleWallet(code),
      queryFn: () => api.get<GoogleWalletVenueSettings>(`${base(code)}/google-wallet`),
    }),
};

/** A save answered with what is stored now, which takes the place of what the cache held. */
function useStoredSave<TData, TVariables>(
  queryKey: QueryKey,
  save: (body: TVariables) => Promise<TData>,
  reactions: MutationReactions<TData, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: save,
    onSuccess: (...done) => {
      queryClient.setQueryData(queryKey, done[0]);
      return reactions.onSuccess?.(...done);
    },
  });
}

export const useUpdateVenueSettings = (code: string, reactions: MutationReactions<VenueSettings, VenueSettingsPatch> = {}) =>
  useStoredSave(
    venueSettingsQueries.settings(code).queryKey,
    (patch: VenueSettingsPatch) => api.patch<VenueSettings>(`${base(code)}/settings`, patch),
    reactions,
  );

/** The changed texts of one language; the others stay as they are. */
export const useSaveVenueTexts = (
  code: string,
  lang: LanguageCode,
  reactions: MutationReactions<VenueTexts, Record<string, string>> = {},
) =>
  useStoredSave(
    venueSettingsQueries.texts(code, lang).queryKey,
    (texts: Record<string, string>) => api.put<VenueTexts>(`${base(code)}/texts/${lang}`, { texts }),
    reactions,
  );

export const useSavePaymentMethods = (
  code: string,
  reactions: MutationReactions<VenuePaymentMethods, SavePaymentMethodsBody> = {},
) =>
  useStoredSave(
    venueSettingsQueries.paymentMethods(code).queryKey,
    (body: SavePaymentMethodsBody) => api.put<VenuePaymentMethods>(`${base(code)}/payment-methods`, body),
    reactions,
  );

export const useSaveAppleWallet = (
  code: string,
  stored: AppleWalletVenueSettings,
  reactions: MutationReactions<AppleWalletVenueSettings, AppleWalletVenueSettingsBody> = {},
) =>
  useStoredSave(
    venueSettingsQueries.appleWallet(code).queryKey,
    // Until the operator sets the certificate the switch is not the venue's to move: its stored
    // choice goes back unchanged, and only the location is saved.
    (body: AppleWalletVenueSettingsBody) =>
      api.put<AppleWalletVenueSettings>(
        `${base(code)}/apple-wallet`,
        stored.is_configured ? body : { ...body, is_enabled: stored.is_enabled },
      ),
    reactions,
  );

export function useSaveGoogleWallet(
  code: string,
  reactions: MutationReactions<GoogleWalletVenueSettings, GoogleWalletVenueSettingsBody> = {},
) {
  const queryClient = useQueryClient();
  return useStoredSave(
    venueSettingsQueries.googleWallet(code).queryKey,
    (body: GoogleWalletVenueSettingsBody) => api.put<GoogleWalletVenueSettings>(`${base(code)}/google-wallet`, body),
    {
      ...reactions,
      onError: (...failed) => {
        // A refusal means the deployment has no issuer after all: what is stored is read again.
        if (isApiError(failed[0]) && failed[0].status === 409)
          void queryClient.invalidateQueries({ queryKey: venueSettingsKeys.googleWallet(code) });
        return reactions.onError?.(...failed);
      },
    },
  );
}
