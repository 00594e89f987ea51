/**
 * Keeps a lobby screen's board current by itself, for days: server-sent events while they work,
 * a fresh connection when they stop (a dropped network, a server restart, a proxy that answered
 * with an error), and a check that something arrived lately (boards or heartbeats), since a dead
 * connection can look open. Where EventSource is missing, the board is polled with its ETag.
 */
import type { SignageBoard } from '@storefront/domain/api/signage';

export type FeedState = 'connecting' | 'live' | 'reconnecting';

export type FeedHandlers = {
  onBoard(board: SignageBoard): void;
  /** Something arrived: the screen is known to be current at this moment. */
  onAlive(at: number): void;
  onState(state: FeedState): void;
};

export type FeedOptions = {
  /** Nothing for this long (the server's heartbeat is 15 s) means the connection is dead. */
  silenceMs?: number;
  /** Waits before reconnecting: doubling from the first to the last. */
  backoffMs?: readonly [number, number];
  pollMs?: number;
  /** For tests: the browser's EventSource, fetch and timers. */
  EventSource?: typeof EventSource | undefined;
  fetch?: typeof fetch;
  now?: () => number;
};

/** Connects to the board of a site's API base (`/<site>/api/v1`); returns the way to stop. */
export function followBoard(apiBase: string, handlers: FeedHandlers, options: FeedOptions = {}): () => void {
  const silenceMs = options.silenceMs ?? 40_000;
  const [firstWait, lastWait] = options.backoffMs ?? [1_000, 30_000];
  const Source = 'EventSource' in options ? options.EventSource : globalThis.EventSource;
  const load = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.now ?? Date.now;

  let stopped = false;
  let source: EventSource | null = null;
  let wait = firstWait;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let lastHeard = now();
  let etag: string | null = null;

  const alive = () => {
    lastHeard = now();
    handlers.onAlive(lastHeard);
  };

  function open() {
    if (stopped || !Source) return;
    source?.close();
    const current = new Source(`${apiBase}/signage/events`);
    source = current;
    current.onopen = () => {
      wait = firstWait;
      handlers.onState('live');
      alive();
    };
    current.addEventListener('board', (event) => {
      handlers.onBoard(JSON.parse((event as MessageEvent<string>).data) as SignageBoard);
      alive();
    });
    current.addEventListener('ping', alive);
    current.onerror = () => {
      if (stopped || source !== current) return;
      handlers.onState('reconnecting');
      // The browser reconnects by itself after a network error, but gives up for good after an
      // HTTP error (a proxy's 502 during a restart): then a new connection is made here.
      if (current.readyState === 2) reconnectLater();
    };
  }

  function reconnectLater() {
    source?.close();
    source = null;
    if (retry || stopped) return;
    retry = setTimeout(() => {
      retry = null;
      open();
    }, wait);
    wait = Math.min(wait * 2, lastWait);
  }

  async function poll() {
    try {
      const response = await load(`${apiBase}/signage/today`, { headers: etag ? { 'If-None-Match': etag } : {} });
      if (response.status === 200) {
        etag = response.headers.get('etag');
        handlers.onBoard((await response.json()) as SignageBoard);
      }
      if (response.status === 200 || response.status === 304) {
        handlers.onState('live');
        alive();
      } else handlers.onState('reconnecting');
    } catch {
      handlers.onState('reconnecting');
    }
  }

  handlers.onState('connecting');
  let timer: ReturnType<typeof setInterval>;
  if (Source) {
    open();
    // A connection that has gone quiet is replaced.
    timer = setInterval(
      () => {
        if (now() - lastHeard > silenceMs) {
          handlers.onState('reconnecting');
          lastHeard = now();
          reconnectLater();
        }
      },
      Math.min(5_000, silenceMs / 2),
    );
  } else {
    void poll();
    timer = setInterval(() => void poll(), options.pollMs ?? 3_000);
  }
  const onOnline = () => {
    if (!Source) return void poll();
    wait = firstWait;
    if (retry) clearTimeout(retry);
    retry = null;
    open();
  };
  globalThis.addEventListener?.('online', onOnline);

  return () => {
    stopped = true;
    clearInterval(timer);
    if (retry) clearTimeout(retry);
    source?.close();
    globalThis.removeEventListener?.('online', onOnline);
  };
}
