import { describe, expect, it } from 'vitest';
import { initialMode } from '../lib/gate-state.ts';
import { normaliseReservationNumber } from './manual-entry.tsx';
import { pairingCodeOf } from './pair-screen.tsx';
import { REPEAT_IGNORED_MS, repeatFilter } from './scanner-screen.tsx';

describe('the scanner’s input', () => {
  it('ignores the same code read again within 3 s, and takes another code at once', () => {
    const isNew = repeatFilter();
    expect(REPEAT_IGNORED_MS).toBe(3000);
    expect(isNew('A', 0)).toBe(true);
    expect(isNew('A', 250)).toBe(false);
    expect(isNew('A', 2999)).toBe(false);
    expect(isNew('B', 3000)).toBe(true);
    expect(isNew('A', 3100)).toBe(true);
    expect(isNew('A', 6200)).toBe(true);
  });

  it('takes a reservation number with or without its hyphen, in any case', () => {
    expect(normaliseReservationNumber('ab12c-d34ef')).toBe('AB12CD34EF');
    expect(normaliseReservationNumber(' AB12CD34EF ')).toBe('AB12CD34EF');
    expect(normaliseReservationNumber('AB12CD34E')).toBeNull();
    expect(normaliseReservationNumber('AB12CD34EF!')).toBeNull();
  });

  it('finds the pairing code in a pairing link or on its own', () => {
    const code = 'Zq3xK9_mP2-vL8wR4tY6uB';
    expect(pairingCodeOf(`https://shop.example/gate/#pair=${code}`)).toBe(code);
    expect(pairingCodeOf(`#pair=${code}`)).toBe(code);
    expect(pairingCodeOf(code)).toBe(code);
    expect(pairingCodeOf('https://shop.example/gate/')).toBeNull();
    expect(pairingCodeOf('SF2.k1.body.sig')).toBeNull();
  });
});

describe('what the device scans for', () => {
  it('is entry unless set hand-over was chosen on it', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(initialMode(storage(null))).toBe('gate');
    expect(initialMode(storage('set'))).toBe('set');
    expect(initialMode(storage('anything'))).toBe('gate');
  });
});
