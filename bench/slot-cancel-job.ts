/**
 * The slot-cancel job's figure (part of `npm run bench:console-orders`): PostgreSQL only, on a
 * throwaway database made and dropped by the run, with the demo catalogue.
 *
 * 1. Rate: a slot of 5,000 orders paid through the sandbox gateway is called off and one worker
 *    (4 at once, as a server runs it) cancels, refunds and mails them all. Beside it, in the same
 *    run, the floor: 5,000 bare one-row transactions on the same orders by 4 callers. Goal: ≥ 50
 *    orders/s.
 * 2. A killed server: a second slot of 5,000 orders, worked by a server process that is killed
 *    with SIGKILL a third of the way through, then by a new one. Goal: every order refunded once
 *    at the gateway (0 double refunds) and mailed once.
 */

import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { type DatabaseHandle, openDatabase } from '@storefront/server/db/client';
import { rows } from '@storefront/server/db/rows';
import { seedCatalogue } from '@storefront/server/db/seed';
import { slotCancellationHandler, startSlotCancellation } from '@storefront/server/modules/customer-service/cancel-slots';
import { createJobWorker } from '@storefront/server/modules/jobs/background-jobs';
import { enqueueCancellationNotice } from '@storefront/server/modules/mail/enqueue-order-change-mail';
import { createSandboxGateway } from '@storefront/server/modules/payments/providers/sandbox-gateway';
import { findSiteById } from '@storefront/server/modules/sites/find-site';
import { seedPaidOrders } from '@storefront/server/test/paid-orders';
import { freePort, startServer } from '@storefront/server/test/server-process';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { inThrowawayDatabase } from './throwaway-database.ts';

const ORDERS = Number(process.env.BENCH_JOB_ORDERS ?? 5_000);
const CONCURRENCY = 4;
const GOAL_PER_SECOND = 50;
const RUN_LIMIT_MS = 10 * 60_000;

type Db = DatabaseHandle['db'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const noCatalogueChanges = { changed: () => {}, poll: async () => false, stop: () => {} };
const quiet = { warn: () => {}, error: (obj: object, msg: string) => console.error(msg, obj) };

/** A slot of the demo's with `count` paid orders in it; answers the slot and the orders. */
async function paidSlot(db: Db, offsetDays: number, label: string) {
  const [slot] = await rows<{ site_id: number; product_id: number; option_id: number; id: number }>(
    db,
    sql`select p.site_id, p.id as product_id, o.id as option_id, t.id
        from product_time_spans t join products p on p.id = t.product_id join sites s on s.id = p.site_id
        join lateral (select id from product_options where product_id = p.id and type = 'admission' and price > 0
                      order by position limit 1) o on true
        where s.code = 'demo' and p.type = 'time' and t.date = current_date + ${offsetDays}::int
          and not exists (select 1 from orders x where x.time_span_id = t.id)
        order by t.starts_at limit 1`,
  );
  if (!slot) throw new Error('no demo slot');
  const orderIds = await seedPaidOrders(db, {
    siteId: slot.site_id,
    productId: slot.product_id,
    optionId: slot.option_id,
    timeSpanId: slot.id,
    count: ORDERS,
    refusedEvery: 50,
    label,
  });
  return { siteId: slot.site_id, slotId: slot.id, orderIds };
}

async function start(db: Db, siteId: number, slotId: number, reason: string) {
  const venue = await findSiteById(db, siteId);
  if (!venue) throw new Error('no demo venue');
  return startSlotCancellation(
    { db, catalogueChanges: noCatalogueChanges, kick: () => {} },
    venue,
    { type: 'system', id: null, label: 'bench', clientIp: null },
    { selection: { slot_ids: [slotId] }, reason },
  );
}

const doneCount = async (db: Db, jobId: string) =>
  (
    await rows<{ done: number; status: string }>(
      db,
      sql`select (select count(*)::int from background_job_items where job_id = ${jobId} and status <> 'pending') as done,
                 status from background_jobs where id = ${jobId}`,
    )
  )[0];

/** What the gateway and the outbox say of a job's orders: what must be exactly once. */
async function exactlyOnce(db: Db, orderIds: string[]) {
  const [found] = await rows<{
    double_refunds: number;
    wrong_amounts: number;
    without_one_mail: number;
    standing: number;
    failed: number;
  }>(
    db,
    sql`with o as (select unnest(${`{${orderIds.join(',')}}`}::uuid[]) as id),
             c as (select o.id, ch.payment_number, ch.amount, ch.refunded_amount, ch.scenario
                   from o join payments p on p.order_id = o.id join sandbox_charges ch on ch.reference = p.provider_reference)
        select
          (select count(*)::int from c where (select count(*) from sandbox_charges r where r.payment_number = 'refund:' || c.payment_number) > 1) as double_refunds,
          (select count(*)::int from c where c.scenario = 'success' and c.refunded_amount <> c.amount) as wrong_amounts,
          (select count(*)::int from o where (select count(*) from outbox m where m.order_id = o.id and m.kind = 'cancellation_by_venue') <> 1) as without_one_mail,
          (select count(*)::int from tickets t join o on o.id = t.order_id where t.status <> 'cancelled') as standing,
          (select count(*)::int from refunds r join o on o.id = r.order_id where r.status = 'failed') as failed`,
  );
  if (!found) throw new Error('nothing counted');
  return found;
}

/** The floor: one bare one-row transaction per order, CONCURRENCY callers. */
async function floorRate(db: Db, orderIds: string[]): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < orderIds.length; i = next++) {
        await db.transaction(async (tx) => {
          await tx.execute(sql`update orders set updated_at = updated_at where id = ${orderIds[i]}::uuid`);
        });
      }
    }),
  );
  return orderIds.length / ((performance.now() - started) / 1000);
}

async function run(handle: DatabaseHandle, url: string): Promise<boolean> {
  await handle.migrate();
  const db = handle.db;
  const seeding = performance.now();
  await seedCatalogue(db, { days: 4, variants: ['demo'] });
  const first = await paidSlot(db, 2, 'rate');
  const second = await paidSlot(db, 3, 'killed');
  await db.execute(sql`vacuum analyze orders, tickets, payments, sandbox_charges, product_time_spans`);
  console.log(`  2 slots of ${ORDERS} paid orders each, seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  // 1. The rate, in this process, beside the floor measured on the same orders.
  const floor = await floorRate(db, first.orderIds);
  const sandbox = createSandboxGateway(db, { publicUrl: () => 'http://127.0.0.1' });
  const worker = createJobWorker(
    db,
    [
      slotCancellationHandler({
        db,
        refunds: { providers: { sandbox }, logger: Fastify().log },
        // Each order's mail written as in the app; nothing sends it here.
        notices: { cancelled: enqueueCancellationNotice, queued: () => {} },
      }),
    ],
    { concurrency: CONCURRENCY, pollMs: 100, logger: quiet },
  );
  const began = performance.now();
  const job = await start(db, first.siteId, first.slotId, 'bench: rate');
  worker.kick();
  for (;;) {
    if ((await doneCount(db, job.id))?.status === 'done') break;
    await sleep(100);
  }
  const seconds = (performance.now() - began) / 1000;
  await worker.stop();
  const rate = ORDERS / seconds;
  const once = await exactlyOnce(db, first.orderIds);
  console.log(`\n  ${'what'.padEnd(52)}${'orders/s'.padStart(10)}`);
  console.log(`  ${'bare one-row transaction per order (floor)'.padEnd(52)}${floor.toFixed(0).padStart(10)}`);
  console.log(
    `  ${'slot-cancel job: cancel + refund + mail + audit'.padEnd(52)}${rate.toFixed(0).padStart(10)}   ${((rate / floor) * 100).toFixed(1)} % of the floor, ${seconds.toFixed(1)} s for ${ORDERS}`,
  );
  console.log(
    `  exactly once: ${once.double_refunds} double refunds, ${once.wrong_amounts} wrong amounts, ${once.without_one_mail} orders without exactly one mail, ${once.standing} admissions standing, ${once.failed} refused refunds listed`,
  );

  // 2. A killed server.
  const killedJob = await start(db, second.siteId, second.slotId, 'bench: killed');
  const servers: ChildProcess[] = [];
  let atKill = 0;
  try {
    const a = await startServer(url, await freePort());
    servers.push(a);
    for (const until = Date.now() + 120_000; Date.now() < until; await sleep(20)) {
      atKill = (await doneCount(db, killedJob.id))?.done ?? 0;
      if (atKill >= ORDERS / 3) break;
    }
    a.kill('SIGKILL');
    const b = await startServer(url, await freePort());
    servers.push(b);
    for (const until = Date.now() + 300_000; ; await sleep(200)) {
      if ((await doneCount(db, killedJob.id))?.status === 'done') break;
      if (Date.now() > until) throw new Error('the job did not finish after the restart');
    }
    for (const until = Date.now() + 60_000; ; await sleep(200)) {
      const [pending] = await rows<{ n: number }>(db, sql`select count(*)::int as n from refunds where status = 'pending'`);
      if (pending?.n === 0 || Date.now() > until) break;
    }
  } finally {
    for (const server of servers) server.kill('SIGKILL');
  }
  const afterKill = await exactlyOnce(db, second.orderIds);
  console.log(
    `\n  killed with SIGKILL after ${atKill} of ${ORDERS} orders, finished by a new process: ${afterKill.double_refunds} double refunds, ${afterKill.wrong_amounts} wrong amounts, ${afterKill.without_one_mail} orders without exactly one mail, ${afterKill.standing} admissions standing`,
  );

  const met =
    rate >= GOAL_PER_SECOND &&
    [once, afterKill].every(
      (r) => r.double_refunds === 0 && r.wrong_amounts === 0 && r.without_one_mail === 0 && r.standing === 0,
    );
  console.log(
    `\n  goal: ≥ ${GOAL_PER_SECOND} orders/s and 0 double refunds, each visitor mailed once → ${met ? 'met' : 'NOT met'}`,
  );
  return met;
}

await inThrowawayDatabase({ prefix: 'bench_job', title: 'Slot-cancel job', limitMs: RUN_LIMIT_MS }, async (url) => {
  const database = openDatabase({ engine: 'postgres', url, poolSize: CONCURRENCY + 2 });
  try {
    return await run(database, url);
  } finally {
    await database.close();
  }
});
