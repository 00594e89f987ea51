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
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';

const base = (code: string) => `venues/${encodeURIComponent(code)}`;

export const venueSettingsKeys = {
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

export const saveAppleWallet = (code: string, body: AppleWalletVenueSettingsBody) =>
  api.put<AppleWalletVenueSettings>(`${base(code)}/apple-wallet`, body);

export const saveGoogleWallet = (code: string, body: GoogleWalletVenueSettingsBody) =>
  api.put<GoogleWalletVenueSettings>(`${base(code)}/google-wallet`, body);

export const invalidateGoogleWallet = (client: QueryClient, code: string) =>
  client.invalidateQueries({ queryKey: venueSettingsKeys.googleWallet(code) });

export const updateVenueSettings = (code: string, patch: VenueSettingsPatch) =>
  api.patch<VenueSettings>(`${base(code)}/settings`, patch);

export const saveVenueTexts = (code: string, lang: LanguageCode, texts: Record<string, string>) =>
  api.put<VenueTexts>(`${base(code)}/texts/${lang}`, { texts });

export const savePaymentMethods = (code: string, body: SavePaymentMethodsBody) =>
  api.put<VenuePaymentMethods>(`${base(code)}/payment-methods`, body);
