import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StepBar, stepsOf } from './step-bar.tsx';

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

describe('the step bar', () => {
  it('marks the current step, and only it, with aria-current="step"', () => {
    const html = renderToStaticMarkup(createElement(StepBar, { kind: 'normal', current: 'payment', hasMembershipLogin: false }));
    const bar = new DOMParser().parseFromString(html, 'text/html');
    const steps = [...bar.querySelectorAll('nav ol > li')];
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([null, null, 'step', null]);
    expect(steps[2]?.textContent).toContain('step_payment');
    expect(steps.map((step) => step.className)).toEqual(['step-done', 'step-done', 'step-current', '']);
  });
});
