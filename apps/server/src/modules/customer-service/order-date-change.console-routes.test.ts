import type { CancellationPreview, SlotChoiceList, StaffDateChangeResult } from '@storefront/domain/console/order-refunds';
import { DEFAULT_DATE_CHANGE_SETTINGS } from '@storefront/domain/date-change';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { otherSlot, setDateChangeRules, slotState } from '../../../test/date-changes.ts';
import { gateOf } from '../../../test/gate.ts';
import { buyTickets, setCheckInGrace } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';

type ErrorAnswer = { error: string; field?: string; message?: string };
type View = { admissions: { id: string; qr: string; status: string }[] };

describeEachEngine('console date change on the visitor’s behalf', (ctx) => {
  const server = useTestApp(ctx);
  const shop = () => apiFor(server.app, 'demo');
  beforeAll(async () => {
    await setCheckInGrace(ctx.db, 'demo', 60 * 24 * 60);
  });
  beforeEach(async () => {
    await setDateChangeRules(ctx.db, 'demo', { ...DEFAULT_DATE_CHANGE_SETTINGS, deadlineMinutes: 0 });
  });

  async function member(rights: ('orders:read' | 'orders:write' | 'orders:refund')[]) {
    const team = await makeTeam(ctx.db, { rights });
    const account = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app, { ip: '192.0.2.31' });
    await signIn(client, account.email);
    return client;
  }

  async function bought(quantity = 2) {
    const done = await buyTickets(shop(), ctx.db, { quantity });
    const [row] = await rows<{ id: string }>(
      ctx.db,
      sql`select id from orders where reservation_number = ${done.reservationNumber}`,
    );
    return { ...done, orderId: row?.id ?? '' };
  }

  const path = (orderId: string, rest = 'date-change') => `venues/demo/orders/${orderId}/${rest}`;
  const orderRow = async (orderId: string) =>
    (
      await rows<{ time_span_id: number; total: number }>(
        ctx.db,
        sql`select time_span_id, total from orders where id = ${orderId}`,
      )
    )[0];
  const audit = async (orderId: string) =>
    (
      await rows<{ changes: Record<string, unknown> | string }>(
        ctx.db,
        sql`select changes from audit_log where object_id = ${orderId} and action = 'date_changed' order by id`,
      )
    ).map((a) => (typeof a.changes === 'string' ? JSON.parse(a.changes) : a.changes));

  it('moves the ticket with its places, re-issues the admissions, mails the visitor and audits it', async () => {
    const staff = await member(['orders:write']);
    const order = await bought(2);
    const to = await otherSlot(ctx.db, order.slot.productId, 5);
    const date = (
      await rows<{ date: string }>(ctx.db, sql`select date::text as date from product_time_spans where id = ${to}`)
    )[0]?.date as string;
    const choices = await staff.get<SlotChoiceList>(`${path(order.orderId, 'date-change/slots')}?date=${date}`);
    expect(choices.status, JSON.stringify(choices.body)).toBe(200);
    expect(choices.body.slots.find((s) => s.id === to)).toMatchObject({ available: 20, is_current: false });
    const qr = (await shop().get<View>(`tickets/${order.reservationToken}`)).body.admissions[0]?.qr;
    const mailsBefore = (
      await rows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from outbox where kind = 'time_change_confirmation' and to_address = ${order.email}`,
      )
    )[0]?.n;
    const done = await staff.post<StaffDateChangeResult>(path(order.orderId), { slot_id: to, reason: 'asked by phone' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ slot_id: to, difference: 0, mail_queued: true });
    expect((await orderRow(order.orderId))?.time_span_id).toBe(to);
    expect((await slotState(ctx.db, order.slot.timeSpanId)).sold).toBe(0);
    expect(await slotState(ctx.db, to)).toMatchObject({ sold: 2, held: 0 });
    const scan = await gateOf(server.app, ctx.db, 'demo')(qr);
    expect(scan.body).toMatchObject({ status: 'changed', slot: { id: to } });
    const mailsAfter = (
      await rows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from outbox where kind = 'time_change_confirmation' and to_address = ${order.email}`,
      )
    )[0]?.n;
    expect(mailsAfter).toBe((mailsBefore ?? 0) + 1);
    expect(await audit(order.orderId)).toEqual([
      expect.objectContaining({
        from_slot: order.slot.timeSpanId,
        to_slot: to,
        deadline_overridden: false,
        difference_waived: false,
        reason: 'asked by phone',
      }),
    ]);
  });

  it('moves past the venue’s deadline only with the override, which the audit entry records', async () => {
    const staff = await member(['orders:write']);
    await setDateChangeRules(ctx.db, 'demo', { deadlineMinutes: 60 * 24 * 400 });
    const order = await bought(1);
    const to = await otherSlot(ctx.db, order.slot.productId, 6);
    const refused = await staff.post<ErrorAnswer>(path(order.orderId), { slot_id: to, reason: 'late' });
    expect(refused.status).toBe(409);
    expect(refused.body.field).toBe('override_deadline');
    expect((await orderRow(order.orderId))?.time_span_id).toBe(order.slot.timeSpanId);
    expect(await slotState(ctx.db, to)).toMatchObject({ sold: 0, held: 0 });
    const done = await staff.post(path(order.orderId), { slot_id: to, override_deadline: true, reason: 'late' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await audit(order.orderId)).toEqual([expect.objectContaining({ deadline_overridden: true })]);
  });

  it('moves to a dearer slot only when the difference is waived, and refunds a cheaper one by the site’s policy', async () => {
    const staff = await member(['orders:write']);
    await setDateChangeRules(ctx.db, 'demo', { feePerAdmission: 100 });
    const order = await bought(1);
    const to = await otherSlot(ctx.db, order.slot.productId, 7);
    const refused = await staff.post<ErrorAnswer>(path(order.orderId), { slot_id: to, reason: 'dearer' });
    expect(refused.status).toBe(409);
    expect(refused.body.field).toBe('waive_difference');
    const waived = await staff.post<StaffDateChangeResult>(path(order.orderId), {
      slot_id: to,
      waive_difference: true,
      reason: 'dearer',
    });
    expect(waived.status, JSON.stringify(waived.body)).toBe(200);
    expect(waived.body.difference).toBe(100);
    expect((await orderRow(order.orderId))?.total).toBe(order.total);
    expect(await audit(order.orderId)).toEqual([expect.objectContaining({ difference_waived: true, difference: 100 })]);

    // Cheaper: bought when the admission cost 300 more, and the site refunds the difference.
    await setDateChangeRules(ctx.db, 'demo', { feePerAdmission: 0, cheaperNewSlot: 'refund_difference' });
    const dear = await bought(1);
    await ctx.db.execute(sql`update orders set total = total + 300 where id = ${dear.orderId}`);
    await ctx.db.execute(sql`update payments set amount = amount + 300 where order_id = ${dear.orderId}`);
    await ctx.db.execute(sql`
      update sandbox_charges set amount = amount + 300
      where reference = (select provider_reference from payments where order_id = ${dear.orderId})`);
    const cheaper = await staff.post<StaffDateChangeResult>(path(dear.orderId), {
      slot_id: await otherSlot(ctx.db, dear.slot.productId, 8),
      reason: 'cheaper',
    });
    expect(cheaper.status, JSON.stringify(cheaper.body)).toBe(200);
    expect(cheaper.body.difference).toBe(-300);
    const refunds = await rows<{ amount: number; status: string; requested_by: string }>(
      ctx.db,
      sql`select amount, status, requested_by from refunds where order_id = ${dear.orderId}`,
    );
    expect(refunds).toEqual([{ amount: 300, status: 'succeeded', requested_by: 'visitor' }]);
  });

  it('refuses readers and bad bodies, and another venue’s order', async () => {
    const order = await bought(1);
    const to = await otherSlot(ctx.db, order.slot.productId, 9);
    const reader = await member(['orders:read', 'orders:refund']);
    expect((await reader.post(path(order.orderId), { slot_id: to, reason: 'x' })).status).toBe(403);
    const staff = await member(['orders:write']);
    const bad: [unknown, string][] = [
      [{ slot_id: 'soon', reason: 'x' }, 'slot_id'],
      [{ slot_id: to }, 'reason'],
      [{ slot_id: to, reason: 'x', override_deadline: 'yes' }, 'override_deadline'],
      [{ slot_id: order.slot.timeSpanId, reason: 'x' }, 'slot_id'],
    ];
    for (const [wrong, field] of bad) {
      const answer = await staff.post<ErrorAnswer>(path(order.orderId), wrong);
      expect(answer.status, JSON.stringify(wrong)).toBe(400);
      expect(answer.body.field).toBe(field);
    }
    expect((await staff.post(`venues/borderless/orders/${order.orderId}/date-change`, { slot_id: to, reason: 'x' })).status).toBe(
      404,
    );
    expect((await orderRow(order.orderId))?.time_span_id).toBe(order.slot.timeSpanId);
  });

  it('never moves money twice when staff refund an order while its visitor changes the date', async () => {
    await setDateChangeRules(ctx.db, 'demo', { cheaperNewSlot: 'refund_difference' });
    const staff = await member(['orders:refund']);
    for (let round = 0; round < 3; round += 1) {
      const order = await bought(2);
      await ctx.db.execute(sql`update orders set total = total + 300 where id = ${order.orderId}`);
      await ctx.db.execute(sql`update payments set amount = amount + 300 where order_id = ${order.orderId}`);
      await ctx.db.execute(sql`
        update sandbox_charges set amount = amount + 300
        where reference = (select provider_reference from payments where order_id = ${order.orderId})`);
      const paid = order.total + 300;
      const to = await otherSlot(ctx.db, order.slot.productId, 10 + round);
      const change = await shop().post<{ time_change_token: string }>(`timechanges/tickets/${order.reservationToken}`, {
        lang: 'en',
        time_span_id: to,
      });
      expect(change.status, JSON.stringify(change.body)).toBe(201);
      const preview = await staff.get<CancellationPreview>(path(order.orderId, 'cancellation'));
      expect(preview.body.refundable).toBe(paid);
      await Promise.all([
        shop().post(`timechanges/${change.body.time_change_token}/confirm`, { reservation_token: order.reservationToken }),
        staff.post(path(order.orderId, 'cancellation'), {
          tickets: 'all',
          refund: { mode: 'provider', amount: paid },
          reason: 'race',
        }),
      ]);
      const money = await rows<{ amount: number; status: string }>(
        ctx.db,
        sql`select amount, status from refunds where order_id = ${order.orderId}`,
      );
      const succeeded = money.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
      expect(succeeded).toBeLessThanOrEqual(paid);
      const [gateway] = await rows<{ refunded: number }>(
        ctx.db,
        sql`select refunded_amount as refunded from sandbox_charges
            where reference = (select provider_reference from payments where order_id = ${order.orderId})`,
      );
      expect(gateway?.refunded).toBe(succeeded);
      // Stock: the order holds places in exactly one slot while its admissions stand, in none once cancelled.
      const statuses = (
        await rows<{ status: string }>(ctx.db, sql`select status from tickets where order_id = ${order.orderId}`)
      ).map((t) => t.status);
      const at = (await orderRow(order.orderId))?.time_span_id;
      const soldFrom = (await slotState(ctx.db, order.slot.timeSpanId)).sold;
      const soldTo = (await slotState(ctx.db, to)).sold;
      if (statuses.every((s) => s === 'cancelled')) {
        expect([soldFrom, soldTo]).toEqual([0, 0]);
      } else {
        expect(statuses).toEqual(['valid', 'valid']);
        expect(at === to ? [soldFrom, soldTo] : [soldTo, soldFrom]).toEqual([0, 2]);
      }
      expect((await slotState(ctx.db, to)).held).toBe(0);
    }
  });
});
