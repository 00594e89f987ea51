/**
 * The payment step's form, shared by the order's payment page and a date change's: the site's
 * methods with their marks, and the card for card methods. The card goes to the gateway's
 * card-token script; only its one-time token is kept, in memory, for the checkout.
 */

import { zodResolver } from '@hookform/resolvers/zod';
import type { PaymentMethodId } from '@storefront/domain/constants';
import { formatPrice } from '@storefront/domain/format';
import { needsCard } from '@storefront/domain/payments';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../lib/app-context.tsx';
import { FieldError } from '../ui/field-error.tsx';
import { ruledForm } from '../ui/field-schema.ts';
import { expiryYears, initialValues, type PaymentFormValues, toCardDetails, validatePaymentForm } from './card-form.ts';
import { CardTokenError, type HostedCard, hostsCardFields, tokenizeCard } from './card-token.ts';
import { HostedCardField } from './hosted-card-field.tsx';
import { PaymentMark } from './payment-mark.tsx';
import type { MethodEntry } from './payment-methods.ts';
import { pendingCard } from './pending-card.ts';
import { type FieldState, RequiredLabel, TypedCardFields } from './typed-card-fields.tsx';
import '../ui/forms.css';
import './payment.css';

export type PaymentMethodFormProps = {
  /** The methods the visitor may choose (already narrowed to what fits the amount). */
  usable: MethodEntry[];
  amount: number;
  /** The method chosen first. */
  initialMethod: string;
  isPending: boolean;
  backTo: string | null;
  /** The method chosen; for a card method the card's token is in `pendingCard` by then. */
  onSubmit: (method: PaymentMethodId) => void;
  /** The submit button's text key: proceeding to confirm by default; paying at once on the spot. */
  submitKey?: string;
  /** Said just above the buttons (the spot page's no-cancellation note). */
  footnote?: string;
};

export function PaymentMethodForm(props: PaymentMethodFormProps) {
  const { usable, backTo } = props;
  const app = useApp();
  const { t } = useTranslation();
  const years = useMemo(() => expiryYears(new Date()), []);

  // The method and the card by SPEC §5's rules; a gateway's own card fields check the card themselves.
  const schema = useMemo(
    () =>
      ruledForm(t, (values: PaymentFormValues) => {
        const provider = usable.find((candidate) => candidate.method === values.method)?.provider;
        return validatePaymentForm(values, new Date(), { hostedCard: hostsCardFields(provider) });
      }),
    [t, usable],
  );

  const { register, handleSubmit, watch, formState, setError } = useForm<PaymentFormValues>({
    // Card details are never kept: a visitor coming back enters the card again.
    defaultValues: initialValues(props.initialMethod, null),
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const method = watch('method');
  const chosen = usable.find((candidate) => candidate.method === method);
  const hosted = useRef<HostedCard | null>(null);
  const tokenize = useMutation({
    mutationFn: (input: { provider: MethodEntry['provider']; values: PaymentFormValues }) =>
      hostsCardFields(input.provider)
        ? (hosted.current?.tokenize(input.values.cardHolder.trim()) ??
          Promise.reject(new CardTokenError('the card fields are not ready', false)))
        : tokenizeCard(input.provider, toCardDetails(input.values)),
  });

  const onSubmit = handleSubmit(async (values) => {
    pendingCard.forget();
    const provider = usable.find((candidate) => candidate.method === values.method)?.provider;
    if (needsCard(values.method) && provider) {
      try {
        pendingCard.remember(await tokenize.mutateAsync({ provider, values }));
      } catch (failure) {
        const refused = failure instanceof CardTokenError && failure.refused;
        setError(
          'cardNumber',
          { message: t(refused ? 'payment_card_refused' : 'payment_card_gateway_unreachable') },
          { shouldFocus: true },
        );
        return;
      }
    }
    props.onSubmit(values.method as PaymentMethodId);
  });

  const errors = formState.errors;
  const error = (name: keyof PaymentFormValues) => errors[name]?.message;
  const describe = (name: keyof PaymentFormValues, ...more: string[]) =>
    [...more, error(name) ? `payment-${name}-error` : ''].filter(Boolean).join(' ') || undefined;
  const invalid = (name: keyof PaymentFormValues) => (error(name) ? true : undefined);
  const field: FieldState = { error, describe, invalid };

  return (
    <form className="checkout-form" onSubmit={onSubmit} noValidate>
      <p className="payment-amount">
        <span>{t('payment_amount')}</span>
        <strong>{formatPrice(props.amount, app.config.currency, app.lang)}</strong>
      </p>

      <fieldset className="payment-methods" aria-describedby={describe('method')}>
        <legend className="section-title">{t('payment_choose_method')}</legend>
        {usable.map((candidate) => (
          <label key={candidate.method} className="payment-method" data-method={candidate.method}>
            <input
              type="radio"
              value={candidate.method}
              aria-invalid={invalid('method')}
              aria-describedby={candidate.noteKey && candidate.method === method ? `payment-note-${candidate.method}` : undefined}
              {...register('method')}
            />
            <PaymentMark mark={candidate.mark} />
            <span className="payment-method-text">
              <span className="payment-method-name">{candidate.name}</span>
              {candidate.noteKey && candidate.method === method && (
                <span id={`payment-note-${candidate.method}`} className="payment-method-note">
                  {t(candidate.noteKey)}
                </span>
              )}
            </span>
          </label>
        ))}
        <FieldError id="payment-method-error" message={error('method')} />
      </fieldset>

      {chosen && needsCard(chosen.method) && (
        <fieldset className="payment-card">
          <legend className="section-title">{chosen.name}</legend>
          {app.config.appMode === 'demo' && chosen.provider === 'sandbox' && (
            // Demo only, and only where the sandbox gateway takes the card: its own test numbers.
            <p className="payment-demo-cards">{t('payment_demo_test_cards')}</p>
          )}
          {hostsCardFields(chosen.provider) ? (
            <HostedCardField
              provider={chosen.provider}
              keys={app.config.paymentProviderKeys}
              error={error('cardNumber')}
              cardRef={hosted}
            />
          ) : (
            <TypedCardFields register={register} years={years} field={field} />
          )}

          <div className="checkout-field">
            <RequiredLabel htmlFor="payment-card-holder" textKey="payment_card_holder" />
            <input
              id="payment-card-holder"
              className="checkout-input"
              type="text"
              autoComplete="cc-name"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={t('payment_card_holder_placeholder')}
              aria-required="true"
              aria-invalid={invalid('cardHolder')}
              aria-describedby={describe('cardHolder')}
              {...register('cardHolder')}
            />
            <FieldError id="payment-cardHolder-error" message={error('cardHolder')} />
          </div>
        </fieldset>
      )}

      {props.footnote && <p className="spot-note">{props.footnote}</p>}
      <div className="actions checkout-actions">
        <button type="submit" className="button button-primary payment-submit" disabled={props.isPending || usable.length === 0}>
          {t(props.isPending && props.submitKey ? 'payment_processing' : (props.submitKey ?? 'payment_proceed'))}
        </button>
        {backTo && (
          <Link className="button button-secondary" to={backTo}>
            {t('common_back')}
          </Link>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {props.isPending ? t('payment_processing') : ''}
      </p>
    </form>
  );
}
