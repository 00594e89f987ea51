import { beforeEach, describe, expect, it } from 'vitest';
import { createSessionStore } from './session-store.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('session store', () => {
  let session: Storage;
  let local: Storage;
  beforeEach(() => {
    session = memoryStorage();
    local = memoryStorage();
  });

  it('keeps each variant’s data apart', () => {
    const demo = createSessionStore('demo', { session, local });
    const mori = createSessionStore('mori', { session, local });
    demo.set('orderToken', 'a');
    mori.set('orderToken', 'b');
    expect(demo.get('orderToken')).toBe('a');
    expect(mori.get('orderToken')).toBe('b');
    expect(session.getItem('storefront:demo:orderToken')).toBe('"a"');
  });

  it('keeps spot order tokens and the toast cache in local storage', () => {
    const store = createSessionStore('demo', { session, local });
    store.set('spotOrderTokens', ['t1', 't2']);
    store.set('toastCacheMessage', 'Saved');
    store.set('paymentNumber', 'P1');
    expect(local.getItem('storefront:demo:spotOrderTokens')).toBe('["t1","t2"]');
    expect(local.getItem('storefront:demo:toastCacheMessage')).toBe('"Saved"');
    expect(session.getItem('storefront:demo:spotOrderTokens')).toBeNull();
    expect(local.getItem('storefront:demo:paymentNumber')).toBeNull();
  });

  it('treats an unreadable value as absent', () => {
    session.setItem('storefront:demo:orderPage', '{not json');
    expect(createSessionStore('demo', { session, local }).get('orderPage')).toBeNull();
  });

  function filled() {
    const store = createSessionStore('demo', { session, local });
    store.set('orderPage', { a: 1 });
    store.set('signInPage', { b: 2 });
    store.set('paymentPage', { c: 3 });
    store.set('orderToken', 'token');
    store.set('paymentNumber', 'P1');
    store.set('complete', { done: true });
    store.set('conversionData', { timeSpanId: 1 });
    store.set('languageCode', 'en');
    store.set('changeDate', { x: 1 });
    store.set('changeDateResult', { x: 2 });
    store.set('changeDatePayment', { x: 3 });
    store.set('changeDatePaymentResult', { x: 4 });
    return store;
  }

  it('resetOrder clears the saved order, sign-in and payment pages only', () => {
    const store = filled();
    store.resetOrder();
    expect([store.get('orderPage'), store.get('signInPage'), store.get('paymentPage')]).toEqual([null, null, null]);
    expect(store.get('orderToken')).toBe('token');
    expect(store.get('paymentNumber')).toBe('P1');
  });

  it('a full reset also clears order token, payment number, complete and conversion data', () => {
    const store = filled();
    store.resetAll();
    for (const key of [
      'orderPage',
      'signInPage',
      'paymentPage',
      'orderToken',
      'paymentNumber',
      'complete',
      'conversionData',
    ] as const) {
      expect(store.get(key), key).toBeNull();
    }
    expect(store.get('languageCode')).toBe('en');
    expect(store.get('changeDate')).toEqual({ x: 1 });
  });

  it('removing payment info clears the saved payment page and payment number', () => {
    const store = filled();
    store.removePaymentInfo();
    expect(store.get('paymentPage')).toBeNull();
    expect(store.get('paymentNumber')).toBeNull();
    expect(store.get('orderPage')).toEqual({ a: 1 });
  });

  it('resets the change-date results together and the input separately', () => {
    const store = filled();
    store.resetDateChangeResults();
    expect([store.get('changeDateResult'), store.get('changeDatePayment'), store.get('changeDatePaymentResult')]).toEqual([
      null,
      null,
      null,
    ]);
    expect(store.get('changeDate')).toEqual({ x: 1 });
    store.resetDateChangeInput();
    expect(store.get('changeDate')).toBeNull();
  });
});
