import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FeedState, followBoard } from './signage-feed.ts';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeSource {
  static made: FakeSource[] = [];
  readyState = 0;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: { data: string }) => void)[]>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSource.made.push(this);
  }
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  emit(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
  }
  /** What the browser does after an HTTP error (a proxy's 502 while the server restarts): give up. */
  fail() {
    this.readyState = 2;
    this.onerror?.();
  }
}

const board = (remaining: number) =>
  JSON.stringify({
    date: '2026-05-10',
    version: `v${remaining}`,
    lowStockThreshold: 5,
    products: [
      {
        uuid: 'p',
        name: {},
        timeSpans: [{ id: 1, startTime: '10:00', endTime: '10:30', capacity: 9, remaining, status: 'available' }],
      },
    ],
  });

describe('signage feed', () => {
  let clock = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSource.made = [];
    clock = 0;
  });
  afterEach(() => vi.useRealTimers());

  function follow() {
    const boards: number[] = [];
    const states: FeedState[] = [];
    const stop = followBoard(
      '/demo/api/v1',
      {
        onBoard: (b) => boards.push(b.products[0]?.timeSpans[0]?.remaining ?? -1),
        onAlive: () => {},
        onState: (s) => states.push(s),
      },
      {
        EventSource: FakeSource as unknown as typeof EventSource,
        silenceMs: 40_000,
        backoffMs: [1_000, 8_000],
        now: () => clock,
      },
    );
    return { boards, states, stop };
  }

  it('shows each board the stream sends', () => {
    const feed = follow();
    const source = FakeSource.made[0] as FakeSource;
    expect(source.url).toBe('/demo/api/v1/signage/events');
    source.open();
    source.emit('board', board(9));
    source.emit('board', board(7));
    expect(feed.boards).toEqual([9, 7]);
    expect(feed.states).toEqual(['connecting', 'live']);
    feed.stop();
    expect(source.closed).toBe(true);
  });

  it('opens a new connection after the browser gives up, waiting longer each time, and is live again', () => {
    const feed = follow();
    (FakeSource.made[0] as FakeSource).fail();
    expect(feed.states.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(FakeSource.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.made).toHaveLength(2);
    (FakeSource.made[1] as FakeSource).fail();
    vi.advanceTimersByTime(1_999);
    expect(FakeSource.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const third = FakeSource.made[2] as FakeSource;
    third.open();
    third.emit('board', board(3));
    expect(feed.states.at(-1)).toBe('live');
    expect(feed.boards).toEqual([3]);
    feed.stop();
  });

  it('replaces a connection that has gone quiet, since a dead one can look open', () => {
    const feed = follow();
    const first = FakeSource.made[0] as FakeSource;
    first.open();
    clock = 30_000;
    first.emit('ping', '1');
    clock = 60_000;
    vi.advanceTimersByTime(5_000);
    expect(FakeSource.made).toHaveLength(1);
    clock = 71_000;
    vi.advanceTimersByTime(5_000);
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(FakeSource.made).toHaveLength(2);
    feed.stop();
  });

  it('polls the board with its ETag where there is no EventSource', async () => {
    const fetch = vi.fn(async (_url: string, init?: { headers?: Record<string, string> }) =>
      init?.headers?.['If-None-Match'] === '"v5"'
        ? new Response(null, { status: 304 })
        : new Response(board(5), { status: 200, headers: { etag: '"v5"' } }),
    );
    const boards: number[] = [];
    const stop = followBoard(
      '/demo/api/v1',
      { onBoard: (b) => boards.push(b.products[0]?.timeSpans[0]?.remaining ?? -1), onAlive: () => {}, onState: () => {} },
      { EventSource: undefined, fetch: fetch as unknown as typeof globalThis.fetch, pollMs: 3_000 },
    );
    await vi.advanceTimersByTimeAsync(3_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]?.[1]).toEqual({ headers: { 'If-None-Match': '"v5"' } });
    expect(boards).toEqual([5]);
    stop();
  });
});
