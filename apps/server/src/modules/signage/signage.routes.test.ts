import { todayIn } from '@storefront/domain/dates';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { buildTestApp } from '../../../test/app.ts';
import { wallClock } from '../../../test/clock.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { serverSentEvents } from '../../../test/event-stream.ts';
import { type SpotSlot, todaySpotSlot } from '../../../test/spot.ts';
import { clock } from '../../lib/clock.ts';

type Board = {
  date: string;
  version: string;
  products: { uuid: string; name: Record<string, string>; timeSpans: { id: number; remaining: number }[] }[];
};

const remainingOf = (board: Board, id: number) =>
  board.products.flatMap((p) => p.timeSpans).find((span) => span.id === id)?.remaining;

const events = serverSentEvents;

describeEachEngine(
  'signage API',
  (ctx) => {
    let app: FastifyInstance;
    let api: ReturnType<typeof apiFor>;
    let slot: SpotSlot;
    beforeAll(async () => {
      app = await buildTestApp(ctx.db);
      api = apiFor(app, 'demo');
      slot = await todaySpotSlot(ctx.db, 'demo', 30);
    });
    afterAll(async () => {
      await app.close();
    });

    async function sell(quantity: number) {
      const qr = await api.get<{ qr_token: string }>(`spot/qr/${slot.productUuid}`);
      const order = await api.post('spot/orders', {
        lang: 'en',
        qr_token: qr.body.qr_token,
        product_uuid: slot.productUuid,
        time_span_id: slot.timeSpanId,
        quantity,
        option_values: [{ option_value_id: slot.adultOptionId, quantity }],
      });
      expect(order.status).toBe(201);
    }

    it('shows today’s slots still to come with names in every language, and answers 304 while nothing changed', async () => {
      const first = await app.inject({ method: 'GET', url: '/demo/api/v1/signage/today' });
      expect(first.statusCode).toBe(200);
      const board = first.json() as Board;
      expect(board.date).toBe(todayIn('Asia/Tokyo', clock.now()));
      expect(remainingOf(board, slot.timeSpanId)).toBe(30);
      expect(Object.keys(board.products[0]?.name ?? {})).toEqual(expect.arrayContaining(['ja', 'en', 'th']));
      expect(first.headers.etag).toBe(`"${board.version}"`);
      const again = await app.inject({
        method: 'GET',
        url: '/demo/api/v1/signage/today',
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);

      await sell(2);
      const after = await app.inject({
        method: 'GET',
        url: '/demo/api/v1/signage/today',
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect(after.statusCode).toBe(200);
      expect(remainingOf(after.json() as Board, slot.timeSpanId)).toBe(28);
    });

    it('answers 404 for a site that does not exist', async () => {
      const response = await app.inject({ method: 'GET', url: '/nowhere/api/v1/signage/today' });
      expect(response.statusCode).toBe(404);
    });

    it('streams the board at once and again after each sale', async () => {
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const controller = new AbortController();
      const response = await fetch(`${address}/demo/api/v1/signage/events`, { signal: controller.signal });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const stream = events(response.body as ReadableStream<Uint8Array>);
      const boards = async () => {
        for (;;) {
          const next = await stream.next();
          if (next.done) throw new Error('the stream ended');
          if (next.value.event === 'board') return JSON.parse(next.value.data) as Board;
        }
      };
      const initial = await boards();
      const before = remainingOf(initial, slot.timeSpanId) as number;
      await sell(3);
      let board = await boards();
      while (remainingOf(board, slot.timeSpanId) === before) board = await boards();
      expect(remainingOf(board, slot.timeSpanId)).toBe(before - 3);
      controller.abort();
    });
  },
  // The board is today's slots still to come: at 10:00 at the venue whatever the hour the suite runs.
  { at: () => wallClock('10:00') },
);
