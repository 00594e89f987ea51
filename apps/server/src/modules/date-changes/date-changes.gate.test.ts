/** At the gate after a date change: the old QR says where the booking moved; the new one is let in only in its new slot. */
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { otherSlot, setDateChangeRules } from '../../../test/date-changes.ts';
import { scanAt } from '../../../test/gate.ts';
import { buyTickets, setCheckInGrace } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';
import { createOrdersService } from '../orders/orders.service.ts';
import type { Site } from '../sites/site.ts';
import { listSites } from '../sites/sites.repository.ts';
import { issueTicketsOfOrders } from '../tickets/issue-tickets.ts';
import { createTicketsService } from '../tickets/tickets.service.ts';

describeEachEngine('gate after a date change', (ctx) => {
  const test = useTestApp(ctx);
  let site: Site;
  beforeAll(async () => {
    await setDateChangeRules(ctx.db, 'demo', { deadlineMinutes: 0, feePerAdmission: 0 });
    await setCheckInGrace(ctx.db, 'demo', 0);
    site = (await listSites(ctx.db)).find((s) => s.variant === 'demo') as Site;
  });

  it('refuses the old QR as changed to the new slot, and admits the new one in its new slot only', async () => {
    const api = apiFor(test.app, 'demo');
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    const orders = createOrdersService(ctx.db, { issueTickets: issueTicketsOfOrders });
    const tickets = createTicketsService(ctx.db, orders);
    const to = await otherSlot(ctx.db, bought.slot.productId, 4);
    const [oldSlot, newSlot] = await Promise.all(
      [bought.slot.timeSpanId, to].map(async (id) => {
        const [row] = await rows<{ starts_ms: number }>(
          ctx.db,
          sql`select (extract(epoch from starts_at) * 1000)::float8 as starts_ms from product_time_spans where id = ${id}`,
        );
        return new Date((row?.starts_ms ?? 0) + 60_000);
      }),
    );
    const before = await tickets.view(site, bought.reservationToken, 'en', oldSlot as Date);
    expect(before.admissions[0]?.status).toBe('available');
    const oldQr = before.admissions[0]?.qr as string;

    const created = await api.post<{ time_change_token: string }>(`timechanges/tickets/${bought.reservationToken}`, {
      time_span_id: to,
    });
    const done = await api.post(`timechanges/${created.body.time_change_token}/confirm`, {
      reservation_token: bought.reservationToken,
    });
    expect(done.status).toBe(200);

    const atNew = await tickets.view(site, bought.reservationToken, 'en', newSlot as Date);
    const atOld = await tickets.view(site, bought.reservationToken, 'en', oldSlot as Date);
    expect(atNew.admissions[0]?.status).toBe('available');
    expect(atOld.admissions[0]?.status).toBe('invalid_time');
    const newQr = atNew.admissions[0]?.qr as string;
    const scan = (payload: string, now: Date) => scanAt(ctx.db, site, payload, now);
    const moved = await scan(oldQr, oldSlot as Date);
    expect(moved).toMatchObject({ status: 'changed', admitted: 0, slot: { id: to } });
    expect((await scan(oldQr, newSlot as Date)).status).toBe('changed');
    expect((await scan(newQr, oldSlot as Date)).status).toBe('invalid_time');
    expect((await scan(newQr, newSlot as Date)).status).toBe('success');
    expect((await scan(newQr, newSlot as Date)).status).toBe('used');
  });
});
