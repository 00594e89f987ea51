/**
 * The double charge, exactly as a visitor (or an attacker) can cause it, across two server
 * processes on one PostgreSQL database: a 3-D Secure attempt cancelled on one process while its
 * challenge is still open, a second card paid on the other, then the first attempt's return. The
 * cancel voids the attempt at the gateway; a gateway that captures it anyway is refunded. Either
 * way one capture is kept per order and every other is refunded (decision 009).
 */
import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { CUSTOMER, freshSlot, orderBody } from '../../../test/orders.ts';
import { card } from '../../../test/payments.ts';
import { answerGatewayPage, clientOf, type ProcessClient, startServers } from '../../../test/server-process.ts';
import { rows } from '../../db/rows.ts';
import { seedCatalogue } from '../../db/seed.ts';
import { SANDBOX_CARDS } from './providers/sandbox-gateway.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('one kept payment across two server processes [postgres]', () => {
  let database: TestDatabase;
  const servers: ChildProcess[] = [];
  let a: ProcessClient;
  let b: ProcessClient;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedCatalogue(database.db, { days: 5, variants: ['demo'] });
    const { processes, ports } = await startServers(database.url ?? '', 2);
    servers.push(...processes);
    a = await clientOf(ports[0] ?? 0);
    b = await clientOf(ports[1] ?? 0);
  }, 180_000);
  afterAll(async () => {
    for (const server of servers) server.kill('SIGKILL');
    await database?.dispose();
  });

  /** Per order: what the gateway kept and refunded, and which payment the ledger says completed it. */
  async function charges(orderToken: string) {
    const found = await rows<{ payment_number: string; gateway: string; ledger: string; completing: boolean }>(
      database.db,
      sql`select p.payment_number, c.status as gateway, p.status as ledger, p.completed_at is not null as completing
          from payments p join orders o on o.id = p.order_id
          left join sandbox_charges c on c.idempotency_key = p.idempotency_key
          where o.id = (select order_id from payments where payment_number = ${orderToken})
          order by p.attempt`,
    );
    return found;
  }

  async function cancelledThenPaidElsewhere(options: { gatewayCapturesAnyway: boolean }) {
    const slot = await freshSlot(database.db, 'demo', 10);
    const created = await a('POST', 'orders', orderBody(slot, 1));
    const token = created.body.order_token ?? '';
    expect((await a('PUT', `orders/${token}`, { customer_info: CUSTOMER, payment_method: 'gmo_3ds' })).status).toBe(200);
    const first = await a('POST', `orders/checkout/${token}`, { payment_method: 'gmo_3ds', card: card(SANDBOX_CARDS.success) });
    expect(first.body.status).toBe('requires_action');
    const p1 = first.body.payment_number ?? '';

    // The cancel arrives at the other process while the challenge is still open at the gateway.
    const cancelled = await b('POST', 'orders/confirmcheckout', { payment_number: p1, status: 'cancel' });
    expect(cancelled.status).toBe(402);
    expect(await answerGatewayPage(first.body.redirect_url ?? '', 'pass')).toBe(303);
    if (options.gatewayCapturesAnyway) {
      await database.db.execute(sql`update sandbox_charges set status = 'captured' where payment_number = ${p1}`);
    }

    const second = await a('POST', `orders/checkout/${token}`, {
      payment_method: 'gmo_3ds',
      card: card(SANDBOX_CARDS.threeDSecure),
    });
    expect(second.body.status).toBe('requires_action');
    const p2 = second.body.payment_number ?? '';
    expect(await answerGatewayPage(second.body.redirect_url ?? '', 'pass')).toBe(303);
    const paid = await b('POST', 'gmo-secure/exe-payment', { md: p2 });
    expect(paid.body.status).toBe('completed');

    // The first attempt's return comes back last, on either process.
    const late = await a('POST', 'gmo-secure/exe-payment', { md: p1 });
    return { p1, p2, late, reservationNumber: paid.body.reservation_number };
  }

  it('a cancel voids the open challenge: passing it later charges nothing; one capture kept', async () => {
    const { p1, p2, late } = await cancelledThenPaidElsewhere({ gatewayCapturesAnyway: false });
    expect(late.status).toBe(402);
    expect(await charges(p1)).toEqual([
      { payment_number: p1, gateway: 'failed', ledger: 'failed', completing: false },
      { payment_number: p2, gateway: 'captured', ledger: 'captured', completing: true },
    ]);
  }, 60_000);

  it('a gateway that captured the cancelled attempt anyway: exactly one capture kept, the other refunded', async () => {
    const { p1, p2, late, reservationNumber } = await cancelledThenPaidElsewhere({ gatewayCapturesAnyway: true });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ status: 'completed', reservation_number: reservationNumber });
    expect(await charges(p1)).toEqual([
      { payment_number: p1, gateway: 'refunded', ledger: 'refunded', completing: false },
      { payment_number: p2, gateway: 'captured', ledger: 'captured', completing: true },
    ]);
  }, 60_000);
});
