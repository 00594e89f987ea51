import { describe, expect, it } from 'vitest';
import {
  expiryYears,
  initialValues,
  normaliseCardNumber,
  type PaymentFormValues,
  passesLuhn,
  toCardDetails,
  validatePaymentForm,
} from './card-form.ts';

const now = new Date('2026-05-15T03:00:00Z');
const good: PaymentFormValues = {
  method: 'gmo_3ds',
  cardNumber: '4242 4242 4242 4242',
  expMonth: '05',
  expYear: '2026',
  cvc: '123',
  cardHolder: 'HANAKO YAMADA',
};

describe('card numbers', () => {
  it('drops the spaces and hyphens typed between groups', () => {
    expect(normaliseCardNumber(' 4242 4242-4242 4242 ')).toBe('4242424242424242');
  });
  it('checks the check digit', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
  });
});

describe('validatePaymentForm', () => {
  it('accepts a good card, grouped with spaces', () => {
    expect(validatePaymentForm(good, now)).toEqual({});
  });

  it('asks for a method', () => {
    expect(validatePaymentForm({ ...good, method: '' }, now)).toEqual({ method: { key: 'common_validate_required' } });
  });

  it('does not look at the card for a free order', () => {
    expect(validatePaymentForm({ ...good, method: 'free', cardNumber: 'x', cvc: '' }, now)).toEqual({});
    expect(validatePaymentForm({ ...good, method: 'gmo_paypay', cardNumber: 'x', cvc: '' }, now)).toEqual({});
    expect(validatePaymentForm({ ...good, method: 'd_pay', cardNumber: '', expYear: '' }, now)).toEqual({});
  });

  it('requires every card field', () => {
    const empty = { method: 'gmo_3ds', cardNumber: ' ', expMonth: '', expYear: '', cvc: '', cardHolder: '' };
    expect(Object.values(validatePaymentForm(empty, now)).map((failure) => failure.key)).toEqual(
      Array(5).fill('common_validate_required'),
    );
  });

  it('explains what is wrong with a card number', () => {
    const failure = (cardNumber: string) => validatePaymentForm({ ...good, cardNumber }, now).cardNumber;
    expect(failure('4242 abcd')).toEqual({ key: 'common_validate_num' });
    expect(failure('4242 4242')).toEqual({ key: 'common_validate_min', values: { length: 12 } });
    expect(failure('4'.repeat(20))).toEqual({ key: 'common_validate_max', values: { length: 19 } });
    expect(failure('4242 4242 4242 4241')).toEqual({ key: 'common_validate_default' });
  });

  it('reports an expired card on the year, and accepts the current month', () => {
    expect(validatePaymentForm({ ...good, expYear: '2026', expMonth: '04' }, now).expYear).toEqual({
      key: 'common_validate_expired',
    });
    expect(validatePaymentForm({ ...good, expYear: '2025', expMonth: '12' }, now).expYear).toEqual({
      key: 'common_validate_expired',
    });
    expect(validatePaymentForm({ ...good, expYear: '2026', expMonth: '05' }, now).expYear).toBeUndefined();
  });

  it('takes a security code of 3 or 4 digits', () => {
    const failure = (cvc: string) => validatePaymentForm({ ...good, cvc }, now).cvc;
    expect(failure('1234')).toBeUndefined();
    expect(failure('12')).toEqual({ key: 'common_validate_min', values: { length: 3 } });
    expect(failure('12a')).toEqual({ key: 'common_validate_num' });
  });

  it('takes a card holder name of Latin letters and spaces only', () => {
    const failure = (cardHolder: string) => validatePaymentForm({ ...good, cardHolder }, now).cardHolder;
    expect(failure(' Hanako Yamada ')).toBeUndefined();
    expect(failure('山田 花子')).toEqual({ key: 'customer_name_validate' });
    expect(failure('A'.repeat(31))).toEqual({ key: 'customer_name_validate' });
  });
});

describe('validatePaymentForm with the gateway’s own card fields', () => {
  it('checks only the holder’s name: the gateway checks the card', () => {
    const empty = { ...good, cardNumber: '', expMonth: '', expYear: '', cvc: '' };
    expect(validatePaymentForm(empty, now, { hostedCard: true })).toEqual({});
    expect(Object.keys(validatePaymentForm({ ...empty, cardHolder: '' }, now, { hostedCard: true }))).toEqual(['cardHolder']);
    expect(Object.keys(validatePaymentForm(empty, now)).sort()).toEqual(['cardNumber', 'cvc', 'expMonth', 'expYear']);
  });
});

describe('toCardDetails and initialValues', () => {
  it('turns the form into the card checkout takes', () => {
    expect(toCardDetails({ ...good, cardHolder: ' HANAKO   YAMADA ' })).toEqual({
      number: '4242424242424242',
      exp_month: 5,
      exp_year: 2026,
      cvc: '123',
      name: 'HANAKO YAMADA',
    });
  });
  it('refills the form from the card in memory, and starts empty without one', () => {
    const card = toCardDetails(good);
    expect(initialValues('gmo_3ds', card)).toEqual({ ...good, cardNumber: '4242424242424242' });
    expect(initialValues('', null)).toEqual({ method: '', cardNumber: '', expMonth: '', expYear: '', cvc: '', cardHolder: '' });
  });
});

describe('expiryYears', () => {
  it('starts at this year in Japan', () => {
    expect(expiryYears(new Date('2026-12-31T16:00:00Z'), 3)).toEqual(['2027', '2028', '2029']);
    expect(expiryYears(now).length).toBe(12);
  });
});
