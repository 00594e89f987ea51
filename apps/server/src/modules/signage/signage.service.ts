/**
 * The signage board's live feed. Every screen of a site shares one channel: while a site has
 * screens connected, its board is loaded once per `pollMs` (sales made by other server processes
 * show within that) and at once after a sale in this process; a board that changed is written to
 * every screen as a server-sent event. A heartbeat event lets screens tell a live connection from
 * a dead one.
 */

import { createHash } from 'node:crypto';
import { SignageBoard } from '@storefront/domain/api/signage';
import { clock } from '../../lib/clock.ts';
import type { Site } from '../sites/site.ts';

/** One connected screen: where its events go. */
export type SignageClient = { write(chunk: string): void; end(): void };

type Board = { version: string; json: string };
type Channel = {
  site: Site;
  clients: Set<SignageClient>;
  board: Board | null;
  poll: ReturnType<typeof setInterval> | null;
  refreshing: Promise<void> | null;
  again: boolean;
};

export type SignageServiceOptions = {
  loadBoard: (site: Site) => Promise<Omit<SignageBoard, 'version'>>;
  /** How often a site with screens is looked at for sales made elsewhere. */
  pollMs?: number;
  heartbeatMs?: number;
  /** How long a board served without a live channel may be reused. */
  cacheMs?: number;
  onError?: (error: unknown) => void;
};

/** Browsers wait this long before reconnecting after a dropped connection. */
const RECONNECT_MS = 2_000;

const boardEvent = (board: Board) => `event: board\nid: ${board.version}\ndata: ${board.json}\n\n`;

export function createSignageService(options: SignageServiceOptions) {
  const pollMs = options.pollMs ?? 1_000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const cacheMs = options.cacheMs ?? 800;
  const channels = new Map<number, Channel>();
  const loose = new Map<number, { at: number; board: Promise<Board> }>();
  let isClosed = false;

  async function load(site: Site): Promise<Board> {
    const content = await options.loadBoard(site);
    const version = createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 16);
    const board = SignageBoard.parse({ ...content, version });
    return { version, json: JSON.stringify(board) };
  }

  function broadcast(channel: Channel, chunk: string) {
    for (const client of channel.clients) client.write(chunk);
  }

  /** Loads the board again; a request during a load runs one more load after it (it may miss a sale otherwise). */
  function refresh(channel: Channel): Promise<void> {
    if (channel.refreshing) {
      channel.again = true;
      return channel.refreshing;
    }
    channel.refreshing = (async () => {
      do {
        channel.again = false;
        try {
          const next = await load(channel.site);
          if (next.version !== channel.board?.version) {
            channel.board = next;
            broadcast(channel, boardEvent(next));
          }
        } catch (error) {
          // The database may be away for a moment; the next poll tries again.
          options.onError?.(error);
        }
      } while (channel.again && !isClosed);
    })().finally(() => {
      channel.refreshing = null;
    });
    return channel.refreshing;
  }

  const heartbeat = setInterval(() => {
    const chunk = `event: ping\ndata: ${clock.nowMs()}\n\n`;
    for (const channel of channels.values()) broadcast(channel, chunk);
  }, heartbeatMs);
  heartbeat.unref();

  return {
    /** Connects a screen: it gets the current board at once, then every change. Returns the way to disconnect it. */
    async subscribe(site: Site, client: SignageClient): Promise<() => void> {
      let channel = channels.get(site.id);
      if (!channel) {
        channel = { site, clients: new Set(), board: null, poll: null, refreshing: null, again: false };
        channels.set(site.id, channel);
      }
      const own = channel;
      client.write(`retry: ${RECONNECT_MS}\n\n`);
      if (!own.board) await refresh(own);
      own.clients.add(client);
      if (own.board) client.write(boardEvent(own.board));
      if (!own.poll) {
        own.poll = setInterval(() => void refresh(own), pollMs);
        own.poll.unref();
      }
      return () => {
        own.clients.delete(client);
        if (own.clients.size === 0 && own.poll) {
          clearInterval(own.poll);
          channels.delete(site.id);
        }
      };
    },

    /** The current board of a site (for a plain GET): the live channel's, or a load shared for `cacheMs`. */
    async board(site: Site): Promise<Board> {
      const live = channels.get(site.id)?.board;
      if (live) return live;
      const hit = loose.get(site.id);
      if (hit && performance.now() - hit.at < cacheMs) return hit.board;
      const board = load(site);
      loose.set(site.id, { at: performance.now(), board });
      board.catch(() => loose.delete(site.id));
      return board;
    },

    /** Stock changed in this process: every live channel looks again now. */
    stockChanged(): void {
      loose.clear();
      for (const channel of channels.values()) void refresh(channel);
    },

    /** How many screens are connected (all sites). */
    connections(): number {
      let count = 0;
      for (const channel of channels.values()) count += channel.clients.size;
      return count;
    },

    /** Ends every stream, so the server can close. */
    close(): void {
      isClosed = true;
      clearInterval(heartbeat);
      for (const channel of channels.values()) {
        if (channel.poll) clearInterval(channel.poll);
        for (const client of channel.clients) client.end();
        channel.clients.clear();
      }
      channels.clear();
    },
  };
}

export type SignageService = ReturnType<typeof createSignageService>;
