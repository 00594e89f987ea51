/**
 * Each navigation scrolls smoothly to the top after a short delay (SPEC: 200 ms), unless the page
 * has moved on without it: the visitor pressed, typed, turned the wheel or touched, or something
 * scrolled the new screen once it was drawn (a finger, a field brought into view). On a busy phone
 * the timer comes late, and the page must not move under a finger that is about to press; an input
 * while the scroll is under way stops it where it is. A visitor who asks for reduced motion is
 * taken to the top at once, not by an animation.
 */

/** What tells that the visitor is acting on the screen (not the app's own focus moves or layout). */
const INTERACTIONS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'input'] as const;

/**
 * Frames after which a scroll is no longer the new screen's own layout: a screen shorter than the
 * last one moves the page up to fit as it is first drawn, and that must not call the scroll off.
 */
const LAYOUT_FRAMES = 2;

/** Schedules the scroll to the top; returns a function that calls it off (the next navigation). */
export function scrollToTopSoon(delayMs: number): () => void {
  let isScrolling = false;
  let frame = 0;
  const timer = setTimeout(() => {
    isScrolling = true;
    const isMotionReduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
    window.scrollTo({ top: 0, behavior: isMotionReduced ? 'instant' : 'smooth' });
  }, delayMs);
  const stopListening = () => {
    cancelAnimationFrame(frame);
    for (const event of INTERACTIONS) window.removeEventListener(event, interacted, { capture: true });
    window.removeEventListener('scroll', scrolled);
  };
  function interacted() {
    clearTimeout(timer);
    stopListening();
    if (isScrolling) window.scrollTo({ top: window.scrollY, behavior: 'instant' });
  }
  function scrolled() {
    if (isScrolling) return;
    clearTimeout(timer);
    stopListening();
  }
  for (const event of INTERACTIONS) window.addEventListener(event, interacted, { capture: true, passive: true });
  let frames = 0;
  const afterLayout = () => {
    frames += 1;
    if (frames < LAYOUT_FRAMES) frame = requestAnimationFrame(afterLayout);
    else window.addEventListener('scroll', scrolled, { passive: true });
  };
  frame = requestAnimationFrame(afterLayout);
  return () => {
    clearTimeout(timer);
    stopListening();
  };
}
