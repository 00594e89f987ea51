/**
 * The one HTTP client (SPEC §7): JSON, base = host + site prefix, the XSRF cookie/header pair,
 * cancellable, no timeout unless asked (checkout and 3-D Secure completion use 240,000 ms).
 * Failures become an ApiError whose message is one of the generic client errors of SPEC §8.
 */
import { GENERIC_CLIENT_ERRORS } from '@storefront/domain/errors/catalogue';
import { keepErrorResponse, requestStarted } from './activity.ts';

export type ApiErrorKind = 'network' | 'aborted' | 'timeout' | 'status';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  /** The parsed error body of a non-2xx answer (SPEC §7 error fields), if it had one. */
  readonly body: unknown;
  constructor(kind: ApiErrorKind, message: string, status: number | null = null, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

export type Query = Record<string, string | number | boolean | undefined | null>;

export type RequestOptions = {
  query?: Query;
  body?: unknown;
  /** Milliseconds; 0 (the default) waits as long as it takes. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** More request headers (a staff key, say). */
  headers?: Record<string, string>;
};

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

export type ApiClient = {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
};

export function createApiClient(baseUrl: string): ApiClient {
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const url = new URL(`${baseUrl}/${path.replace(/^\//, '')}`, window.location.origin);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (method !== 'GET') {
      const token = readCookie(XSRF_COOKIE);
      if (token) headers[XSRF_HEADER] = token;
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer =
      options.timeoutMs && options.timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, options.timeoutMs)
        : null;
    const onCallerAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onCallerAbort, { once: true });
    if (options.signal?.aborted) controller.abort();

    const finished = requestStarted(method);
    try {
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers,
          credentials: 'same-origin',
          signal: controller.signal,
          ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        });
      } catch {
        if (timedOut) throw new ApiError('timeout', GENERIC_CLIENT_ERRORS.timeoutExceeded(options.timeoutMs ?? 0));
        if (controller.signal.aborted) throw new ApiError('aborted', GENERIC_CLIENT_ERRORS.requestAborted);
        throw new ApiError('network', GENERIC_CLIENT_ERRORS.networkError);
      }
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      if (!response.ok) {
        keepErrorResponse(body);
        throw new ApiError('status', GENERIC_CLIENT_ERRORS.requestFailed(response.status), response.status, body);
      }
      return body as T;
    } finally {
      finished();
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    }
  }
  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}
