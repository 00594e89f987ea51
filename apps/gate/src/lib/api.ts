/**
 * The scanner's HTTP client: JSON under `/console/api/v1`. A paired device sends its token
 * (`Authorization: Bearer`); a staff member's browser sends the console's session cookie. Every
 * state-changing call echoes the XSRF cookie in its header. A call the network did not carry
 * becomes a NetworkError, so the scanner can decide offline.
 */
import { DEVICE_AUTH_SCHEME } from './contract.ts';

const API_BASE = '/console/api/v1';

export class NetworkError extends Error {
  constructor() {
    super('network error');
    this.name = 'NetworkError';
  }
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly field: string | null;
  constructor(status: number, body: { error?: string; field?: string } | null) {
    super(body?.error ?? `request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.error ?? null;
    this.field = body?.field ?? null;
  }
}

const XSRF_COOKIE = 'XSRF-TOKEN';

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/**
 * The XSRF cookie comes with a page from the server; a page the service worker served came
 * without one, so one is asked for when the browser has none.
 */
async function xsrfToken(): Promise<string> {
  let token = readCookie(XSRF_COOKIE);
  if (!token) {
    await fetch('/gate/xsrf', { credentials: 'same-origin', cache: 'no-store' });
    token = readCookie(XSRF_COOKIE);
  }
  return token ?? '';
}

/** Answers a gateway gives when the server behind it is down: as good as no network. */
const UNREACHABLE = new Set([502, 503, 504]);

export async function api<T>(
  path: string,
  options: { method?: 'GET' | 'POST'; body?: unknown; token?: string | null; query?: Record<string, string | undefined> } = {},
): Promise<T> {
  const method = options.method ?? 'GET';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) if (value) search.set(key, value);
  const url = `${API_BASE}/${path}${search.size > 0 ? `?${search}` : ''}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `${DEVICE_AUTH_SCHEME} ${options.token}`;
  let response: Response;
  try {
    if (method !== 'GET') {
      headers['content-type'] = 'application/json';
      headers['x-xsrf-token'] = await xsrfToken();
    }
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new NetworkError();
  }
  if (UNREACHABLE.has(response.status)) throw new NetworkError();
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, (body as { error?: string; field?: string } | null) ?? null);
  return body as T;
}

export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError;
export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
