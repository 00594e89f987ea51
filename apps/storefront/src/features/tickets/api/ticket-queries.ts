/**
 * TanStack Query options of the ticket screens. The ticket and receipt keys start with
 * `ticketQueryKeys`, so a completed date change forgets them in every language; the share, send and
 * check-in pages read the same ticket entry as the ticket page, so none of them can show the old date.
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api/client.ts';
import type { AppEnvironment } from '../../../lib/app-context.tsx';
import { takeFirstTicket } from '../../../lib/first-answer.ts';
import { ticketQueryKeys } from '../../../lib/ticket-query-keys.ts';
import { ticketsApi } from './tickets-api.ts';

type Env = Pick<AppEnvironment, 'api' | 'lang'>;

/** The server has no ticket for this token (a mistyped or made-up link). */
export function isTicketNotFound(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 404) return false;
  const code = (error.body as { error?: unknown } | null)?.error;
  return code === 'ticket not found' || code === 'record not found';
}

/** How long the ticket the first view came with counts as fresh. */
const FIRST_VIEW_FRESH_MS = 30_000;

export const ticketQueries = {
  ticket: (app: Env, token: string) =>
    queryOptions({
      queryKey: [...ticketQueryKeys.ticket(token), app.lang],
      queryFn: ({ signal }) => ticketsApi(app.api, app.lang).ticket(token, signal),
      // The page's first view came with the ticket: the first render shows it as the view did, and
      // it is not asked for again at once (data no call has answered yet is the first view's).
      initialData: () => takeFirstTicket(token, app.lang),
      staleTime: (query) => (query.state.dataUpdateCount === 0 ? FIRST_VIEW_FRESH_MS : 0),
      enabled: token !== '',
      retry: false,
      // The ticket page says a ticket does not exist itself; a dialog on top would say it twice.
      meta: { showsOwnFailure: isTicketNotFound },
    }),
  /** The booking's money documents, under the receipt key so that a date change forgets them too. */
  documents: (app: Env, token: string) =>
    queryOptions({
      queryKey: [...ticketQueryKeys.receipt(token), 'documents', app.lang],
      queryFn: () => ticketsApi(app.api, app.lang).documents(token),
      enabled: token !== '',
      retry: false,
    }),
  shared: (app: Env, shareToken: string) =>
    queryOptions({
      queryKey: ['shared', shareToken, app.lang],
      queryFn: () => ticketsApi(app.api, app.lang).shared(shareToken),
      retry: false,
    }),
};
