/**
 * Component tests render the whole console (router, providers, screens) and answer its calls at
 * the network edge: `fetch` is replaced by a table of API routes, nothing of the app is mocked.
 */
import type { ConsoleSession } from '@storefront/domain/console/auth';
import { RIGHTS, type Right } from '@storefront/domain/console/rights';
import type { LanguageCode } from '@storefront/domain/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { ConsoleApp, createConsoleQueryClient } from '../app/console-app.tsx';
import { createConsoleRouter } from '../app/router.tsx';
import { API_BASE } from '../lib/api/client.ts';
import { createConsoleI18n } from '../lib/i18n/i18n.ts';

// A screen's code loads on its first visit (route `lazy`): seconds when cold under a full suite's load.
configure({ asyncUtilTimeout: 15_000 });

export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown; headers: Record<string, string> };
export type ApiAnswer = { status: number; body?: unknown };
/** `"METHOD path"` (path below /console/api/v1, no query) → the answer, or a function of the call. */
export type ApiRoutes = Record<string, ApiAnswer | ((call: ApiCall) => ApiAnswer)>;

export function stubApi(routes: ApiRoutes) {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://console.test');
    const path = url.pathname.startsWith(`${API_BASE}/`) ? url.pathname.slice(API_BASE.length + 1) : url.pathname;
    const method = init.method ?? 'GET';
    const call: ApiCall = {
      method,
      path,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    const answer =
      typeof route === 'function' ? route(call) : (route ?? { status: 404, body: { error: 'not found', can_retry: false } });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

/**
 * The console at `path`, in English unless `lang` says otherwise; with `basename` (`/console`),
 * under the app's own address as in a browser.
 */
export function renderConsole(path: string, options: { basename?: string; lang?: LanguageCode } = {}) {
  const router = createConsoleRouter({
    initialEntries: [`${options.basename ?? ''}${path}`],
    ...(options.basename ? { basename: options.basename } : {}),
  });
  const queryClient = createConsoleQueryClient(() => router);
  const view = render(<ConsoleApp router={router} queryClient={queryClient} i18n={createConsoleI18n(options.lang ?? 'en')} />);
  return { ...view, router };
}

/** One part of a screen (a dialog) on its own, with the console's query client and English texts. */
export function renderInConsole(ui: ReactElement) {
  const router = createConsoleRouter({ initialEntries: ['/'] });
  return render(
    <I18nextProvider i18n={createConsoleI18n('en')}>
      <QueryClientProvider client={createConsoleQueryClient(() => router)}>{ui}</QueryClientProvider>
    </I18nextProvider>,
  );
}

export const NOT_SIGNED_IN: ApiAnswer = { status: 401, body: { error: 'not signed in', can_retry: false } };

const ALL_RIGHTS: Right[] = [...RIGHTS];

/** A session as `GET session` answers it; an owner unless told otherwise. */
export function sessionOf(overrides: Partial<ConsoleSession> = {}): ConsoleSession {
  return {
    stage: 'signed_in',
    second_factors: [],
    staff: {
      id: 1,
      email: 'owner@example.com',
      name: 'Olive Owner',
      language: 'en',
      is_owner: true,
      has_totp: true,
      passkey_count: 0,
      recovery_codes_left: 10,
      requires_two_factor: true,
    },
    venues: [
      { id: 1, code: 'harbor', variant: 'harbor', name: 'Harbor Museum', rights: ALL_RIGHTS },
      { id: 2, code: 'lumen', variant: 'cafe-lumen', name: 'Cafe Lumen', rights: ALL_RIGHTS },
    ],
    organisation_rights: ALL_RIGHTS,
    idle_expires_at: '2030-01-01T00:00:00Z',
    expires_at: '2030-01-01T00:00:00Z',
    ...overrides,
  };
}

export const venueSummary = (code: string, name: string) => ({
  id: code === 'harbor' ? 1 : 2,
  code,
  variant: code,
  kind: 'exhibition',
  name: { ja: name, en: name },
  currency: 'JPY',
  time_zone: 'Asia/Tokyo',
});
