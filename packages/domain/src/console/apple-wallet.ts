/** The console's contracts of Apple Wallet passes (decision 027). */
import { z } from 'zod';

const Latitude = z.number().min(-90).max(90);
const Longitude = z.number().min(-180).max(180);

/** The console's switch: `GET`/`PUT venues/:venue/apple-wallet`. */
export const AppleWalletVenueSettings = z.object({
  /** The deployment has a pass certificate (environment variables). */
  is_configured: z.boolean(),
  /** The venue offers "Add to Apple Wallet" on its tickets. */
  is_enabled: z.boolean(),
  /** Where the venue is: the pass shows on the lock screen nearby. Both or neither. */
  latitude: Latitude.nullable(),
  longitude: Longitude.nullable(),
});
export type AppleWalletVenueSettings = z.infer<typeof AppleWalletVenueSettings>;

export const AppleWalletVenueSettingsBody = z
  .object({ is_enabled: z.boolean(), latitude: Latitude.nullable(), longitude: Longitude.nullable() })
  .refine((body) => (body.latitude === null) === (body.longitude === null), {
    path: ['longitude'],
    message: 'latitude and longitude go together',
  });
export type AppleWalletVenueSettingsBody = z.infer<typeof AppleWalletVenueSettingsBody>;
