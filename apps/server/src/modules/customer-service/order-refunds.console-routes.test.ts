import type {
  CancellationPreview,
  CancellationResult,
  OrderRefund,
  OrderRefundList,
} from '@storefront/domain/console/order-refunds';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { gateOf } from '../../../test/gate.ts';
import { CUSTOMER, freshSlot, slotCounters } from '../../../test/orders.ts';
import { card } from '../../../test/payments.ts';
import { buyTickets, setCheckInGrace } from '../../../test/tickets.ts';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { createSandboxGateway, SANDBOX_CARDS } from '../payments/providers/sandbox-gateway.ts';
import { recordOrderRefund } from '../payments/refund-order.ts';

type ErrorAnswer = { error: string; field?: string; message?: string };
type View = { admissions: { id: string; qr: string; status: string }[] };

describeEachEngine('console order cancellations and refunds', (ctx) => {
  const server = useTestApp(ctx);
  const shop = () => apiFor(server.app, 'demo');
  let demoId = 0;
  beforeAll(async () => {
    demoId = (await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'demo'`))[0]?.id ?? 0;
    await setCheckInGrace(ctx.db, 'demo', 60 * 24 * 30);
  });

  async function member(rights: ('orders:read' | 'orders:write' | 'orders:refund')[], venueIds?: number[]) {
    const team = await makeTeam(ctx.db, { rights, ...(venueIds === undefined ? {} : { venueIds }) });
    const account = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app, { ip: '192.0.2.30' });
    await signIn(client, account.email);
    return client;
  }

  /** A completed demo order of `quantity` admissions paid with the given sandbox card. */
  async function bought(quantity: number, cardNumber: string = SANDBOX_CARDS.success) {
    const api = shop();
    if (cardNumber === SANDBOX_CARDS.success) {
      const done = await buyTickets(api, ctx.db, { quantity });
      return { ...done, orderId: await orderIdOf(done.reservationNumber) };
    }
    const slot = await freshSlot(ctx.db, 'demo', 50);
    const created = await api.post<{ order_token: string }>('orders', {
      lang: 'en',
      product_uuid: slot.productUuid,
      time_span_id: slot.timeSpanId,
      quantity,
      option_values: [{ option_value_id: slot.adultOptionId, quantity }],
      set_products: [],
    });
    expect(created.status).toBe(201);
    const token = created.body.order_token;
    expect((await api.put(`orders/${token}`, { customer_info: CUSTOMER, payment_method: 'gmo' })).status).toBe(200);
    const paid = await api.post<{ reservation_token: string; reservation_number: string; total: number }>(
      `orders/checkout/${token}`,
      { payment_method: 'gmo', card: card(cardNumber) },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    return {
      slot,
      reservationToken: paid.body.reservation_token,
      reservationNumber: paid.body.reservation_number,
      total: paid.body.total,
      orderId: await orderIdOf(paid.body.reservation_number),
    };
  }

  async function orderIdOf(reservationNumber: string) {
    const [row] = await rows<{ id: string }>(ctx.db, sql`select id from orders where reservation_number = ${reservationNumber}`);
    return row?.id ?? '';
  }

  const ticketsOf = (orderId: string) =>
    rows<{ id: string; status: string; generation: number; cancelled: boolean }>(
      ctx.db,
      sql`select id, status, generation, cancelled_at is not null as cancelled from tickets where order_id = ${orderId} order by position`,
    );
  const refundsOf = (orderId: string) =>
    rows<{ status: string; amount: number; kind: string }>(
      ctx.db,
      sql`select status, amount, kind from refunds where order_id = ${orderId} order by created_at`,
    );
  const gatewayRefunded = async (orderId: string) =>
    (
      await rows<{ refunded: number }>(
        ctx.db,
        sql`select c.refunded_amount as refunded from sandbox_charges c
            join payments p on p.provider_reference = c.reference where p.order_id = ${orderId} and p.completed_at is not null`,
      )
    )[0]?.refunded;
  const auditsOf = async (orderId: string) =>
    (
      await rows<{ action: string; changes: Record<string, unknown> }>(
        ctx.db,
        sql`select action, changes from audit_log where object_id = ${orderId} order by id`,
      )
    ).map((a) => ({ ...a, changes: typeof a.changes === 'string' ? JSON.parse(a.changes) : a.changes }));

  const path = (orderId: string, rest = 'cancellation', venue = 'demo') => `venues/${venue}/orders/${orderId}/${rest}`;

  it('previews one admission’s share, cancels it with a provider refund, voids its QR and gives its place back once', async () => {
    const staff = await member(['orders:refund']);
    const order = await bought(4);
    const before = await ticketsOf(order.orderId);
    const first = before[0]?.id as string;
    const preview = await staff.get<CancellationPreview>(`${path(order.orderId)}?tickets=${first}`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      chosen: [first],
      whole_order: false,
      refundable: order.total,
      proposed_amount: Math.floor(order.total / 4),
    });
    expect(preview.body.admissions.reduce((sum, a) => sum + a.share, 0)).toBe(order.total);
    expect(preview.body.payments).toHaveLength(1);

    const qr = (await shop().get<View>(`tickets/${order.reservationToken}`)).body.admissions[0]?.qr;
    const soldBefore = (await slotCounters(ctx.db, order.slot.timeSpanId)).sold;
    const done = await staff.post<CancellationResult>(path(order.orderId), {
      tickets: [first],
      refund: { mode: 'provider', amount: preview.body.proposed_amount },
      reason: 'the visitor is ill',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ cancelled: [first], places_given_back: 1 });
    expect(done.body.refunds).toEqual([
      expect.objectContaining({ kind: 'provider', status: 'succeeded', amount: preview.body.proposed_amount }),
    ]);
    const after = await ticketsOf(order.orderId);
    expect(after[0]).toMatchObject({ status: 'cancelled', cancelled: true, generation: (before[0]?.generation ?? 0) + 1 });
    expect(after.slice(1).map((t) => t.status)).toEqual(['valid', 'valid', 'valid']);
    expect((await slotCounters(ctx.db, order.slot.timeSpanId)).sold).toBe(soldBefore - 1);
    expect(await gatewayRefunded(order.orderId)).toBe(preview.body.proposed_amount);
    // The QR shown before is refused at the gate at once.
    const scan = await gateOf(server.app, ctx.db, 'demo')(qr);
    expect(scan.body).toMatchObject({ status: 'invalid', reason: 'cancelled' });
    expect(await auditsOf(order.orderId)).toEqual([
      expect.objectContaining({
        action: 'admissions_cancelled',
        changes: expect.objectContaining({ tickets: [first], reason: 'the visitor is ill', places_given_back: 1 }),
      }),
    ]);
    // The same admission again: refused, nothing moves.
    const again = await staff.post<ErrorAnswer>(path(order.orderId), {
      tickets: [first],
      refund: { mode: 'none', amount: 0 },
      reason: 'again',
    });
    expect(again.status).toBe(409);
    expect((await slotCounters(ctx.db, order.slot.timeSpanId)).sold).toBe(soldBefore - 1);
  });

  it('refunds the rest after a partial refund but never more than was paid', async () => {
    const staff = await member(['orders:refund']);
    const order = await bought(3);
    const [one] = await ticketsOf(order.orderId);
    const partial = await staff.post<CancellationResult>(path(order.orderId), {
      tickets: [one?.id],
      refund: { mode: 'provider', amount: 100 },
      reason: 'one of three',
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    const preview = await staff.get<CancellationPreview>(path(order.orderId));
    expect(preview.body).toMatchObject({ refundable: order.total - 100, whole_order: true });
    expect(preview.body.chosen).toHaveLength(2);
    const soldBefore = (await slotCounters(ctx.db, order.slot.timeSpanId)).sold;
    const auditsBefore = (await auditsOf(order.orderId)).length;
    // One more than is left: refused naming the field, and nothing is cancelled.
    const tooMuch = await staff.post<ErrorAnswer>(path(order.orderId), {
      tickets: 'all',
      refund: { mode: 'provider', amount: order.total - 99 },
      reason: 'the rest',
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.field).toBe('refund.amount');
    expect((await ticketsOf(order.orderId)).map((t) => t.status)).toEqual(['cancelled', 'valid', 'valid']);
    expect((await slotCounters(ctx.db, order.slot.timeSpanId)).sold).toBe(soldBefore);
    expect(await refundsOf(order.orderId)).toHaveLength(1);
    expect(await auditsOf(order.orderId)).toHaveLength(auditsBefore);

    const rest = await staff.post<CancellationResult>(path(order.orderId), {
      tickets: 'all',
      refund: { mode: 'provider', amount: order.total - 100 },
      reason: 'the rest',
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.places_given_back).toBe(2);
    expect(await gatewayRefunded(order.orderId)).toBe(order.total);
    const list = await staff.get<OrderRefundList>(path(order.orderId, 'refunds'));
    expect(list.body.refunds.map((r) => [r.amount, r.status])).toEqual([
      [100, 'succeeded'],
      [order.total - 100, 'succeeded'],
    ]);
    expect((await staff.get<CancellationPreview>(path(order.orderId))).status).toBe(409);
  });

  it('records a refund made outside the system at once, without asking the provider', async () => {
    const staff = await member(['orders:refund']);
    const order = await bought(2);
    const done = await staff.post<CancellationResult>(path(order.orderId), {
      tickets: 'all',
      refund: { mode: 'outside', amount: order.total },
      reason: 'cash at the desk',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.refunds).toEqual([expect.objectContaining({ kind: 'outside', status: 'succeeded', payment_number: null })]);
    expect(await gatewayRefunded(order.orderId)).toBe(0);
    // Nothing is left for the provider to give back.
    expect((await staff.get<CancellationPreview>(`${path(order.orderId)}`)).status).toBe(409);
    expect(await refundsOf(order.orderId)).toEqual([{ status: 'succeeded', amount: order.total, kind: 'outside' }]);
  });

  it('keeps the admissions cancelled when the provider refuses the refund, lists it failed, and retries it', async () => {
    const staff = await member(['orders:refund']);
    const order = await bought(2, SANDBOX_CARDS.refundFails);
    const done = await staff.post<CancellationResult>(path(order.orderId), {
      tickets: 'all',
      refund: { mode: 'provider', amount: order.total },
      reason: 'the afternoon closed',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const failed = done.body.refunds[0] as OrderRefund;
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'the gateway refused the refund' });
    expect((await ticketsOf(order.orderId)).map((t) => t.status)).toEqual(['cancelled', 'cancelled']);
    expect((await staff.get<OrderRefundList>(path(order.orderId, 'refunds'))).body.refunds).toEqual([
      expect.objectContaining({ id: failed.id, status: 'failed' }),
    ]);
    // The venue's follow-up list names it with its order.
    const followUp = await staff.get<{ refunds: (OrderRefund & { order_id: string; reservation_number: string })[] }>(
      'venues/demo/refunds?status=failed',
    );
    expect(followUp.body.refunds).toContainEqual(
      expect.objectContaining({ id: failed.id, order_id: order.orderId, reservation_number: order.reservationNumber }),
    );
    // The gateway still refuses: the retry fails again and says so.
    const refused = await staff.post<OrderRefund>(path(order.orderId, `refunds/${failed.id}/retry`));
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body.status).toBe('failed');
    // The gateway can refund now: the retry succeeds, once.
    await ctx.db.execute(sql`
      update sandbox_charges set scenario = 'success'
      where reference = (select provider_reference from payments where order_id = ${order.orderId} and completed_at is not null)`);
    const retried = await staff.post<OrderRefund>(path(order.orderId, `refunds/${failed.id}/retry`));
    expect(retried.body).toMatchObject({ id: failed.id, status: 'succeeded', amount: order.total });
    expect(await gatewayRefunded(order.orderId)).toBe(order.total);
    const stillFailed = await staff.get<{ refunds: OrderRefund[] }>('venues/demo/refunds?status=failed');
    expect(stillFailed.body.refunds.map((r) => r.id)).not.toContain(failed.id);
    const twice = await staff.post<ErrorAnswer>(path(order.orderId, `refunds/${failed.id}/retry`));
    expect(twice.status).toBe(409);
    expect((await auditsOf(order.orderId)).map((a) => a.action)).toEqual(['admissions_cancelled']);
    const retries = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from audit_log where object_id = ${failed.id} and action = 'refund_retried'`,
    );
    expect(retries[0]?.n).toBe(2);
  });

  it('has the sandbox gateway add partial refunds up, once per key, never past the charge', async () => {
    const order = await bought(1);
    const [charge] = await rows<{ reference: string; amount: number }>(
      ctx.db,
      sql`select c.reference, c.amount from sandbox_charges c
          join payments p on p.provider_reference = c.reference where p.order_id = ${order.orderId}`,
    );
    const reference = charge?.reference as string;
    const gateway = createSandboxGateway(ctx.db, { publicUrl: () => 'http://shop.test' });
    const first = await gateway.refund({
      reference,
      paymentNumber: 'unused',
      siteId: 1,
      currency: 'JPY',
      amount: 100,
      idempotencyKey: 'sandbox-key-1',
    });
    expect(first.ok).toBe(true);
    expect(
      await gateway.refund({
        reference,
        paymentNumber: 'unused',
        siteId: 1,
        currency: 'JPY',
        amount: 100,
        idempotencyKey: 'sandbox-key-1',
      }),
    ).toEqual(first);
    const both = await Promise.all([
      gateway.refund({
        reference,
        paymentNumber: 'unused',
        siteId: 1,
        currency: 'JPY',
        amount: 200,
        idempotencyKey: 'sandbox-key-2',
      }),
      gateway.refund({
        reference,
        paymentNumber: 'unused',
        siteId: 1,
        currency: 'JPY',
        amount: 200,
        idempotencyKey: 'sandbox-key-2',
      }),
    ]);
    expect(both.map((r) => r.ok)).toEqual([true, true]);
    expect(await gatewayRefunded(order.orderId)).toBe(300);
    const tooMuch = await gateway.refund({
      reference,
      paymentNumber: 'unused',
      siteId: 1,
      currency: 'JPY',
      amount: (charge?.amount ?? 0) - 299,
      idempotencyKey: 'sandbox-key-3',
    });
    expect(tooMuch.ok).toBe(false);
    const rest = await gateway.refund({
      reference,
      paymentNumber: 'unused',
      siteId: 1,
      currency: 'JPY',
      amount: (charge?.amount ?? 0) - 300,
      idempotencyKey: 'sandbox-key-4',
    });
    expect(rest.ok).toBe(true);
    expect((await gateway.charge(reference))?.status).toBe('refunded');
    expect(await gatewayRefunded(order.orderId)).toBe(charge?.amount);
  });

  it('asks again for a refund left pending by a process that stopped after the commit, once', async () => {
    const order = await bought(2);
    // As a process would leave it: the refund written and committed, the provider never asked.
    const [pending] = await ctx.db.transaction((tx) =>
      recordOrderRefund(tx as unknown as Database, {
        orderId: order.orderId,
        siteId: demoId,
        currency: 'JPY',
        mode: 'provider',
        amount: 500,
        reason: 'stopped in between',
        requestedBy: 'staff',
        staffId: null,
      }),
    );
    expect(pending?.status).toBe('pending');
    await ctx.db.execute(sql`update refunds set created_at = app_now() - interval '5 minutes' where id = ${pending?.id}`);
    await server.app.reconcilePayments(60);
    expect(await refundsOf(order.orderId)).toEqual([{ status: 'succeeded', amount: 500, kind: 'provider' }]);
    await server.app.reconcilePayments(60);
    expect(await gatewayRefunded(order.orderId)).toBe(500);
  });

  it('lets one of two staff cancelling the same admission at once win: one refund, the place back once', async () => {
    const [a, b] = [await member(['orders:refund']), await member(['orders:refund'])];
    const order = await bought(2);
    const [first] = await ticketsOf(order.orderId);
    const soldBefore = (await slotCounters(ctx.db, order.slot.timeSpanId)).sold;
    const body = { tickets: [first?.id], refund: { mode: 'provider', amount: 300 }, reason: 'both at once' };
    const answers = await Promise.all([a.post(path(order.orderId), body), b.post(path(order.orderId), body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await slotCounters(ctx.db, order.slot.timeSpanId)).sold).toBe(soldBefore - 1);
    expect(await refundsOf(order.orderId)).toEqual([{ status: 'succeeded', amount: 300, kind: 'provider' }]);
    expect(await gatewayRefunded(order.orderId)).toBe(300);
  });

  it('settles a cancellation racing a check-in of the same admission one way: used and kept, or cancelled and refused', async () => {
    const staff = await member(['orders:refund']);
    const gate = gateOf(server.app, ctx.db, 'demo');
    for (let round = 0; round < 4; round += 1) {
      const order = await bought(1);
      const [admission] = await ticketsOf(order.orderId);
      const qr = (await shop().get<View>(`tickets/${order.reservationToken}`)).body.admissions[0]?.qr;
      const [scan, cancel] = await Promise.all([
        gate(qr),
        staff.post(path(order.orderId), { tickets: [admission?.id], refund: { mode: 'none', amount: 0 }, reason: 'race' }),
      ]);
      const [after] = await ticketsOf(order.orderId);
      const checkIns = await rows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from check_ins where ticket_id = ${admission?.id}`,
      );
      if (scan.body.status === 'success') {
        expect(cancel.status).toBe(409);
        expect(after?.status).toBe('used');
        expect(checkIns[0]?.n).toBe(1);
      } else {
        expect(scan.body.status).toBe('invalid');
        expect(cancel.status).toBe(200);
        expect(after?.status).toBe('cancelled');
        expect(checkIns[0]?.n).toBe(0);
      }
    }
  });

  it('refuses readers, other venues and bad bodies, writing nothing', async () => {
    const order = await bought(2);
    const reader = await member(['orders:read']);
    const refunder = await member(['orders:refund']);
    const body = { tickets: 'all', refund: { mode: 'none', amount: 0 }, reason: 'no' };
    expect((await reader.get(path(order.orderId))).status).toBe(200);
    expect((await reader.post(path(order.orderId), body)).status).toBe(403);
    expect((await refunder.post(path(order.orderId, 'cancellation', 'borderless'), body)).status).toBe(404);
    expect((await refunder.get(path(order.orderId, 'cancellation', 'borderless'))).status).toBe(404);
    expect((await refunder.post(path('00000000-0000-4000-8000-000000000000'), body)).status).toBe(404);
    const bad: [unknown, string][] = [
      [{ ...body, tickets: ['not-a-uuid'] }, 'tickets.0'],
      [{ ...body, tickets: [] }, 'tickets'],
      [{ ...body, tickets: ['00000000-0000-4000-8000-000000000000'] }, 'tickets'],
      [{ ...body, refund: { mode: 'cheque', amount: 0 } }, 'refund.mode'],
      [{ ...body, refund: { mode: 'provider', amount: 0 } }, 'refund.amount'],
      [{ ...body, refund: { mode: 'none', amount: 5 } }, 'refund.amount'],
      [{ ...body, refund: { mode: 'outside', amount: -1 } }, 'refund.amount'],
      [{ ...body, refund: { mode: 'outside', amount: 1.5 } }, 'refund.amount'],
      [{ ...body, reason: '' }, 'reason'],
      [{ tickets: 'all', refund: { mode: 'none', amount: 0 } }, 'reason'],
    ];
    for (const [wrong, field] of bad) {
      const answer = await refunder.post<ErrorAnswer>(path(order.orderId), wrong);
      expect(answer.status, JSON.stringify(wrong)).toBe(400);
      expect(answer.body.field, JSON.stringify(answer.body)).toBe(field);
    }
    expect((await ticketsOf(order.orderId)).map((t) => t.status)).toEqual(['valid', 'valid']);
    expect(await refundsOf(order.orderId)).toEqual([]);
    expect(await auditsOf(order.orderId)).toEqual([]);
    expect((await refunder.post(path(order.orderId, 'refunds/00000000-0000-4000-8000-000000000000/retry'))).status).toBe(404);
  });
});
