import { GENERIC_ERROR } from '@storefront/domain/errors/catalogue';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { bootstrap } from './app/bootstrap.ts';
import { sharePageNonce } from './app/page-nonce.ts';
import { createAppRouter } from './app/router.tsx';
import { AppContext } from './lib/app-context.tsx';
import { catalogueQueries } from './lib/catalogue-queries.ts';
import { createFailureRouter, FailureRouterContext } from './lib/errors/route-failure.ts';
import { hasFirstView } from './lib/first-answer.ts';
import { preloadDialog } from './ui/dialog/dialog-host.tsx';
import { showToast } from './ui/toast/toast-store.ts';
// The page-wide styles, in cascade order.
import './app/base.css';
import './app/shell.css';
import './app/content.css';
import './app/footer.css';
import './app/step-bar.css';
import './app/overlays.css';
import './app/product-list.css';
import './app/stack-form.css';
// The order page's styles: its first view paints from the page's own CSS, before any chunk loads.
import './ui/order-steps.css';
import './ui/order-choices.css';
import './ui/calendar.css';
import './ui/quantities.css';
import './ui/order-summary.css';
// The ticket screens' styles: a ticket's first view (first-view-guard.js) paints with them too.
import './features/tickets/ticket-card.css';
import './features/tickets/share.css';
import './features/tickets/check-in.css';
import './features/tickets/receipt.css';

sharePageNonce();
const rootElement = document.getElementById('root') as HTMLElement;
const root = createRoot(rootElement);

async function start() {
  const started = await bootstrap(import.meta.env.DEV);
  if (started.kind === 'redirecting') return;
  const { i18n, products } = started;
  // The server's static first view stays until the app's first render replaces it in one commit.
  const startsFromFirstView = hasFirstView(rootElement);
  const app = { ...started.app, startsFromFirstView };
  const router = createAppRouter({ isStartMailConfirmOnly: app.config.isStartMailConfirmOnly });
  const routeFailure = createFailureRouter(app, {
    current: () => `${router.state.location.pathname}${router.state.location.search}`,
    go: (path, options) => void router.navigate(path, options),
  });
  const queryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.showsOwnFailure?.(error)) routeFailure(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (!mutation.meta?.routesOwnFailure) routeFailure(error);
      },
    }),
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  // Loaded during start-up: the layout must not fetch them again.
  queryClient.setQueryData(catalogueQueries.configuration(app).queryKey, app.config);
  queryClient.setQueryData(catalogueQueries.languages(app).queryKey, app.languages);
  if (products) queryClient.setQueryData(catalogueQueries.products(app).queryKey, products);

  // A toast cached by an earlier page load is shown once, then forgotten.
  const cached = app.session.get('toastCacheMessage');
  if (cached) {
    app.session.remove('toastCacheMessage');
    showToast(cached);
  }

  // Over the static first view, the first render waits for the screen's code: a render without it
  // would show an empty page in between.
  if (startsFromFirstView) await routerReady(router);
  // As a transition, React renders in slices and lets the browser answer taps in between; the
  // page already shows the first view (or the header), so nothing waits on the render.
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <AppContext.Provider value={app}>
            <FailureRouterContext.Provider value={routeFailure}>
              <QueryClientProvider client={queryClient}>
                <RouterProvider router={router} />
              </QueryClientProvider>
            </FailureRouterContext.Provider>
          </AppContext.Provider>
        </I18nextProvider>
      </StrictMode>,
    ),
  );
  setTimeout(preloadDialog, 0);
}

/** Resolves once the router has loaded the first screen's code. */
function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** Start-up failed (no connection): the generic message in the browser's language, and a retry. */
function showStartFailure() {
  const lang = navigator.language.toLowerCase().startsWith('ja') ? 'ja' : 'en';
  const message = GENERIC_ERROR[lang];
  rootElement.innerHTML = '';
  const section = document.createElement('section');
  section.className = 'page';
  section.setAttribute('role', 'alert');
  const heading = document.createElement('h1');
  heading.textContent = message.title;
  const text = document.createElement('p');
  text.textContent = message.text;
  const retry = document.createElement('button');
  retry.className = 'button button-primary';
  retry.textContent = message.ok;
  retry.addEventListener('click', () => window.location.reload());
  section.append(heading, text, retry);
  rootElement.append(section);
}

start().catch(showStartFailure);
