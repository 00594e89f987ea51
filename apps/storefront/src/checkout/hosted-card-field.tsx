import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../ui/field-error.tsx';
import { type HostedCard, mountStripeCard } from './card-token.ts';
import type { MethodEntry } from './payment-methods.ts';

/** The gateway's own card fields (Stripe's card element), mounted while this method is chosen. */
export function HostedCardField(props: {
  provider: MethodEntry['provider'];
  keys: Record<string, Record<string, string>>;
  error: string | undefined;
  /** Holds the mounted card while it is there, for the form's submit. */
  cardRef: RefObject<HostedCard | null>;
}) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const publishableKey = props.keys[props.provider]?.publishableKey ?? '';
  const { cardRef } = props;
  useEffect(() => {
    let card: HostedCard | null = null;
    let gone = false;
    if (host.current && publishableKey) {
      mountStripeCard(publishableKey, host.current).then(
        (mounted) => {
          if (gone) mounted.destroy();
          else {
            card = mounted;
            cardRef.current = mounted;
          }
        },
        () => {
          cardRef.current = null;
        },
      );
    }
    return () => {
      gone = true;
      card?.destroy();
      cardRef.current = null;
    };
  }, [publishableKey, cardRef]);
  return (
    <fieldset className="checkout-field" aria-describedby={props.error ? 'payment-cardNumber-error' : undefined}>
      <legend className="checkout-label">
        <span>{t('payment_card_number')}</span>
        <span className="checkout-badge checkout-badge-required">{t('common_required')}</span>
      </legend>
      <div ref={host} id="payment-hosted-card" className="checkout-input payment-hosted-card" />
      <FieldError id="payment-cardNumber-error" message={props.error} />
    </fieldset>
  );
}
