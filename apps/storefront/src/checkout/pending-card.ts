/**
 * The card the visitor entered on a payment page, between that page and the checkout call. Card
 * details never reach the shop: the gateway's script turns them into a one-time token, which lives
 * only in this page's memory (never the session), so a reload asks for the card again.
 */

/** The gateway's one-time token for the card the visitor entered, with its last four digits. */
export type PendingCard = { token: string; last4: string };

let card: PendingCard | null = null;

export const pendingCard = {
  /** Keeps the card a payment page just tokenised, replacing any earlier one. */
  remember(next: PendingCard): void {
    card = next;
  },
  /** The card waiting for checkout, or null when there is none. */
  current(): PendingCard | null {
    return card;
  },
  /** Drops the card: the checkout used it, or the visitor chose again. */
  forget(): void {
    card = null;
  },
};
