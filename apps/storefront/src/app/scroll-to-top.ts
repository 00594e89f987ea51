/**
 * Each navigation scrolls smoothly to the top after a short delay (SPEC: 200 ms), unless the
 * visitor has already done something on the new screen: pressed, typed, turned the wheel or
 * touched. On a busy phone the timer comes late, and the page must not move under a finger that
 * is about to press; an input while the scroll is under way stops it where it is. A visitor who
 * asks for reduced motion is taken to the top at once, not by an animation.
 */

/** What tells that the visitor is acting on the screen (not the app's own focus moves or layout). */
const INTERACTIONS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'input'] as const;

/** Schedules the scroll to the top; returns a function that calls it off (the next navigation). */
export function scrollToTopSoon(delayMs: number): () => void {
  let isScrolling = false;
  const timer = setTimeout(() => {
    isScrolling = true;
    const isMotionReduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
    window.scrollTo({ top: 0, behavior: isMotionReduced ? 'instant' : 'smooth' });
  }, delayMs);
  const stopListening = () => {
    for (const event of INTERACTIONS) window.removeEventListener(event, interacted, { capture: true });
  };
  function interacted() {
    clearTimeout(timer);
    stopListening();
    if (isScrolling) window.scrollTo({ top: window.scrollY, behavior: 'instant' });
  }
  for (const event of INTERACTIONS) window.addEventListener(event, interacted, { capture: true, passive: true });
  return () => {
    clearTimeout(timer);
    stopListening();
  };
}
