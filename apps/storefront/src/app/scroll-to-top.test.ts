import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollToTopSoon } from './scroll-to-top.ts';

describe('the scroll to the top after a navigation', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('scrolls smoothly to the top once the delay has passed', () => {
    const callOff = scrollToTopSoon(200);
    vi.advanceTimersByTime(199);
    expect(scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0, behavior: 'smooth' });
    callOff();
  });

  it('does not move the page once the visitor has pressed or typed on the new screen', () => {
    for (const event of ['pointerdown', 'input']) {
      scrollToTopSoon(200);
      window.dispatchEvent(new Event(event));
      vi.advanceTimersByTime(1_000);
    }
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('stops a scroll under way where it is when the visitor presses, and not the next time', () => {
    const callOff = scrollToTopSoon(200);
    vi.advanceTimersByTime(200);
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('pointerdown'));
    expect(scrollTo.mock.calls).toEqual([[{ top: 0, behavior: 'smooth' }], [{ top: window.scrollY, behavior: 'instant' }]]);
    callOff();
  });

  it('takes a visitor who asks for reduced motion to the top at once', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    const callOff = scrollToTopSoon(200);
    vi.advanceTimersByTime(200);
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0, behavior: 'instant' });
    callOff();
  });

  it('does not move a page something scrolled once the new screen was drawn, but follows its first layout', async () => {
    const callOff = scrollToTopSoon(200);
    window.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(40);
    window.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(scrollTo).not.toHaveBeenCalled();
    callOff();
    const next = scrollToTopSoon(200);
    window.dispatchEvent(new Event('scroll'));
    await vi.advanceTimersByTimeAsync(200);
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0, behavior: 'smooth' });
    next();
  });

  it('is called off by the next navigation', () => {
    const callOff = scrollToTopSoon(200);
    callOff();
    vi.advanceTimersByTime(1_000);
    window.dispatchEvent(new Event('keydown'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
