/** The console's providers around its router; main.tsx mounts it, component tests render it. */
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { isApiError, isSignedOut } from '../lib/api/client.ts';
import { paths, withNext } from '../lib/paths.ts';
import { SESSION_KEY } from '../lib/session.ts';
import type { ConsoleRouter } from './router.tsx';

/**
 * Where the router is, below its basename: the address to come back to, as the app's routes name
 * it. (A browser router's state holds the whole path, `/console/account`; navigating to that would
 * lead to `/console/console/account`.)
 */
function appLocation(router: ConsoleRouter): { pathname: string; search: string } {
  const { pathname, search } = router.state.location;
  const base = router.basename?.replace(/\/$/, '') ?? '';
  if (base && (pathname === base || pathname.startsWith(`${base}/`)))
    return { pathname: pathname.slice(base.length) || '/', search };
  return { pathname, search };
}

/**
 * A call answered 401 `not signed in` (the session expired, or was signed out elsewhere): the
 * session is forgotten and the staff member goes to sign-in, coming back here afterwards. A call
 * sent before the app last learnt the session (signed out here, then in again) speaks of an
 * older session, and its refusal changes nothing.
 */
export function createConsoleQueryClient(router: () => ConsoleRouter): QueryClient {
  const onFailure = (error: unknown) => {
    if (!isApiError(error) || !isSignedOut(error)) return;
    if (error.sentAt < (queryClient.getQueryState(SESSION_KEY)?.dataUpdatedAt ?? 0)) return;
    queryClient.setQueryData(SESSION_KEY, null);
    const { pathname, search } = appLocation(router());
    if (pathname === paths.signIn) return;
    void router().navigate(withNext(paths.signIn, `${pathname}${search}`), { replace: true });
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: onFailure }),
    mutationCache: new MutationCache({ onError: onFailure }),
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  return queryClient;
}

export function ConsoleApp(props: { router: ConsoleRouter; queryClient: QueryClient; i18n: i18n }) {
  return (
    <I18nextProvider i18n={props.i18n}>
      <QueryClientProvider client={props.queryClient}>
        <RouterProvider router={props.router} />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
