/**
 * A venue's settings, shop texts and payment methods (`/console/api/v1/venues/:venue/settings`,
 * `/texts`, `/payment-methods`): read with `catalogue:read`, written with `catalogue:write`.
 */

import type {
  SavePaymentMethodsBody,
  VenuePaymentMethods,
  VenueSettings,
  VenueSettingsPatch,
  VenueTexts,
} from '@storefront/domain/console/venue-settings';
import type { LanguageCode } from '@storefront/domain/constants';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';

const base = (code: string) => `venues/${encodeURIComponent(code)}`;

export const venueSettingsQueries = {
  settings: (code: string) =>
    queryOptions({ queryKey: ['venue-settings', code], queryFn: () => api.get<VenueSettings>(`${base(code)}/settings`) }),
  texts: (code: string, lang: LanguageCode) =>
    queryOptions({
      queryKey: ['venue-texts', code, lang],
      queryFn: () => api.get<VenueTexts>(`${base(code)}/texts`, { lang }),
    }),
  paymentMethods: (code: string) =>
    queryOptions({
      queryKey: ['venue-payment-methods', code],
      queryFn: () => api.get<VenuePaymentMethods>(`${base(code)}/payment-methods`),
    }),
};

export const updateVenueSettings = (code: string, patch: VenueSettingsPatch) =>
  api.patch<VenueSettings>(`${base(code)}/settings`, patch);

export const saveVenueTexts = (code: string, lang: LanguageCode, texts: Record<string, string>) =>
  api.put<VenueTexts>(`${base(code)}/texts/${lang}`, { texts });

export const savePaymentMethods = (code: string, body: SavePaymentMethodsBody) =>
  api.put<VenuePaymentMethods>(`${base(code)}/payment-methods`, body);
