import { describe, expect, it } from 'vitest';
import { stepsOf } from './step-bar.tsx';

describe('step bars', () => {
  it('has order, membership login (only if enabled), sign-in, payment and confirm in the normal flow', () => {
    expect(stepsOf('normal', false)).toEqual(['order', 'sign_in', 'payment', 'confirm']);
    expect(stepsOf('normal', true)).toEqual(['order', 'membership_login', 'sign_in', 'payment', 'confirm']);
  });

  it('omits order and sign-in in mail-only mode', () => {
    expect(stepsOf('mail-only', false)).toEqual(['payment', 'confirm']);
    expect(stepsOf('mail-only', true)).toEqual(['membership_login', 'payment', 'confirm']);
  });

  it('has a short bar and a spot bar', () => {
    expect(stepsOf('short', true)).toEqual(['order', 'payment', 'confirm']);
    expect(stepsOf('spot', true)).toEqual(['order', 'payment']);
  });
});
