/*
 * Runs before the page paints (a classic script in <head>, issue 19). The server's static first
 * view is the order page as a first visit sees it, in the page's language. A visit that will show
 * something else — another screen of the hash route, an order page restored from this tab's
 * session, a language chosen earlier in this tab — hides it (html[data-first-view-hidden]), so the
 * app's first render is the first thing the visitor sees, as before the page had a first view.
 * Keep in step with src/features/order/order-routes.ts and src/lib/session/session-store.ts.
 *
 * It also starts the app. A page with a first view names the app's code with inert links
 * (`app-entry`, `app-preload`) instead of a module script, so the browser fetches none of it before
 * the page has painted: the code is asked for once the page is read and a frame has been drawn.
 */
(() => {
  const root = document.documentElement;
  try {
    const hash = location.hash.replace(/^#/, '');
    const path = hash.split('?')[0];
    const segments = location.pathname.split('/').filter(Boolean);
    const variant = segments[0] && segments[0] !== 'tickets' ? segments[0] : __DEFAULT_VARIANT__;
    const stored = (key) => sessionStorage.getItem(`storefront:${variant}:${key}`);
    const chosen = JSON.parse(stored('languageCode') ?? 'null');
    const asked = new URLSearchParams(location.search).get('lang');
    const otherLanguage = (asked === null && chosen !== null && chosen !== root.dataset.lang) || /[?&]lang=/.test(hash);
    const otherScreen = hash.includes('?') || (path !== '' && path !== '/' && path !== '/order') || stored('orderPage') !== null;
    if (otherLanguage) root.dataset.firstViewHidden = 'all';
    else if (otherScreen) root.dataset.firstViewHidden = 'screen';
  } catch {
    root.dataset.firstViewHidden = 'all';
  }

  let started = false;
  const startApp = () => {
    if (started) return;
    started = true;
    const add = (tag, attributes) => {
      const element = Object.assign(document.createElement(tag), attributes);
      element.crossOrigin = '';
      document.head.append(element);
    };
    for (const link of document.querySelectorAll('link[rel="app-preload"]'))
      add('link', { rel: 'modulepreload', href: link.href });
    const entry = document.querySelector('link[rel="app-entry"]');
    if (entry) add('script', { type: 'module', src: entry.href });
  };
  document.addEventListener('DOMContentLoaded', () => {
    // After the first frame (the view, or with it hidden the header); a tab opened in the
    // background draws no frame until shown, and starts a second later all the same.
    requestAnimationFrame(() => setTimeout(startApp, 0));
    setTimeout(startApp, 1000);
  });
})();
