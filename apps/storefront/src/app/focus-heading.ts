/**
 * After each step (a new route), focus moves to the new page's heading, so a screen reader says
 * where the visitor now is and keyboard users start from the top of the new content. The first
 * page of a visit keeps the browser's own focus. A lazily loaded screen may render its heading a
 * moment later: it is waited for, briefly.
 */

/** Focuses the first h1 inside `root` (made focusable without joining the tab order); true when one was there. */
export function focusHeading(root: ParentNode): boolean {
  const heading = root.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

/** Tries until the heading is there or `timeoutMs` has passed; returns a function that stops trying. */
export function focusHeadingSoon(root: ParentNode, timeoutMs = 3000): () => void {
  if (focusHeading(root)) return () => {};
  const observer = new MutationObserver(() => {
    if (focusHeading(root)) stop();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(root as Node, { childList: true, subtree: true });
  return stop;
}
