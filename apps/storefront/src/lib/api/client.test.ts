import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activity } from './activity.ts';
import { ApiError, createApiClient } from './client.ts';

type Call = { url: string; init: RequestInit };

function stubFetch(respond: (call: Call) => Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (url: URL, init: RequestInit) => {
    const call = { url: String(url), init };
    calls.push(call);
    return respond(call);
  });
  return calls;
}

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

/** A fetch that waits until its signal aborts, as a slow server would. */
const hang = (call: Call) =>
  new Promise<Response>((_, reject) => {
    call.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

describe('API client', () => {
  beforeEach(() => {
    activity.set({ gets: 0, others: 0, lastErrorResponse: null });
    // biome-ignore lint/suspicious/noDocumentCookie: the client reads this very cookie
    document.cookie = 'XSRF-TOKEN=abc%20123';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    // biome-ignore lint/suspicious/noDocumentCookie: the client reads this very cookie
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('calls the site prefix with the query and parses JSON', async () => {
    const calls = stubFetch(() => json(200, [{ id: 'ja' }]));
    const api = createApiClient('/demo/api/v1');
    expect(await api.get('products', { query: { lang: 'en', empty: undefined } })).toEqual([{ id: 'ja' }]);
    expect(new URL(calls[0]?.url ?? '').pathname).toBe('/demo/api/v1/products');
    expect(new URL(calls[0]?.url ?? '').search).toBe('?lang=en');
  });

  it('sends the XSRF cookie back as a header on state-changing calls only', async () => {
    const calls = stubFetch(() => json(200, {}));
    const api = createApiClient('/demo/api/v1');
    await api.get('langs');
    await api.post('orders', { quantity: 1 });
    const headers = calls.map((c) => c.init.headers as Record<string, string>);
    expect(headers[0]?.['X-XSRF-TOKEN']).toBeUndefined();
    expect(headers[1]?.['X-XSRF-TOKEN']).toBe('abc 123');
    expect(calls[1]?.init.body).toBe('{"quantity":1}');
  });

  it('turns a non-2xx answer into an error carrying the body, and keeps the body', async () => {
    stubFetch(() => json(409, { error: 'out of stock', can_retry: false }));
    const error = await createApiClient('/demo/api/v1')
      .post('orders', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'status', status: 409, message: 'Request failed with status code 409' });
    expect((error as ApiError).body).toEqual({ error: 'out of stock', can_retry: false });
    expect(activity.get().lastErrorResponse).toEqual({ error: 'out of stock', can_retry: false });
  });

  it('reports a failed connection as Network Error', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(createApiClient('/x').get('langs')).rejects.toMatchObject({ kind: 'network', message: 'Network Error' });
  });

  it('gives up after the timeout it is given', async () => {
    stubFetch(hang);
    await expect(createApiClient('/x').post('orders/checkout/1', {}, { timeoutMs: 30 })).rejects.toMatchObject({
      kind: 'timeout',
      message: 'timeout of 30ms exceeded',
    });
  });

  it('can be cancelled by the caller', async () => {
    stubFetch(hang);
    const controller = new AbortController();
    const request = createApiClient('/x').get('langs', { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toMatchObject({ kind: 'aborted', message: 'Request aborted' });
  });

  it('counts GET requests apart from the others while they are in flight', async () => {
    let release: () => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (release = () => resolve(new Response('{}', { status: 200 })))));
    const api = createApiClient('/x');
    const pending = api.get('langs');
    expect(activity.get()).toMatchObject({ gets: 1, others: 0 });
    release();
    await pending;
    const posting = api.post('orders', {});
    expect(activity.get()).toMatchObject({ gets: 0, others: 1 });
    release();
    await posting;
    expect(activity.get()).toMatchObject({ gets: 0, others: 0 });
  });
});
