import { afterEach, describe, expect, it } from 'vitest';
import { focusHeading, focusHeadingSoon } from './focus-heading.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focus after a step', () => {
  it('moves to the new page heading, focusable without joining the tab order', () => {
    document.body.innerHTML = '<button id="proceed">Next</button><main id="main"><nav></nav><h1>Your details</h1></main>';
    (document.getElementById('proceed') as HTMLElement).focus();
    expect(focusHeading(document.getElementById('main') as HTMLElement)).toBe(true);
    const heading = document.querySelector('h1') as HTMLElement;
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('waits for a heading that a lazily loaded screen renders a moment later', async () => {
    document.body.innerHTML = '<main id="main"><p>Loading…</p></main>';
    const main = document.getElementById('main') as HTMLElement;
    focusHeadingSoon(main, 2000);
    expect(document.activeElement).toBe(document.body);
    const section = document.createElement('section');
    section.innerHTML = '<h1>Payment</h1>';
    main.append(section);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement?.textContent).toBe('Payment');
  });
});
