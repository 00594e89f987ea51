import { describe, expect, it } from 'vitest';
import { isInvoiceRegistrationNumber } from './invoice-number.ts';

describe('qualified-invoice registration numbers', () => {
  it('accepts a T and 13 digits whose check digit is right', () => {
    // The National Tax Agency's own corporate number (国税庁: 7000012050002).
    expect(isInvoiceRegistrationNumber('T7000012050002')).toBe(true);
    // Toyota Motor Corporation's (1180301018771).
    expect(isInvoiceRegistrationNumber('T1180301018771')).toBe(true);
  });

  it('refuses a wrong check digit, a missing T, other lengths and other characters', () => {
    expect(isInvoiceRegistrationNumber('T8000012050002')).toBe(false);
    expect(isInvoiceRegistrationNumber('7000012050002')).toBe(false);
    expect(isInvoiceRegistrationNumber('T700001205000')).toBe(false);
    expect(isInvoiceRegistrationNumber('T70000120500021')).toBe(false);
    expect(isInvoiceRegistrationNumber('t7000012050002')).toBe(false);
    expect(isInvoiceRegistrationNumber('T７000012050002')).toBe(false);
  });
});
