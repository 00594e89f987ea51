import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../ui/field-error.tsx';
import { type HostedCard, mountAdyenCard, mountStripeCard } from './card-token.ts';
import type { MethodEntry } from './payment-methods.ts';

/** The gateway's own card fields (Stripe's card element, Adyen's card component), mounted while this method is chosen. */
export function HostedCardField(props: {
  provider: MethodEntry['provider'];
  keys: Record<string, Record<string, string>>;
  error: string | undefined;
  /** Holds the mounted card while it is there, for the form's submit. */
  cardRef: RefObject<HostedCard | null>;
}) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const { provider, cardRef } = props;
  // Stripe's publishable key or Adyen's client key: the public key the gateway's script needs.
  const key = (provider === 'adyen' ? props.keys.adyen?.clientKey : props.keys.stripe?.publishableKey) ?? '';
  const locale = i18n.language;
  useEffect(() => {
    let card: HostedCard | null = null;
    let gone = false;
    if (host.current && key) {
      const mounting =
        provider === 'adyen' ? mountAdyenCard(key, adyenLocale(locale), host.current) : mountStripeCard(key, host.current);
      mounting.then(
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
  }, [provider, key, locale, cardRef]);
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

/** Adyen Web's locale for the page's language (its own translations of the card fields). */
function adyenLocale(language: string): string {
  const locales: Record<string, string> = {
    ja: 'ja-JP',
    kr: 'ko-KR',
    th: 'th-TH',
    'zh-hans': 'zh-CN',
    'zh-hant': 'zh-TW',
  };
  return locales[language] ?? 'en-US';
}
