/** Contracts of Google Wallet passes (decision 028). */
import { z } from 'zod';

/** `GET tickets/{token}/wallet/google`: where "Add to Google Wallet" sends the visitor. */
export const GoogleWalletSaveLink = z.object({
  /** Google's save page, `https://pay.google.com/gp/v/save/<jwt>`. */
  url: z.url(),
});
export type GoogleWalletSaveLink = z.infer<typeof GoogleWalletSaveLink>;
