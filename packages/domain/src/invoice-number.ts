/**
 * A qualified-invoice issuer's registration number (適格請求書発行事業者登録番号): "T" and 13
 * digits, the first of which checks the other twelve as the National Tax Agency's corporate
 * numbers do (9 − Σ(digit × weight) mod 9, weights 1 and 2 alternating from the last digit).
 */
export const INVOICE_NUMBER_PATTERN = /^T\d{13}$/;

export function isInvoiceRegistrationNumber(value: string): boolean {
  if (!INVOICE_NUMBER_PATTERN.test(value)) return false;
  const digits = value.slice(1);
  const body = digits.slice(1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const fromLast = body.length - i;
    sum += Number(body[i]) * (fromLast % 2 === 1 ? 1 : 2);
  }
  return Number(digits[0]) === 9 - (sum % 9);
}
