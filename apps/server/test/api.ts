import type { FastifyInstance } from 'fastify';

type Json = Record<string, unknown>;
export type ApiResponse<T = Json> = { status: number; body: T };

/**
 * Calls the API as the storefront does: it picks up the XSRF cookie from a first GET and sends it
 * back with the header on every state-changing call.
 */
export function apiFor(app: FastifyInstance, site: string) {
  let xsrf: string | null = null;
  async function token(): Promise<string> {
    if (xsrf) return xsrf;
    const response = await app.inject({ method: 'GET', url: `/${site}/api/v1/configurations` });
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    if (!cookie) throw new Error('no XSRF cookie was set');
    xsrf = cookie.value;
    return xsrf;
  }
  async function call<T = Json>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = {};
    if (method !== 'GET') {
      const value = await token();
      headers.cookie = `XSRF-TOKEN=${value}`;
      headers['x-xsrf-token'] = value;
    }
    const response = await app.inject({
      method,
      url: `/${site}/api/v1/${path}`,
      headers,
      ...(body === undefined ? {} : { payload: body as Json }),
    });
    return { status: response.statusCode, body: (response.body ? response.json() : null) as T };
  }
  return {
    get: <T = Json>(path: string) => call<T>('GET', path),
    post: <T = Json>(path: string, body?: unknown) => call<T>('POST', path, body ?? {}),
    put: <T = Json>(path: string, body?: unknown) => call<T>('PUT', path, body ?? {}),
    delete: <T = Json>(path: string) => call<T>('DELETE', path),
  };
}
