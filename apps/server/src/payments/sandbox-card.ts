/**
 * The sandbox gateway's card charge, as demo mode and tests use it: test card numbers behave like
 * a real gateway's. (The Payments work adds 3-D Secure, wallets and the hosted pages.)
 */
import { randomUUID } from 'node:crypto';
import type { CardDetails, ChargeResult } from '../modules/orders/orders.service.ts';

export const SANDBOX_CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
  /** A temporary failure: the visitor may try again. */
  processingError: '4000000000000119',
} as const;

function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export async function chargeSandboxCard(charge: {
  amount: number;
  card: CardDetails | undefined;
  now?: Date;
}): Promise<ChargeResult> {
  const card = charge.card;
  if (!card) return { ok: false, retryable: true, reason: 'card details are missing' };
  if (!passesLuhn(card.number)) return { ok: false, retryable: true, reason: 'the card number is not valid' };
  const now = charge.now ?? new Date();
  if (card.exp_year < now.getFullYear() || (card.exp_year === now.getFullYear() && card.exp_month < now.getMonth() + 1)) {
    return { ok: false, retryable: true, reason: 'the card has expired' };
  }
  if (card.number === SANDBOX_CARDS.decline) return { ok: false, retryable: true, reason: 'the card was declined' };
  if (card.number === SANDBOX_CARDS.processingError)
    return { ok: false, retryable: true, reason: 'the gateway could not process the card' };
  return { ok: true, reference: `sandbox_${randomUUID()}` };
}
