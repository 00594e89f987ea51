/** The console's contracts of Google Wallet passes (decision 028). */
import { z } from 'zod';

/** The console's switch: `GET`/`PUT venues/:venue/google-wallet`. */
export const GoogleWalletVenueSettings = z.object({
  /** The deployment has an issuer account and service account (environment variables). */
  is_configured: z.boolean(),
  /** The venue offers "Add to Google Wallet" on its tickets. */
  is_enabled: z.boolean(),
});
export type GoogleWalletVenueSettings = z.infer<typeof GoogleWalletVenueSettings>;

export const GoogleWalletVenueSettingsBody = z.object({ is_enabled: z.boolean() });
export type GoogleWalletVenueSettingsBody = z.infer<typeof GoogleWalletVenueSettingsBody>;
