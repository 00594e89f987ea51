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
  /** A ticket's address (`#/id/{token}` under the tickets prefix), whose first view the server makes on request. */
  let ticket = null;
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
    const token = /^\/id\/([\w-]{16,64})$/.exec(hash)?.[1];
    const isTickets = segments[0] === 'tickets' || segments[1] === 'tickets';
    if (token && isTickets && !otherLanguage && root.dataset.lang) ticket = { token, lang: root.dataset.lang };
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
  /**
   * A ticket's page shows the ticket before the app's code arrives: the server's HTML of the
   * screen (ticket-first-view.ts) goes into the first view's main, and the ticket itself is left
   * for the app's first render (takeFirstTicket in src/lib/first-answer.ts). It is asked for now,
   * while the rest of the page loads. Anything else — no answer in time, a ticket not found —
   * leaves the page to the app, as without this.
   */
  const site = root.dataset.siteCode;
  const address = ticket && site && `/${encodeURIComponent(site)}/api/v1/tickets/${ticket.token}/first-view`;
  const answer = address
    ? Promise.race([
        fetch(`${address}?lang=${encodeURIComponent(ticket.lang)}`, { headers: { accept: 'application/json' } })
          // Read to the end either way: an answer left unread keeps its request open.
          .then((response) => response.json().then((body) => (response.ok ? body : null)))
          .catch(() => null),
        // Past three seconds the app's own start is sooner.
        new Promise((resolve) => setTimeout(resolve, 3000, null)),
      ])
    : Promise.resolve(null);
  const showTicket = async () => {
    const first = await answer;
    const main = document.querySelector('[data-first-view] > main');
    if (!first || !main) return;
    main.innerHTML = first.html;
    delete root.dataset.firstViewHidden;
    window.__storefrontFirstTicket = { ...ticket, ticket: first.ticket };
  };

  document.addEventListener('DOMContentLoaded', () => {
    // After the first frame is drawn (the view, or with it hidden the header); a tab opened in the
    // background draws no frame until shown, and starts a second later all the same. A ticket's
    // page first shows its ticket, so the app's code never competes with the ticket's answer.
    // Two frames: the second begins once the first (with the view) has been drawn.
    showTicket()
      .catch(() => {})
      .finally(() => {
        requestAnimationFrame(() => requestAnimationFrame(startApp));
        setTimeout(startApp, 1000);
      });
  });
})();
