/**
 * The card-token script of the site's payment gateway (SPEC §7 external scripts): the card goes
 * from this page to the gateway, and only a one-time token goes to the shop. The built-in sandbox
 * gateway serves its script at `/sandbox-gateway/card-token.js`.
 */
import type { PaymentProviderId } from '@storefront/domain/constants';
import type { CardDetails } from './flow.ts';

export type CardToken = { token: string; last4: string };

type SandboxGateway = { createToken(card: CardDetails): Promise<CardToken> };

/** The parts of Stripe.js the payment page uses: a card element and a PaymentMethod from it. */
type StripeCardElement = { mount(host: HTMLElement): void; destroy(): void };
type StripeJs = {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  createPaymentMethod(input: {
    type: 'card';
    card: StripeCardElement;
    billing_details?: { name?: string };
  }): Promise<{ paymentMethod?: { id: string; card?: { last4?: string } }; error?: { type?: string; message?: string } }>;
};

/** The parts of Adyen Web (v6, its UMD build) the payment page uses: a card component. */
type AdyenCardData = { paymentMethod: Record<string, unknown>; browserInfo?: Record<string, unknown> };
type AdyenCard = {
  mount(host: HTMLElement): AdyenCard;
  unmount(): void;
  readonly isValid: boolean;
  readonly data: AdyenCardData;
  showValidation(): void;
};
type AdyenWeb = {
  AdyenCheckout(options: Record<string, unknown>): Promise<unknown>;
  Card: new (checkout: unknown, options: Record<string, unknown>) => AdyenCard;
};

declare global {
  interface Window {
    SandboxGateway?: SandboxGateway;
    Stripe?: (publishableKey: string) => StripeJs;
    AdyenWeb?: AdyenWeb;
  }
}

/** Stripe's own script; Stripe asks that it is always loaded from js.stripe.com. */
const STRIPE_JS = 'https://js.stripe.com/v3/';

const scripts = new Map<string, Promise<void>>();

/** Adyen Web, pinned: Adyen asks that it is loaded from its own CDN, test or live as the client key is. */
const ADYEN_WEB_VERSION = '6.21.0';
export const adyenWebBase = (clientKey: string) =>
  `https://checkoutshopper-${clientKey.startsWith('live_') ? 'live' : 'test'}.cdn.adyen.com/checkoutshopper/sdk/${ADYEN_WEB_VERSION}`;

/** Loads a stylesheet once per page. */
function loadStylesheet(href: string): void {
  if (document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.append(link);
}

/** Loads a script once per page. */
function loadScript(src: string): Promise<void> {
  const known = scripts.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scripts.delete(src);
      reject(new Error(`could not load ${src}`));
    };
    document.head.append(script);
  });
  scripts.set(src, loading);
  return loading;
}

/** Why a card was not turned into a token: refused by the gateway, or the gateway not reached. */
export class CardTokenError extends Error {
  readonly refused: boolean;
  constructor(message: string, refused: boolean) {
    super(message);
    this.refused = refused;
  }
}

export async function tokenizeCard(provider: PaymentProviderId, card: CardDetails): Promise<CardToken> {
  if (provider !== 'sandbox') throw new CardTokenError(`no card-token script for ${provider}`, false);
  try {
    await loadScript('/sandbox-gateway/card-token.js');
  } catch (error) {
    throw new CardTokenError(error instanceof Error ? error.message : 'the gateway was not reached', false);
  }
  const gateway = window.SandboxGateway;
  if (!gateway) throw new CardTokenError('the gateway script did not load', false);
  try {
    return await gateway.createToken(card);
  } catch (error) {
    const refused = typeof error === 'object' && error !== null && 'error' in error;
    throw new CardTokenError(error instanceof Error ? error.message : 'the card was refused', refused);
  }
}

/** Which gateways show their own card fields (an iframe) instead of the page's. */
export const hostsCardFields = (provider: PaymentProviderId | undefined) => provider === 'stripe' || provider === 'adyen';

export type HostedCard = { tokenize(cardHolder: string): Promise<CardToken>; destroy(): void };

/**
 * Mounts Stripe's card element into `host`; its `tokenize` makes a PaymentMethod, whose id is the
 * token the checkout sends. The card number never passes through this page's code.
 */
export async function mountStripeCard(publishableKey: string, host: HTMLElement): Promise<HostedCard> {
  try {
    await loadScript(STRIPE_JS);
  } catch (error) {
    throw new CardTokenError(error instanceof Error ? error.message : 'Stripe was not reached', false);
  }
  const stripe = window.Stripe?.(publishableKey);
  if (!stripe) throw new CardTokenError('Stripe did not load', false);
  const card = stripe.elements().create('card', { hidePostalCode: true });
  card.mount(host);
  return {
    async tokenize(cardHolder) {
      const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { name: cardHolder } });
      if (!result.paymentMethod) {
        const refused = result.error?.type === 'card_error' || result.error?.type === 'validation_error';
        throw new CardTokenError(result.error?.message ?? 'the card was refused', refused);
      }
      return { token: result.paymentMethod.id, last4: result.paymentMethod.card?.last4 ?? '' };
    },
    destroy: () => card.destroy(),
  };
}

/** Base64url of UTF-8 text, as the server decodes Adyen's card token. */
function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Mounts Adyen's card component into `host`; its `tokenize` hands over what the component
 * encrypted (the card number, expiry and security code, each encrypted for Adyen) with the
 * browser's details for 3-D Secure, as one token. The card never passes through this page's code.
 */
export async function mountAdyenCard(clientKey: string, locale: string, host: HTMLElement): Promise<HostedCard> {
  const base = adyenWebBase(clientKey);
  try {
    loadStylesheet(`${base}/adyen.css`);
    await loadScript(`${base}/adyen.js`);
  } catch (error) {
    throw new CardTokenError(error instanceof Error ? error.message : 'Adyen was not reached', false);
  }
  const adyen = window.AdyenWeb;
  if (!adyen) throw new CardTokenError('Adyen did not load', false);
  let last4 = '';
  const checkout = await adyen.AdyenCheckout({
    clientKey,
    environment: clientKey.startsWith('live_') ? 'live' : 'test',
    locale,
    countryCode: 'JP',
    // The page's own button pays; the component only collects the card.
    onSubmit: () => undefined,
  });
  const card = new adyen.Card(checkout, {
    hasHolderName: false,
    onFieldValid: (field: { fieldType?: string; endDigits?: string }) => {
      if (field.fieldType === 'encryptedCardNumber') last4 = field.endDigits ?? '';
    },
  }).mount(host);
  return {
    async tokenize(cardHolder) {
      if (!card.isValid) {
        card.showValidation();
        throw new CardTokenError('the card is not complete', true);
      }
      const { paymentMethod, browserInfo } = card.data;
      const token = base64url(
        JSON.stringify({ paymentMethod: { ...paymentMethod, holderName: cardHolder }, ...(browserInfo ? { browserInfo } : {}) }),
      );
      return { token, last4 };
    },
    destroy: () => card.unmount(),
  };
}
