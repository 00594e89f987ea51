import type { SlotCancellationPreview, SlotCancellationProgress } from '@storefront/domain/console/slot-cancellations';
import { formatPrice } from '@storefront/domain/format';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { type ConsoleClient, consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { gateOf } from '../../../test/gate.ts';
import { CUSTOMER, freshSlot, type SlotFixture, slotCounters } from '../../../test/orders.ts';
import { card } from '../../../test/payments.ts';
import { setCheckInGrace } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';
import { SANDBOX_CARDS } from '../payments/providers/sandbox-gateway.ts';

type ErrorAnswer = { error: string; field?: string; message?: string };
type View = { admissions: { id: string; qr: string; status: string }[] };

/** Works the job until it is done, as the console's progress screen would see it end. */
async function finished(app: FastifyInstance, staff: ConsoleClient, venue: string, jobId: string) {
  const until = Date.now() + 30_000;
  for (;;) {
    await app.jobs.drain();
    const progress = await staff.get<SlotCancellationProgress>(`venues/${venue}/slot-cancellations/${jobId}`);
    expect(progress.status).toBe(200);
    if (progress.body.status === 'done') return progress.body;
    if (Date.now() > until) throw new Error(`the job is still ${JSON.stringify(progress.body.orders)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeEachEngine('calling off slots with a durable job', (ctx) => {
  // No worker of its own: the test works the job with `drain`, so each step happens when it says.
  const server = useTestApp(ctx, { jobs: { concurrency: 0 } });
  const shop = () => apiFor(server.app, 'demo');
  beforeAll(async () => {
    await setCheckInGrace(ctx.db, 'demo', 60 * 24 * 30);
  });

  async function member(rights: ('orders:read' | 'orders:refund')[], venueIds?: number[]) {
    const team = await makeTeam(ctx.db, { rights, ...(venueIds === undefined ? {} : { venueIds }) });
    const account = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(server.app, { ip: '192.0.2.31' });
    await signIn(client, account.email);
    return client;
  }

  /** A completed order of `quantity` admissions in `slot`, in `lang`, paid with a sandbox card. */
  async function bought(slot: SlotFixture, quantity: number, options: { lang?: string; card?: string; email?: string } = {}) {
    const api = shop();
    const created = await api.post<{ order_token: string }>('orders', {
      lang: options.lang ?? 'en',
      product_uuid: slot.productUuid,
      time_span_id: slot.timeSpanId,
      quantity,
      option_values: [{ option_value_id: slot.adultOptionId, quantity }],
      set_products: [],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = created.body.order_token;
    const customer = { ...CUSTOMER, ...(options.email ? { email: options.email, email_confirm: options.email } : {}) };
    expect((await api.put(`orders/${token}`, { customer_info: customer, payment_method: 'gmo' })).status).toBe(200);
    const paid = await api.post<{ reservation_token: string; reservation_number: string; total: number }>(
      `orders/checkout/${token}`,
      { payment_method: 'gmo', card: card(options.card ?? SANDBOX_CARDS.success) },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [row] = await rows<{ id: string }>(
      ctx.db,
      sql`select id from orders where reservation_number = ${paid.body.reservation_number}`,
    );
    return {
      id: row?.id ?? '',
      token: paid.body.reservation_token,
      number: paid.body.reservation_number,
      total: paid.body.total,
    };
  }

  const refundsOf = (orderId: string) =>
    rows<{ status: string; amount: number; requested_by: string }>(
      ctx.db,
      sql`select status, amount, requested_by from refunds where order_id = ${orderId} order by created_at`,
    );
  const gatewayRefunds = (orderId: string) =>
    rows<{ refunded: number; refunds: number }>(
      ctx.db,
      sql`select c.refunded_amount as refunded,
                 (select count(*)::int from sandbox_charges r where r.payment_number = 'refund:' || c.payment_number) as refunds
          from sandbox_charges c join payments p on p.provider_reference = c.reference
          where p.order_id = ${orderId} and p.completed_at is not null`,
    );
  const mailsOf = (orderId: string) =>
    rows<{ kind: string; lang: string; subject: string; text_body: string }>(
      ctx.db,
      sql`select kind, lang, subject, text_body from outbox where order_id = ${orderId} and kind like 'cancellation%'`,
    );
  const statusesOf = async (orderId: string) =>
    (await rows<{ status: string }>(ctx.db, sql`select status from tickets where order_id = ${orderId} order by position`)).map(
      (t) => t.status,
    );

  it('previews the orders and money, then cancels, refunds and mails every order once, in its language', async () => {
    const staff = await member(['orders:read', 'orders:refund']);
    const slot = await freshSlot(ctx.db, 'demo', 40, 3);
    const plain = await bought(slot, 2);
    const japanese = await bought(slot, 1, { lang: 'ja', email: 'hanako@example.jp' });
    const refused = await bought(slot, 1, { card: SANDBOX_CARDS.refundFails });
    const used = await bought(slot, 2);
    // One admission of `used` is checked in at the gate: it stays used, the other is cancelled.
    const qr = (await shop().get<View>(`tickets/${used.token}`)).body.admissions[0]?.qr;
    expect((await gateOf(server.app, ctx.db, 'demo')(qr)).body.status).toBe('success');
    expect((await slotCounters(ctx.db, slot.timeSpanId)).sold).toBe(6);

    const selection = { slot_ids: [slot.timeSpanId] };
    const preview = await staff.post<SlotCancellationPreview>('venues/demo/slot-cancellations/preview', { selection });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ slot_count: 1, over_count: 0, orders: 4, admissions: 5, currency: 'JPY' });
    expect(preview.body.refundable).toBe(plain.total + japanese.total + refused.total + used.total);
    expect(preview.body.slots[0]).toMatchObject({ slot_id: slot.timeSpanId, orders: 4, admissions: 5 });

    const started = await staff.post<SlotCancellationProgress>('venues/demo/slot-cancellations', {
      selection,
      reason: 'Storm warning: the garden is closed',
      message: 'We are sorry — the garden is closed this afternoon because of the storm.',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.orders, JSON.stringify(started.body)).toMatchObject({ total: 4, pending: 4 });
    // No new sale in a called-off slot.
    const [closed] = await rows<{ is_on_sale: boolean }>(
      ctx.db,
      sql`select is_on_sale from product_time_spans where id = ${slot.timeSpanId}`,
    );
    expect(closed?.is_on_sale).toBe(false);

    const done = await finished(server.app, staff, 'demo', started.body.id);
    expect(done.orders).toEqual({ total: 4, done: 4, skipped: 0, failed: 0, pending: 0 });
    expect(done.admissions_cancelled).toBe(5);
    expect(done.mails).toBe(4);
    const usedShare = Math.floor(used.total / 2);
    expect(done.refunds.succeeded).toEqual({ count: 3, amount: plain.total + japanese.total + (used.total - usedShare) });
    expect(done.refunds.failed).toEqual({ count: 1, amount: refused.total });
    expect(done.failed_refunds).toEqual([
      expect.objectContaining({ order_id: refused.id, reservation_number: refused.number, amount: refused.total }),
    ]);

    expect(await statusesOf(plain.id)).toEqual(['cancelled', 'cancelled']);
    expect(await statusesOf(used.id)).toEqual(['used', 'cancelled']);
    // The places come back exactly once: only the used admission is still sold.
    expect((await slotCounters(ctx.db, slot.timeSpanId)).sold).toBe(1);
    expect(await refundsOf(plain.id)).toEqual([{ status: 'succeeded', amount: plain.total, requested_by: 'system' }]);
    expect(await gatewayRefunds(plain.id)).toEqual([{ refunded: plain.total, refunds: 1 }]);
    expect(await gatewayRefunds(refused.id)).toEqual([{ refunded: 0, refunds: 0 }]);

    const [mail] = await mailsOf(japanese.id);
    expect(await mailsOf(japanese.id)).toHaveLength(1);
    expect(mail).toMatchObject({ kind: 'cancellation_by_venue', lang: 'ja' });
    expect(mail?.subject).toContain('キャンセル');
    expect(mail?.text_body).toContain('the garden is closed this afternoon');
    expect(mail?.text_body).toContain(`ご返金額：${formatPrice(japanese.total, 'JPY', 'ja')}`);
    expect((await mailsOf(plain.id))[0]?.lang).toBe('en');

    // Each order's cancellation is audited under the staff member who confirmed, naming the job.
    const audits = await rows<{ action: string; actor_type: string; changes: { slot_cancellation?: string } | string }>(
      ctx.db,
      sql`select action, actor_type, changes from audit_log where object_id in (${plain.id}, ${started.body.id}) order by id`,
    );
    expect(audits.map((a) => [a.action, a.actor_type])).toEqual([
      ['slots_cancelled', 'staff'],
      ['admissions_cancelled', 'staff'],
    ]);
    const changes = audits[1]?.changes;
    expect((typeof changes === 'string' ? JSON.parse(changes) : changes).slot_cancellation).toBe(started.body.id);

    // Working again does nothing twice.
    expect(await server.app.jobs.drain()).toBe(0);
    expect(await refundsOf(plain.id)).toHaveLength(1);
    expect(await mailsOf(plain.id)).toHaveLength(1);

    const listed = await staff.get<{ jobs: { id: string; status: string }[] }>('venues/demo/slot-cancellations');
    expect(listed.body.jobs.find((j) => j.id === started.body.id)).toMatchObject({ status: 'done' });
  });

  it('passes over an order staff cancelled meanwhile and sweeps up one paid after the slots closed', async () => {
    const staff = await member(['orders:read', 'orders:refund']);
    const slot = await freshSlot(ctx.db, 'demo', 40, 4);
    const first = await bought(slot, 1);
    const second = await bought(slot, 1);
    // A visitor holding places before the close pays after it.
    const api = shop();
    const created = await api.post<{ order_token: string }>('orders', {
      lang: 'en',
      product_uuid: slot.productUuid,
      time_span_id: slot.timeSpanId,
      quantity: 1,
      option_values: [{ option_value_id: slot.adultOptionId, quantity: 1 }],
      set_products: [],
    });
    expect(created.status).toBe(201);
    const token = created.body.order_token;
    expect((await api.put(`orders/${token}`, { customer_info: CUSTOMER, payment_method: 'gmo' })).status).toBe(200);

    const started = await staff.post<SlotCancellationProgress>('venues/demo/slot-cancellations', {
      selection: { slot_ids: [slot.timeSpanId] },
      reason: 'Installation broken',
    });
    expect(started.status).toBe(202);
    expect(started.body.orders.total).toBe(2);
    // Staff cancel `second` by hand before the job reaches it.
    const byHand = await staff.post(`venues/demo/orders/${second.id}/cancellation`, {
      tickets: 'all',
      refund: { mode: 'provider', amount: second.total },
      reason: 'asked on the phone',
    });
    expect(byHand.status, JSON.stringify(byHand.body)).toBe(200);
    const paid = await api.post(`orders/checkout/${token}`, { payment_method: 'gmo', card: card(SANDBOX_CARDS.success) });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    const done = await finished(server.app, staff, 'demo', started.body.id);
    expect(done.orders).toEqual({ total: 3, done: 2, skipped: 1, failed: 0, pending: 0 });
    expect(await refundsOf(second.id)).toEqual([{ status: 'succeeded', amount: second.total, requested_by: 'staff' }]);
    expect(await statusesOf(first.id)).toEqual(['cancelled']);
    const [late] = await rows<{ id: string }>(
      ctx.db,
      sql`select id from orders where time_span_id = ${slot.timeSpanId} and id not in (${first.id}, ${second.id})`,
    );
    expect(await statusesOf(late?.id ?? '')).toEqual(['cancelled']);
    expect((await slotCounters(ctx.db, slot.timeSpanId)).sold).toBe(0);
  });

  it('refuses without the right, at another venue, for slots that are over, and for bad input', async () => {
    const reader = await member(['orders:read']);
    const slot = await freshSlot(ctx.db, 'demo', 10, 5);
    const body = { selection: { slot_ids: [slot.timeSpanId] }, reason: 'x' };
    expect((await reader.post('venues/demo/slot-cancellations', body)).status).toBe(403);
    expect((await reader.post('venues/demo/slot-cancellations/preview', { selection: body.selection })).status).toBe(403);
    const anonymous = consoleClient(server.app);
    expect((await anonymous.get('venues/demo/slot-cancellations')).status).toBe(401);

    const [harbor] = await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'borderless'`);
    const elsewhere = await member(['orders:read', 'orders:refund'], [harbor?.id ?? 0]);
    expect((await elsewhere.post('venues/demo/slot-cancellations', body)).status).toBe(404);

    const staff = await member(['orders:read', 'orders:refund']);
    const [past] = await rows<{ id: number }>(
      ctx.db,
      sql`select t.id from product_time_spans t join products p on p.id = t.product_id join sites s on s.id = p.site_id
          where s.code = 'demo' and t.ends_at < app_now() order by t.ends_at desc limit 1`,
    );
    if (past) {
      const over = await staff.post<ErrorAnswer>('venues/demo/slot-cancellations', {
        ...body,
        selection: { slot_ids: [past.id] },
      });
      expect(over.status).toBe(400);
      expect(over.body.message).toContain('over already');
    }
    const wide = await staff.post<ErrorAnswer>('venues/demo/slot-cancellations', {
      selection: { from: '2030-01-01', to: '2030-03-01' },
      reason: 'x',
    });
    expect(wide.status).toBe(400);
    expect(wide.body.field).toBe('selection.to');
    const nul = await staff.post<ErrorAnswer>('venues/demo/slot-cancellations', { ...body, reason: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.body.field).toBe('reason');
    const huge = await staff.post<ErrorAnswer>('venues/demo/slot-cancellations', { ...body, selection: { slot_ids: [2 ** 31] } });
    expect(huge.status).toBe(400);
    const none = await staff.post<ErrorAnswer>('venues/demo/slot-cancellations', { ...body, reason: '' });
    expect(none.body.field).toBe('reason');
    expect((await staff.get('venues/demo/slot-cancellations/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await staff.get('venues/demo/slot-cancellations/not-a-uuid')).status).toBe(400);
    // Nothing was started by any refusal.
    const [sale] = await rows<{ is_on_sale: boolean }>(
      ctx.db,
      sql`select is_on_sale from product_time_spans where id = ${slot.timeSpanId}`,
    );
    expect(sale?.is_on_sale).toBe(true);
  });
});
