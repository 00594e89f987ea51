import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { buyTickets, setCheckInGrace } from '../../../test/tickets.ts';

type View = { admissions: { id: string; ticketStatus: string; checkedInAt: string | null }[] };

describeEachEngine('a ticket after the gate', (ctx) => {
  const test = useTestApp(ctx);
  let api: ReturnType<typeof apiFor>;
  beforeAll(async () => {
    api = apiFor(test.app, 'demo');
    await setCheckInGrace(ctx.db, 'demo', 60 * 24 * 30);
  });

  it('tells when each admission came in through the gate, and nothing for a set product handed over', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2, withSetProduct: true });
    const before = await api.get<View>(`tickets/${bought.reservationToken}`);
    const [first, second] = before.body.admissions;
    if (!first || !second) throw new Error('two admissions expected');
    expect(before.body.admissions.map((a) => a.checkedInAt)).toEqual([null, null]);

    await ctx.db.execute(sql`
      insert into check_ins (ticket_id, mode, method, gate, checked_in_at) values
        (${first.id}, 'gate', 'read_qr', 'north', '2026-11-25T04:02:00Z'),
        (${second.id}, 'set', 'read_qr', 'shop', '2026-11-25T04:05:00Z')`);
    await ctx.db.execute(sql`update tickets set status = 'used' where id = ${first.id}`);

    const after = await api.get<View>(`tickets/${bought.reservationToken}`);
    expect(after.body.admissions.map((a) => [a.id, a.ticketStatus, a.checkedInAt])).toEqual([
      [first.id, 'used', '2026-11-25T04:02:00.000Z'],
      [second.id, 'valid', null],
    ]);
  });
});
