/**
 * The browser-side session data of SPEC §3, behind one typed module. Everything lives in
 * session storage under a per-variant namespace, except the spot order tokens and the toast
 * cache, which live in local storage (a visitor who buys twice on the spot sees both).
 */
import type { LanguageCode } from '@storefront/domain/constants';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Every stored value and its type. Flows refine the JSON shapes they own. */
export type SessionData = {
  defaultLanguageCode: LanguageCode;
  languageCode: LanguageCode;
  mailToken: string;
  orderToken: string;
  paymentNumber: string;
  toastCacheMessage: string;
  showTutorial: boolean;
  showSmartphoneAppDownloadModal: boolean;
  orderPage: JsonObject;
  signInPage: JsonObject;
  paymentPage: JsonObject;
  complete: JsonObject;
  conversionData: JsonObject;
  changeDate: JsonObject;
  changeDateResult: JsonObject;
  changeDatePayment: JsonObject;
  changeDatePaymentResult: JsonObject;
  dPayStateCode: string;
  spotOrderToken: string;
  /** The spot purchases of this device: each a reservation token with what the inquiry page shows of it. */
  spotOrderTokens: Json[];
  spotConversionData: JsonObject;
  spotOrderPage: JsonObject;
  /** A spot payment gone to its provider (3-D Secure, a wallet): the QR token to come back to. */
  spotReturn: JsonObject;
  membershipPromotion: JsonObject;
};

export type SessionKey = keyof SessionData;

const LOCAL_KEYS: ReadonlySet<SessionKey> = new Set(['spotOrderTokens', 'toastCacheMessage']);

export type SessionStore = {
  get<K extends SessionKey>(key: K): SessionData[K] | null;
  set<K extends SessionKey>(key: K, value: SessionData[K]): void;
  remove(...keys: SessionKey[]): void;
  /** SPEC §4 resetOrder: the saved order, sign-in and payment pages. */
  resetOrder(): void;
  /** SPEC §4 full reset: resetOrder plus order token, payment number, complete and conversion data. */
  resetAll(): void;
  /** SPEC §4: the saved payment page and the payment number. */
  removePaymentInfo(): void;
  /** SPEC §4: the date change's result, payment and payment result together. */
  resetDateChangeResults(): void;
  /** SPEC §4: the date change's input, separately. */
  resetDateChangeInput(): void;
};

export function createSessionStore(variant: string, storages: { session: Storage; local: Storage }): SessionStore {
  const storageFor = (key: SessionKey) => (LOCAL_KEYS.has(key) ? storages.local : storages.session);
  const name = (key: SessionKey) => `storefront:${variant}:${key}`;

  const store: SessionStore = {
    get(key) {
      const raw = storageFor(key).getItem(name(key));
      if (raw === null) return null;
      try {
        return JSON.parse(raw);
      } catch {
        // A value written by something else is treated as absent.
        return null;
      }
    },
    set(key, value) {
      storageFor(key).setItem(name(key), JSON.stringify(value));
    },
    remove(...keys) {
      for (const key of keys) storageFor(key).removeItem(name(key));
    },
    resetOrder() {
      store.remove('orderPage', 'signInPage', 'paymentPage');
    },
    resetAll() {
      store.resetOrder();
      store.remove('orderToken', 'paymentNumber', 'complete', 'conversionData');
    },
    removePaymentInfo() {
      store.remove('paymentPage', 'paymentNumber');
    },
    resetDateChangeResults() {
      store.remove('changeDateResult', 'changeDatePayment', 'changeDatePaymentResult');
    },
    resetDateChangeInput() {
      store.remove('changeDate');
    },
  };
  return store;
}
