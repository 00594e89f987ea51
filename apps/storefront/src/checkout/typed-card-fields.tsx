/** The card typed into the storefront's own fields (number, expiry, security code), for gateways whose script tokenizes it. */
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../ui/field-error.tsx';
import { EXPIRY_MONTHS, type PaymentFormValues } from './card-form.ts';

/** How the payment form shows a field's state: its message, the ids describing it, and aria-invalid. */
export type FieldState = {
  error: (name: keyof PaymentFormValues) => string | undefined;
  describe: (name: keyof PaymentFormValues, ...more: string[]) => string | undefined;
  invalid: (name: keyof PaymentFormValues) => true | undefined;
};

export function TypedCardFields(props: {
  register: UseFormRegister<PaymentFormValues>;
  years: readonly string[];
  field: FieldState;
}) {
  const { register, years } = props;
  const { error, describe, invalid } = props.field;
  const { t } = useTranslation();
  return (
    <>
      <div className="checkout-field">
        <RequiredLabel htmlFor="payment-card-number" textKey="payment_card_number" />
        <input
          id="payment-card-number"
          className="checkout-input payment-number-input"
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          aria-required="true"
          aria-invalid={invalid('cardNumber')}
          aria-describedby={describe('cardNumber')}
          {...register('cardNumber')}
        />
        <FieldError id="payment-cardNumber-error" message={error('cardNumber')} />
      </div>

      <fieldset className="checkout-field payment-expiry">
        <legend className="checkout-label">
          <span>{t('payment_expiry')}</span>
          <span className="checkout-badge checkout-badge-required">{t('common_required')}</span>
        </legend>
        <div className="payment-expiry-row">
          <div>
            <label className="payment-sub-label" htmlFor="payment-exp-month">
              {t('payment_expiry_month')}
            </label>
            <select
              id="payment-exp-month"
              className="checkout-input"
              autoComplete="cc-exp-month"
              aria-required="true"
              aria-invalid={invalid('expMonth')}
              aria-describedby={describe('expMonth')}
              {...register('expMonth', { deps: ['expYear'] })}
            >
              <option value="">--</option>
              {EXPIRY_MONTHS.map((month) => (
                <option key={month} value={month}>
                  {month}
                </option>
              ))}
            </select>
          </div>
          <span aria-hidden="true" className="payment-expiry-slash">
            /
          </span>
          <div>
            <label className="payment-sub-label" htmlFor="payment-exp-year">
              {t('payment_expiry_year')}
            </label>
            <select
              id="payment-exp-year"
              className="checkout-input"
              autoComplete="cc-exp-year"
              aria-required="true"
              aria-invalid={invalid('expYear')}
              aria-describedby={describe('expYear')}
              {...register('expYear')}
            >
              <option value="">----</option>
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </div>
        </div>
        <FieldError id="payment-expMonth-error" message={error('expMonth')} />
        <FieldError id="payment-expYear-error" message={error('expYear')} />
      </fieldset>

      <div className="checkout-field">
        <RequiredLabel htmlFor="payment-cvc" textKey="payment_security_code" />
        <input
          id="payment-cvc"
          className="checkout-input payment-cvc-input"
          type="text"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          aria-required="true"
          aria-invalid={invalid('cvc')}
          aria-describedby={describe('cvc', 'payment-cvc-note')}
          {...register('cvc')}
        />
        <p id="payment-cvc-note" className="checkout-hint">
          {t('payment_security_code_note')}
        </p>
        <FieldError id="payment-cvc-error" message={error('cvc')} />
      </div>
    </>
  );
}

export function RequiredLabel(props: { htmlFor: string; textKey: string }) {
  const { t } = useTranslation();
  return (
    <label className="checkout-label" htmlFor={props.htmlFor}>
      <span>{t(props.textKey)}</span>
      <span className="checkout-badge checkout-badge-required">{t('common_required')}</span>
    </label>
  );
}
