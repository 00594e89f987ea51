/**
 * What the storefront's page may load, by venue: the app's own files, Stripe.js where the venue
 * takes cards through Stripe, Adyen Web where it takes them through Adyen, the venue's tag manager where the page loads one, and its logos.
 * Every hash route (order, payment, tickets, the gate) is this one page, so this is their policy.
 */
import type { AppMode } from '../../config.ts';
import { type Directives, widen } from '../../http/security-headers.ts';
import type { Site } from '../sites/site.ts';

/** Stripe.js, its card fields' frames and its API (Stripe's integration security guide). */
const STRIPE: Directives = {
  'script-src': ['https://js.stripe.com', 'https://*.js.stripe.com'],
  'frame-src': ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': ['https://api.stripe.com'],
};

/**
 * Adyen Web from Adyen's CDN, its secured card fields' frames and the checkout API they call
 * (Adyen's "Content Security Policy" guide), test or live as the venue's client key is.
 */
function adyenDirectives(clientKey: string): Directives {
  const live = clientKey.startsWith('live_');
  const cdn = `https://checkoutshopper-${live ? 'live' : 'test'}.cdn.adyen.com`;
  const api = live ? 'https://checkoutshopper-live.adyen.com' : 'https://checkoutshopper-test.adyen.com';
  return {
    'script-src': [cdn],
    'style-src': [cdn],
    'frame-src': [cdn, api],
    'connect-src': [cdn, api],
    'img-src': [cdn],
  };
}

/** Google Tag Manager and the Analytics it sends to (Google's tag platform CSP guide). */
const TAG_MANAGER: Directives = {
  'script-src': ['https://*.googletagmanager.com'],
  'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
};

/** The origin of an absolute http(s) address; null for anything else (a path is the shop's own). */
function originOf(address: string | null): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

export function pageDirectives(base: Directives, site: Site, appMode: AppMode, nonce: string): Directives {
  let directives = widen(base, { 'style-src': [`'nonce-${nonce}'`] });
  // The page mounts Stripe's card element only with the venue's publishable key.
  if (site.paymentProviderKeys.stripe?.publishableKey) directives = widen(directives, STRIPE);
  // And Adyen's card component with the venue's client key.
  const adyenKey = site.paymentProviderKeys.adyen?.clientKey;
  if (adyenKey) directives = widen(directives, adyenDirectives(adyenKey));
  // Demo venues carry made-up ids: the page loads the tag manager in production mode only.
  if (appMode === 'production' && site.tagManagerIds.length > 0) directives = widen(directives, TAG_MANAGER);
  const logos = [originOf(site.logos.header), originOf(site.logos.footer)].filter((origin) => origin !== null);
  if (logos.length > 0) directives = widen(directives, { 'img-src': logos });
  return directives;
}
