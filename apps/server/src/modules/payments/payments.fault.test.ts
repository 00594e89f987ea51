/**
 * The server process dies (SIGKILL) after the provider captured a payment and before the visitor's
 * return turned it into tickets. The next process to start finishes the order: paid ⇒ tickets,
 * nothing twice. Runs on PostgreSQL, which outlives the killed process (PGlite lives inside it).
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { CUSTOMER, freshSlot, orderBody } from '../../../test/orders.ts';
import { card } from '../../../test/payments.ts';
import { answerGatewayPage, clientOf, freePort, startServer } from '../../../test/server-process.ts';
import { rows } from '../../db/rows.ts';
import { seedCatalogue } from '../../db/seed.ts';
import { SANDBOX_CARDS } from './providers/sandbox-gateway.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('payments when the server is killed [postgres]', () => {
  let database: TestDatabase;
  let server: ChildProcess | null = null;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedCatalogue(database.db, { days: 5, variants: ['demo'] });
  }, 120_000);
  afterAll(async () => {
    server?.kill('SIGKILL');
    await database?.dispose();
  });

  it('SIGKILL between the capture and the tickets: the next process completes the order once', async () => {
    const port = await freePort();
    server = await startServer(database.url ?? '', port);
    let call = await clientOf(port);

    const slot = await freshSlot(database.db, 'demo', 10);
    const created = await call('POST', 'orders', orderBody(slot, 2));
    const token = created.body.order_token ?? '';
    expect((await call('PUT', `orders/${token}`, { customer_info: CUSTOMER, payment_method: 'gmo_3ds' })).status).toBe(200);
    const started = await call('POST', `orders/checkout/${token}`, {
      payment_method: 'gmo_3ds',
      card: card(SANDBOX_CARDS.success),
    });
    expect(started.body.status).toBe('requires_action');
    // The visitor passes the challenge: the gateway has the money …
    expect(await answerGatewayPage(started.body.redirect_url ?? '', 'pass')).toBe(303);
    // … and the shop's process dies before the visitor's browser comes back.
    server.kill('SIGKILL');
    await once(server, 'exit');
    const [before] = await rows<{ status: string }>(
      database.db,
      sql`select status from orders where time_span_id = ${slot.timeSpanId}`,
    );
    expect(before?.status).toBe('paying');

    server = await startServer(database.url ?? '', port);
    call = await clientOf(port);
    const until = Date.now() + 30_000;
    let order: { status: string; tickets: number } | undefined;
    while (Date.now() < until) {
      [order] = await rows<{ status: string; tickets: number }>(
        database.db,
        sql`select o.status, (select count(*)::int from tickets k where k.order_id = o.id) as tickets
            from orders o where o.time_span_id = ${slot.timeSpanId}`,
      );
      if (order?.status === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(order).toEqual({ status: 'completed', tickets: 2 });

    // The browser's return arrives at last: the same reservation, no second set of tickets.
    const late = await call('POST', 'gmo-secure/exe-payment', { md: started.body.payment_number });
    expect(late.body.status).toBe('completed');
    const [after] = await rows<{ tickets: number; captures: number; sold: number }>(
      database.db,
      sql`select (select count(*)::int from tickets k join orders o on o.id = k.order_id where o.time_span_id = ${slot.timeSpanId}) as tickets,
                 (select count(*)::int from payment_events e join payments p on p.id = e.payment_id
                    where p.payment_number = ${started.body.payment_number} and e.kind = 'captured') as captures,
                 (select sold from product_time_spans where id = ${slot.timeSpanId}) as sold`,
    );
    expect(after).toEqual({ tickets: 2, captures: 1, sold: 2 });
  }, 180_000);
});
