/**
 * A server-sent events response (signage boards, the console's live arrivals): the headers that keep
 * proxies from holding events back, a client a feed writes to, which drops a connection too slow to
 * follow (it reconnects), and an end that runs once however the stream stops.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What a feed writes to. */
export type EventStreamClient = { write(chunk: string): void; end(): void };

/** A stream whose socket holds this much unsent data is too slow to follow; it reconnects. */
const MAX_BUFFERED_BYTES = 1_000_000;

/**
 * Takes over the reply as an event stream and subscribes its client. `subscribe` answers how to
 * unsubscribe; `lifetimeMs` ends the stream after a while (the browser opens it again, with the
 * request's checks run again); `retryMs` tells the browser how soon to reconnect.
 */
export async function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  subscribe: (client: EventStreamClient) => Promise<() => void>,
  options: { lifetimeMs?: number; retryMs?: number } = {},
): Promise<void> {
  reply.hijack();
  const socket = reply.raw;
  socket.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies must pass events on as they come.
    'x-accel-buffering': 'no',
  });
  let isOpen = true;
  const client: EventStreamClient = {
    write(chunk) {
      if (!isOpen) return;
      if (socket.writableLength > MAX_BUFFERED_BYTES) {
        socket.destroy();
        return;
      }
      socket.write(chunk);
    },
    end() {
      isOpen = false;
      socket.end();
    },
  };
  if (options.retryMs !== undefined) socket.write(`retry: ${options.retryMs}\n\n`);
  request.raw.socket.setNoDelay(true);
  const unsubscribe = await subscribe(client);
  const lifetime = options.lifetimeMs === undefined ? null : setTimeout(() => client.end(), options.lifetimeMs);
  const onClose = () => {
    isOpen = false;
    if (lifetime) clearTimeout(lifetime);
    unsubscribe();
  };
  if (request.raw.destroyed || socket.destroyed) onClose();
  else socket.on('close', onClose);
}
