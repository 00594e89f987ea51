/** What a payment method asks of the visitor; the payment and confirm steps decide alike. */

export const FREE_METHOD = 'free';

/** Every method but `free` takes a card for now (wallets and 3-D Secure redirects come later). */
export function needsCard(method: string | null | undefined): boolean {
  return Boolean(method) && method !== FREE_METHOD;
}
