/**
 * Two tabs (and two server processes, on PostgreSQL) changing the same ticket at once: one change
 * is made, it completes once, and the party stays one set of admissions.
 */

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { buildTestApp, useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { otherSlot, setDateChangeRules, slotState } from '../../../test/date-changes.ts';
import { buyTickets } from '../../../test/tickets.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

type Body = { error?: string; time_change_token?: string; status?: string };

describeEachEngine('date change under concurrency', (ctx) => {
  const test = useTestApp(ctx);
  // A second server process on its own connections (PostgreSQL); on PGlite the same database.
  let second: { app: FastifyInstance; handle: DatabaseHandle | null } | null = null;
  beforeAll(async () => {
    await setDateChangeRules(ctx.db, 'demo', { deadlineMinutes: 0, feePerAdmission: 0 });
    const handle = ctx.handle.url ? openDatabase({ engine: 'postgres', url: ctx.handle.url, poolSize: 10 }) : null;
    second = { app: await buildTestApp(handle?.db ?? ctx.db), handle };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.handle?.close();
  });

  it('makes one change of eight tabs at once, completes it once, and keeps one set of admissions', async () => {
    const apis = [apiFor(test.app, 'demo'), apiFor((second as { app: FastifyInstance }).app, 'demo')];
    const [api] = apis as [ReturnType<typeof apiFor>];
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const targets = [await otherSlot(ctx.db, bought.slot.productId, 4), await otherSlot(ctx.db, bought.slot.productId, 6)];
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        apis[i % 2]?.post<Body>(`timechanges/tickets/${bought.reservationToken}`, { time_span_id: targets[i % 2] }),
      ),
    );
    const made = attempts.filter((a) => a?.status === 201);
    expect(made).toHaveLength(1);
    expect(attempts.filter((a) => a?.status === 409).map((a) => a?.body.error)).toEqual(
      Array(7).fill('waiting time change exists'),
    );
    const token = made[0]?.body.time_change_token as string;
    const held = await Promise.all(targets.map((id) => slotState(ctx.db, id)));
    expect(held.map((s) => s.live).sort()).toEqual([0, 2]);

    const confirms = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        apis[i % 2]?.post<Body>(`timechanges/${token}/confirm`, { reservation_token: bought.reservationToken }),
      ),
    );
    expect(confirms.filter((c) => c?.status === 200)).toHaveLength(1);
    expect(confirms.filter((c) => c?.status === 409).map((c) => c?.body.error)).toEqual(
      Array(5).fill('time change status is not pending'),
    );
    const admissions = await rows<{ generation: number }>(
      ctx.db,
      sql`select t.generation from tickets t join orders o on o.id = t.order_id where o.reservation_number = ${bought.reservationNumber}`,
    );
    expect(admissions).toEqual([{ generation: 2 }, { generation: 2 }]);
    const [tickets] = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from tickets t join orders o on o.id = t.order_id where o.time_span_id = any(${sql.raw(`array[${[bought.slot.timeSpanId, ...targets].join(',')}]`)})`,
    );
    expect(tickets?.n).toBe(2);
    const sold = await Promise.all([bought.slot.timeSpanId, ...targets].map(async (id) => (await slotState(ctx.db, id)).sold));
    expect(sold.reduce((a, b) => a + b, 0)).toBe(2);
    expect(sold[0]).toBe(0);
  });

  it('control: without the check, the database itself refuses a second open change of one ticket', async () => {
    const api = apiFor(test.app, 'demo');
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    const to = await otherSlot(ctx.db, bought.slot.productId, 4);
    expect((await api.post(`timechanges/tickets/${bought.reservationToken}`, { time_span_id: to })).status).toBe(201);
    // What a second tab would write had it got past the order's lock and the check.
    const insertAnother = ctx.db.execute(sql`
      insert into time_changes (order_id, token_hash, status, from_time_span_id, to_time_span_id, quantity, lang, paid,
                                new_subtotal, new_discount, new_total, fee, to_pay, to_refund, resulting_total, expires_at)
      select order_id, 'another', 'waiting', from_time_span_id, to_time_span_id, quantity, lang, paid,
             new_subtotal, new_discount, new_total, fee, to_pay, to_refund, resulting_total, expires_at
      from time_changes where order_id = (select id from orders where reservation_number = ${bought.reservationNumber})`);
    await expect(insertAnother).rejects.toThrow();
  });
});
