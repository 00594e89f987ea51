import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../../lib/session/session-store.ts';
import { keepSpotTicket, readSavedSpotOrder, spotPath, spotTickets } from './spot-flow.ts';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

const ticket = (token: string) => ({
  reservationToken: token,
  reservationNumber: `N-${token}`,
  productName: 'Timed ticket',
  date: '2026-05-10',
  from: '10:00',
  to: '10:30',
  quantity: 2,
  email: 'a@example.com',
});

describe('spot flow', () => {
  it('carries the QR token on every spot path', () => {
    expect(spotPath('/spot/payment', 'ab.cd')).toBe('/spot/payment?qr_token=ab.cd');
    expect(spotPath('/spot/products?x=1', 'a+b')).toBe('/spot/products?x=1&qr_token=a%2Bb');
    expect(spotPath('/spot', null)).toBe('/spot');
  });

  it('keeps every purchase of the device in local storage, newest first, once each', () => {
    const local = memoryStorage();
    const session = createSessionStore('demo', { session: memoryStorage(), local });
    keepSpotTicket(session, ticket('t1'));
    keepSpotTicket(session, ticket('t2'));
    keepSpotTicket(session, ticket('t1'));
    expect(spotTickets(session).map((t) => t.reservationToken)).toEqual(['t1', 't2']);
    expect(local.getItem('storefront:demo:spotOrderTokens')).toContain('t2');
    // Another tab of the same device (a new session) still sees them.
    const later = createSessionStore('demo', { session: memoryStorage(), local });
    expect(spotTickets(later)).toHaveLength(2);
  });

  it('ignores stored entries it cannot read', () => {
    const session = createSessionStore('demo', { session: memoryStorage(), local: memoryStorage() });
    session.set('spotOrderTokens', ['old-token', { reservationToken: 1 }, ticket('t3')]);
    expect(spotTickets(session).map((t) => t.reservationToken)).toEqual(['t3']);
    expect(readSavedSpotOrder({ timeSpanId: 4, options: { 1: 2, 2: 'x' } })).toEqual({
      timeSpanId: 4,
      options: { 1: 2 },
      setProducts: {},
    });
    expect(readSavedSpotOrder({ options: {} })).toBeNull();
  });
});
