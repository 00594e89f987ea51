/**
 * The console's one HTTP client: JSON under `/console/api/v1`, the XSRF cookie echoed in the
 * header on every state-changing call, the session cookie sent by the browser. A failure becomes
 * an ApiError carrying the error body's code (`error`), never its prose.
 */

export const API_BASE = '/console/api/v1';

export type ApiErrorBody = { error: string; can_retry?: boolean; field?: string; message?: string };

export class ApiError extends Error {
  /** null when the server could not be reached. */
  readonly status: number | null;
  readonly body: ApiErrorBody | null;
  /** When the call was first sent (ms since the epoch): a refusal speaks of the session as it was then. */
  readonly sentAt: number;
  constructor(status: number | null, body: ApiErrorBody | null, sentAt = Date.now()) {
    super(body?.error ?? (status === null ? 'network error' : `request failed with status ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.sentAt = sentAt;
  }
  /** The error's code (`not signed in`, `forbidden`, `invalid request`, …). */
  get code(): string | null {
    return this.body?.error ?? null;
  }
  get field(): string | null {
    return this.body?.field ?? null;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
/** The session is gone (expired, signed out elsewhere): the app goes to sign-in and comes back. */
export const isSignedOut = (error: unknown) => isApiError(error) && error.status === 401 && error.code === 'not signed in';

export type Query = Record<string, string | number | undefined | null>;

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

function toErrorBody(value: unknown): ApiErrorBody | null {
  if (value && typeof value === 'object' && typeof (value as { error?: unknown }).error === 'string') {
    return value as ApiErrorBody;
  }
  return null;
}

/** `path` relative to the API base, with the query's set values. */
export function apiUrl(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return `${API_BASE}/${path.replace(/^\//, '')}${text ? `?${text}` : ''}`;
}

/**
 * How long a read refused as signed out waits before its one retry. When a member's rights change,
 * the first call to arrive gets the session's new secret; a read sent at the same moment with the
 * old one can be refused, and by the time it is retried the browser holds the new secret.
 */
const ROTATION_RETRY_MS = 250;

async function request<T>(
  method: string,
  path: string,
  options: { query?: Query; body?: unknown; file?: Blob } = {},
  firstSentAt: number | null = null,
): Promise<T> {
  const sentAt = firstSentAt ?? Date.now();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.file) headers['Content-Type'] = options.file.type;
  if (method !== 'GET') {
    const token = readCookie(XSRF_COOKIE);
    if (token) headers[XSRF_HEADER] = token;
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      ...(options.file ? { body: options.file } : {}),
    });
  } catch {
    throw new ApiError(null, null, sentAt);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const error = new ApiError(response.status, toErrorBody(body), sentAt);
    if (method === 'GET' && firstSentAt === null && isSignedOut(error)) {
      await new Promise((resolve) => setTimeout(resolve, ROTATION_RETRY_MS));
      return request<T>(method, path, options, sentAt);
    }
    throw error;
  }
  return body as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, query ? { query } : {}),
  post: <T>(path: string, body: unknown = {}) => request<T>('POST', path, { body }),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, { body }),
  delete: <T = void>(path: string) => request<T>('DELETE', path),
  /** Sends a file itself as the body, with its own content type (an image upload). */
  upload: <T>(path: string, file: Blob) => request<T>('POST', path, { file }),
};
