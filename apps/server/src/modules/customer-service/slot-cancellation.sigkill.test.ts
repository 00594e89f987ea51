/**
 * The slot-cancel job survives a server killed in the middle (decision 018), with real server
 * processes on one PostgreSQL database: a slot of 400 paid orders is called off, the process
 * working the job is killed with SIGKILL once some orders are done, a new process is started,
 * and the job finishes. Every order is cancelled and refunded exactly once at the gateway, every
 * visitor is mailed once, every place comes back once, and refunds the gateway refuses are failed
 * and listed, never retried into a second refund.
 */
import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff } from '../../../test/console.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { freshSlot, slotCounters } from '../../../test/orders.ts';
import { seedPaidOrders } from '../../../test/paid-orders.ts';
import { freePort, startServer } from '../../../test/server-process.ts';
import { rows } from '../../db/rows.ts';
import { seedCatalogue } from '../../db/seed.ts';
import { findSiteById } from '../sites/find-site.ts';
import { startSlotCancellation } from './cancel-slots.ts';

// Enough that the killed process leaves most of the job undone (it is killed at 100), and that one
// in forty refused by the gateway makes ten; 1,200 took a minute of the suite for the same checks.
const ORDERS = 400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL)('the slot-cancel job across a killed server [postgres]', () => {
  let database: TestDatabase;
  const servers: ChildProcess[] = [];
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedCatalogue(database.db, { days: 5, variants: ['demo'] });
  }, 180_000);
  afterAll(async () => {
    for (const server of servers) server.kill('SIGKILL');
    await database?.dispose();
  });

  const itemCounts = async (jobId: string) =>
    (
      await rows<{ done: number; pending: number; status: string }>(
        database.db,
        sql`select (count(*) filter (where i.status <> 'pending'))::int as done,
                   (count(*) filter (where i.status = 'pending'))::int as pending, j.status
            from background_jobs j join background_job_items i on i.job_id = j.id
            where j.id = ${jobId} group by j.status`,
      )
    )[0];

  it('finishes after a SIGKILL with every order refunded and mailed exactly once', async () => {
    const db = database.db;
    const slot = await freshSlot(db, 'demo', 10, 1);
    const [site] = await rows<{ id: number }>(db, sql`select id from sites where code = 'demo'`);
    const orderIds = await seedPaidOrders(db, {
      siteId: site?.id ?? 0,
      productId: slot.productId,
      optionId: slot.adultOptionId,
      timeSpanId: slot.timeSpanId,
      count: ORDERS,
      refusedEvery: 40,
      label: 'sigkill',
    });
    const admissions = (await slotCounters(db, slot.timeSpanId)).sold;
    const manager = await makeStaff(db, { name: 'Manager' });
    const demo = await findSiteById(db, site?.id ?? 0);
    if (!demo) throw new Error('no demo venue');

    // Started as the console starts it; no worker in this process.
    const started = await startSlotCancellation(
      { db, catalogueChanges: { changed: () => {}, poll: async () => false, stop: () => {} }, kick: () => {} },
      demo,
      { type: 'staff', id: manager.id, label: manager.email, clientIp: null },
      { selection: { slot_ids: [slot.timeSpanId] }, reason: 'Flooded hall' },
    );
    expect(started.orders.total).toBe(ORDERS);

    const first = await startServer(database.url ?? '', await freePort());
    servers.push(first);
    // Killed once it is well under way: some orders done, most not.
    let atKill = 0;
    for (const until = Date.now() + 120_000; Date.now() < until; await sleep(20)) {
      atKill = (await itemCounts(started.id))?.done ?? 0;
      if (atKill >= 100) break;
    }
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const stopped = await itemCounts(started.id);
    expect(atKill).toBeGreaterThanOrEqual(100);
    expect(stopped?.pending, 'the killed process had not finished the job').toBeGreaterThan(0);

    servers.push(await startServer(database.url ?? '', await freePort()));
    for (const until = Date.now() + 180_000; ; await sleep(200)) {
      const counts = await itemCounts(started.id);
      if (counts?.status === 'done') break;
      if (Date.now() > until) throw new Error(`the job did not finish: ${JSON.stringify(counts)}`);
    }
    // Refunds the killed process wrote but never asked for are asked by the new one's start-up run.
    for (const until = Date.now() + 60_000; ; await sleep(200)) {
      const [pending] = await rows<{ n: number }>(db, sql`select count(*)::int as n from refunds where status = 'pending'`);
      if (pending?.n === 0) break;
      if (Date.now() > until) throw new Error(`${pending?.n} refunds are still pending`);
    }

    const [summary] = await rows<{
      items_done: number;
      tickets_left: number;
      orders_without_one_refund: number;
      gateway_double: number;
      gateway_wrong_amount: number;
      refused: number;
      refused_failed: number;
      mails: number;
      orders_without_one_mail: number;
      audits: number;
    }>(
      db,
      sql`with o as (select unnest(${`{${orderIds.join(',')}}`}::uuid[]) as id),
               c as (select o.id, ch.payment_number, ch.amount, ch.refunded_amount, ch.scenario
                     from o join payments p on p.order_id = o.id join sandbox_charges ch on ch.reference = p.provider_reference)
          select
            (select count(*)::int from background_job_items where job_id = ${started.id} and status = 'done') as items_done,
            (select count(*)::int from tickets t join o on o.id = t.order_id where t.status <> 'cancelled') as tickets_left,
            (select count(*)::int from o where (select count(*) from refunds r where r.order_id = o.id) <> 1) as orders_without_one_refund,
            (select count(*)::int from c where (select count(*) from sandbox_charges r where r.payment_number = 'refund:' || c.payment_number) > 1) as gateway_double,
            (select count(*)::int from c where c.scenario = 'success' and c.refunded_amount <> c.amount) as gateway_wrong_amount,
            (select count(*)::int from c where c.scenario = 'refund_fails') as refused,
            (select count(*)::int from c join refunds r on r.order_id = c.id where c.scenario = 'refund_fails' and r.status = 'failed') as refused_failed,
            (select count(*)::int from outbox m join o on o.id = m.order_id where m.kind = 'cancellation_by_venue') as mails,
            (select count(*)::int from o where (select count(*) from outbox m where m.order_id = o.id and m.kind = 'cancellation_by_venue') <> 1) as orders_without_one_mail,
            (select count(*)::int from audit_log a join o on a.object_id = o.id::text where a.action = 'admissions_cancelled') as audits`,
    );
    expect(summary).toMatchObject({
      items_done: ORDERS,
      tickets_left: 0,
      orders_without_one_refund: 0,
      gateway_double: 0,
      gateway_wrong_amount: 0,
      mails: ORDERS,
      orders_without_one_mail: 0,
      audits: ORDERS,
    });
    expect(summary?.refused).toBeGreaterThan(0);
    expect(summary?.refused_failed).toBe(summary?.refused);
    expect((await slotCounters(db, slot.timeSpanId)).sold).toBe(0);
    expect(admissions).toBeGreaterThan(ORDERS);
  }, 420_000);
});
