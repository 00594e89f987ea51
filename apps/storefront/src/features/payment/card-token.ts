/**
 * The card-token script of the site's payment gateway (SPEC §7 external scripts): the card goes
 * from this page to the gateway, and only a one-time token goes to the shop. The built-in sandbox
 * gateway serves its script at `/sandbox-gateway/card-token.js`.
 */
import type { PaymentProviderId } from '@storefront/domain/constants';
import type { CardDetails } from '../purchase/flow.ts';

export type CardToken = { token: string; last4: string };

type SandboxGateway = { createToken(card: CardDetails): Promise<CardToken> };
declare global {
  interface Window {
    SandboxGateway?: SandboxGateway;
  }
}

const scripts = new Map<string, Promise<void>>();

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
