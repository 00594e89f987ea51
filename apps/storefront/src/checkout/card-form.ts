/**
 * The payment step's rules: which methods the order can use, and the sandbox card form (SPEC §5:
 * cardName, expired, numeric). Card details are only ever turned into the in-memory card here;
 * nothing in this module stores them.
 */
import { DISPLAY_TIME_ZONE } from '@storefront/domain/constants';
import {
  cardName,
  expired,
  invalid,
  maxLength,
  minLength,
  numeric,
  required,
  type ValidationFailure,
  validateField,
} from '@storefront/domain/customer/validation';
import { needsCard } from '@storefront/domain/payments';
import type { CardDetails } from './flow.ts';

export type PaymentFormValues = {
  method: string;
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  cardHolder: string;
};

/** Spaces and hyphens are allowed while typing, as people copy numbers in groups. */
export function normaliseCardNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The check digit every card number carries; catches a mistyped digit before the gateway does. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function validateCardNumber(value: string): ValidationFailure | null {
  const digits = normaliseCardNumber(value);
  return (
    validateField(value.trim() === '' ? '' : digits, [required, numeric, minLength(12), maxLength(19)]) ??
    (passesLuhn(digits) ? null : invalid())
  );
}

/**
 * The failures of the payment form, by field name; empty when it can be sent. The card fields
 * count only for a method that takes a card. An expired card is reported on the year.
 */
export function validatePaymentForm(
  values: PaymentFormValues,
  now: Date,
  options: { hostedCard?: boolean } = {},
): Partial<Record<keyof PaymentFormValues, ValidationFailure>> {
  const failures: Partial<Record<keyof PaymentFormValues, ValidationFailure>> = {};
  const method = required(values.method);
  if (method) failures.method = method;
  if (!needsCard(values.method)) return failures;
  // A gateway that shows its own card fields checks them itself; the holder's name stays ours.
  const cardChecks: [keyof PaymentFormValues, ValidationFailure | null][] = options.hostedCard
    ? []
    : [
        ['cardNumber', validateCardNumber(values.cardNumber)],
        ['expMonth', required(values.expMonth)],
        ['expYear', required(values.expYear) ?? expired(values.expYear, values.expMonth, now)],
        ['cvc', validateField(values.cvc, [required, numeric, minLength(3), maxLength(4)])],
      ];
  const checks: [keyof PaymentFormValues, ValidationFailure | null][] = [
    ...cardChecks,
    ['cardHolder', validateField(values.cardHolder.trim(), [required, cardName])],
  ];
  for (const [name, failure] of checks) if (failure) failures[name] = failure;
  return failures;
}

/** The card as checkout takes it; call only with values that passed validatePaymentForm. */
export function toCardDetails(values: PaymentFormValues): CardDetails {
  return {
    number: normaliseCardNumber(values.cardNumber),
    exp_month: Number(values.expMonth),
    exp_year: Number(values.expYear),
    cvc: values.cvc,
    name: values.cardHolder.trim().replace(/\s+/g, ' '),
  };
}

/** The form's starting values: the method, and the card still in memory if the visitor comes back. */
export function initialValues(method: string, card: CardDetails | null): PaymentFormValues {
  return {
    method,
    cardNumber: card?.number ?? '',
    expMonth: card ? String(card.exp_month).padStart(2, '0') : '',
    expYear: card ? String(card.exp_year) : '',
    cvc: card?.cvc ?? '',
    cardHolder: card?.name ?? '',
  };
}

export const EXPIRY_MONTHS: readonly string[] = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'));

const yearFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', timeZone: DISPLAY_TIME_ZONE });

/** This year (where the shop is) and the next ones: cards are issued for up to about ten years. */
export function expiryYears(now: Date, count = 12): string[] {
  const year = Number(yearFormat.format(now));
  return Array.from({ length: count }, (_, index) => String(year + index));
}
