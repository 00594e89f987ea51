import { describe, expect, it } from 'vitest';
import { needsCard } from './payment-kinds.ts';

describe('needsCard', () => {
  it('asks for a card for every method but free', () => {
    expect(needsCard('gmo_3ds')).toBe(true);
    expect(needsCard('alipay')).toBe(true);
    expect(needsCard('free')).toBe(false);
  });
  it('asks for nothing before a method is chosen', () => {
    expect(needsCard('')).toBe(false);
    expect(needsCard(null)).toBe(false);
  });
});
