import { DEFAULT_DATE_CHANGE_SETTINGS } from '@storefront/domain/date-change';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { lapse, otherSlot, setDateChangeRules, slotState } from '../../../test/date-changes.ts';
import { gateOf } from '../../../test/gate.ts';
import { answerGateway as answerGateway_, card } from '../../../test/payments.ts';
import { type Bought, buyTickets, setCheckInGrace } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';
import { hashToken } from '../../lib/tokens.ts';
import { SANDBOX_CARDS } from '../payments/providers/sandbox-gateway.ts';

type Body = Record<string, unknown> & { error?: string; field?: string };
type View = {
  time_change_token?: string;
  status: string;
  amounts: { paid: number; newTotal: number; fee: number; toPay: number; toRefund: number };
  from: { timeSpanId: number };
  to: { timeSpanId: number };
};
type TicketView = { admissions: { id: string; qr: string; status: string }[]; date: string; reservationFrom: string };

describeEachEngine('date change API', (ctx) => {
  const test = useTestApp(ctx);
  let api: ReturnType<typeof apiFor>;
  beforeAll(async () => {
    api = apiFor(test.app, 'demo');
    await setCheckInGrace(ctx.db, 'demo', 60 * 24 * 60);
  });
  beforeEach(async () => {
    await setDateChangeRules(ctx.db, 'demo', { ...DEFAULT_DATE_CHANGE_SETTINGS, deadlineMinutes: 0 });
  });

  async function startChange(bought: Bought, offsetDays = 4, body: Record<string, unknown> = {}) {
    const to = await otherSlot(ctx.db, bought.slot.productId, offsetDays);
    const created = await api.post<View & Body>(`timechanges/tickets/${bought.reservationToken}`, {
      lang: 'en',
      time_span_id: to,
      ...body,
    });
    return { to, created };
  }

  const answerGateway = (redirectUrl: string, action: string) => answerGateway_(test.app, redirectUrl, action);

  async function changeStatus(token: string) {
    const [row] = await rows<{ status: string }>(
      ctx.db,
      sql`select status from time_changes where token_hash = ${hashToken(token)}`,
    );
    return row?.status;
  }

  it('shows what the ticket may change to, with its deadline, fee and policy', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const info = await api.get<Body>(`timechanges/tickets/${bought.reservationToken}?lang=en`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      reservationNumber: bought.reservationNumber,
      quantity: 2,
      paid: bought.total,
      current: { timeSpanId: bought.slot.timeSpanId },
      product: { uuid: bought.slot.productUuid, type: 'time' },
      feePerAdmission: 0,
      cheaperNewSlot: 'no_refund',
    });
  });

  it('changes a ticket for free: one transaction moves places, order and admissions; the old QR is refused', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const before = (await api.get<TicketView>(`tickets/${bought.reservationToken}?lang=en`)).body;
    const { to, created } = await startChange(bought);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', amounts: { toPay: 0, toRefund: 0, fee: 0 } });
    expect(await slotState(ctx.db, to)).toEqual({ sold: 0, held: 2, live: 2 });
    const token = created.body.time_change_token as string;
    expect((await api.get<View>(`timechanges/${token}?lang=en`)).body.status).toBe('pending');

    const done = await api.post<Body>(`timechanges/${token}/confirm`, { reservation_token: bought.reservationToken });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', reservation_number: bought.reservationNumber, refund: null });
    expect(await slotState(ctx.db, bought.slot.timeSpanId)).toMatchObject({ sold: 0 });
    expect(await slotState(ctx.db, to)).toEqual({ sold: 2, held: 0, live: 0 });

    // The same reservation token opens the ticket at its new slot, with new QR payloads.
    const after = (await api.get<TicketView>(`tickets/${bought.reservationToken}?lang=en`)).body;
    expect(after.reservationFrom).not.toBe(before.reservationFrom);
    expect(after.admissions.map((a) => a.id)).toEqual(before.admissions.map((a) => a.id));
    expect(after.admissions[0]?.qr).not.toBe(before.admissions[0]?.qr);
    const scan = gateOf(test.app, ctx.db, 'demo');
    expect((await scan(before.admissions[0]?.qr)).body.status).toBe('changed');
    expect((await scan(after.admissions[0]?.qr)).body.status).toBe('success');

    const [mail] = await rows<{ to_address: string; text_body: string }>(
      ctx.db,
      sql`select to_address, text_body from outbox where kind = 'time_change_confirmation' order by created_at desc limit 1`,
    );
    expect(mail?.to_address).toBe(bought.email);
    expect(mail?.text_body).toContain(bought.reservationNumber);
    const again = await api.post<Body>(`timechanges/${token}/confirm`, { reservation_token: bought.reservationToken });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'time change status is not pending', is_time_change: true });
  });

  it('sends the confirmation to another address when given one, and refuses a bad one', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    const bad = await startChange(bought, 4, { email: 'not-an-address' });
    expect(bad.created.status).toBe(400);
    expect(bad.created.body).toMatchObject({
      error: 'invalid email address in time change',
      is_time_change: true,
      old_reservation_token: bought.reservationToken,
    });
    const { created } = await startChange(bought, 4, { email: 'friend@example.com' });
    expect(created.status).toBe(201);
    const token = created.body.time_change_token as string;
    expect((await api.post(`timechanges/${token}/confirm`, { reservation_token: bought.reservationToken })).status).toBe(200);
    const [mail] = await rows<{ to_address: string }>(
      ctx.db,
      sql`select to_address from outbox where kind = 'time_change_confirmation' order by created_at desc limit 1`,
    );
    expect(mail?.to_address).toBe('friend@example.com');
  });

  it('charges the fee through 3-D Secure: waiting meanwhile, a second change refused, completed on return', async () => {
    await setDateChangeRules(ctx.db, 'demo', { feePerAdmission: 500 });
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const { to, created } = await startChange(bought);
    expect(created.body.amounts).toMatchObject({ fee: 1000, toPay: 1000 });
    const token = created.body.time_change_token as string;
    const tokens = { reservation_token: bought.reservationToken };
    const free = await api.post<Body>(`timechanges/${token}/confirm`, tokens);
    expect(free.status).toBe(400);
    expect(free.body.field).toBe('payment_method');

    const started = await api.post<{ status: string; redirect_url: string }>(`timechanges/${token}/checkout`, {
      ...tokens,
      payment_method: 'gmo_3ds',
      card: card(SANDBOX_CARDS.success),
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.status).toBe('requires_action');
    expect(await changeStatus(token)).toBe('waiting');
    const second = await startChange(bought, 6);
    expect(second.created.status).toBe(409);
    expect(second.created.body.error).toBe('waiting time change exists');
    expect((await api.delete<Body>(`timechanges/${token}`)).body.error).toBe('time change status is not pending');

    const back = await answerGateway(started.body.redirect_url, 'pass');
    expect(back).toContain('#/payment-callback/gmo3ds?md=');
    expect(back).toContain('time_change=true');
    const md = new URL(back.replace('#', '')).searchParams.get('md') as string;
    const finished = await api.post<Body>('gmo-secure/exe-payment', { md });
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(finished.body).toMatchObject({ status: 'completed', reservation_number: bought.reservationNumber });
    expect(await changeStatus(token)).toBe('completed');
    expect(await slotState(ctx.db, to)).toMatchObject({ sold: 2, held: 0 });
    // Replayed: the same answer, nothing sold twice.
    expect((await api.post<Body>('gmo-secure/exe-payment', { md })).body.status).toBe('completed');
    expect(await slotState(ctx.db, to)).toMatchObject({ sold: 2 });
    const [payment] = await rows<{ amount: number; status: string; linked: boolean }>(
      ctx.db,
      sql`select amount, status, time_change_id is not null as linked from payments where payment_number = ${md}`,
    );
    expect(payment).toEqual({ amount: 1000, status: 'captured', linked: true });
  });

  it('a declined payment says so with the time-change fields; the change can be paid again', async () => {
    await setDateChangeRules(ctx.db, 'demo', { feePerAdmission: 300 });
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    const { created } = await startChange(bought);
    const token = created.body.time_change_token as string;
    const pay = (number: string) =>
      api.post<Body>(`timechanges/${token}/checkout`, {
        reservation_token: bought.reservationToken,
        payment_method: 'gmo',
        card: card(number),
      });
    const declined = await pay(SANDBOX_CARDS.decline);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({
      error: 'payment_api_failure',
      can_retry: true,
      is_time_change: true,
      old_reservation_token: bought.reservationToken,
      time_change_token: token,
    });
    expect(await changeStatus(token)).toBe('pending');
    const paid = await pay(SANDBOX_CARDS.success);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.status).toBe('completed');
  });

  it('a change left until its hold lapses expires: the ticket and both slots are as before', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const before = (await api.get<TicketView>(`tickets/${bought.reservationToken}?lang=en`)).body;
    const { to, created } = await startChange(bought);
    const token = created.body.time_change_token as string;
    await lapse(ctx.db, token, hashToken);
    expect(await slotState(ctx.db, to)).toMatchObject({ live: 0 });
    expect((await api.get<View>(`timechanges/${token}?lang=en`)).body.status).toBe('expired');
    const late = await api.post<Body>(`timechanges/${token}/confirm`, { reservation_token: bought.reservationToken });
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ error: 'time change expired', is_time_change: true, time_change_token: token });
    expect(await slotState(ctx.db, to)).toEqual({ sold: 0, held: 0, live: 0 });
    expect(await slotState(ctx.db, bought.slot.timeSpanId)).toMatchObject({ sold: 2 });
    const after = (await api.get<TicketView>(`tickets/${bought.reservationToken}?lang=en`)).body;
    expect(after.admissions.map((a) => a.qr)).toEqual(before.admissions.map((a) => a.qr));
    // A lapsed change does not stand in the way of a new one.
    expect((await startChange(bought, 6)).created.status).toBe(201);
  });

  it('gives up a pending change: its places go back and another change may start', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    const { to, created } = await startChange(bought);
    const token = created.body.time_change_token as string;
    const blocked = await startChange(bought, 6);
    expect(blocked.created.status).toBe(409);
    expect(blocked.created.body.error).toBe('waiting time change exists');
    expect((await api.delete(`timechanges/${token}`)).status).toBe(204);
    expect(await slotState(ctx.db, to)).toEqual({ sold: 0, held: 0, live: 0 });
    expect(await changeStatus(token)).toBe('cancelled');
    expect((await startChange(bought, 6)).created.status).toBe(201);
  });

  it('says time_change_out_of_stock when the new slot is full', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const to = await otherSlot(ctx.db, bought.slot.productId, 4, 1);
    const created = await api.post<Body>(`timechanges/tickets/${bought.reservationToken}`, { time_span_id: to });
    expect(created.status).toBe(409);
    expect(created.body).toMatchObject({ error: 'time_change_out_of_stock', is_time_change: true });
    expect(await slotState(ctx.db, to)).toEqual({ sold: 0, held: 0, live: 0 });
  });

  it('refuses tickets the site does not let change, with their dialogs', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const info = () => api.get<Body>(`timechanges/tickets/${bought.reservationToken}`);
    await setDateChangeRules(ctx.db, 'demo', { isEnabled: false });
    expect((await info()).body.error).toBe('cannot change ticket');
    await setDateChangeRules(ctx.db, 'demo', { isEnabled: true, productKeys: ['no-such-product'] });
    expect((await info()).body.error).toBe('cannot change ticket');
    await setDateChangeRules(ctx.db, 'demo', { productKeys: null, deadlineMinutes: 60 * 24 * 400 });
    expect((await info()).body.error).toBe('cannot change ticket');
    await setDateChangeRules(ctx.db, 'demo', { deadlineMinutes: 0, discountedPaymentMethods: ['gmo'] });
    const discounted = await info();
    expect(discounted.status).toBe(400);
    expect(discounted.body.error).toBe('cannot change ticket because payment method discount');
    await setDateChangeRules(ctx.db, 'demo', { discountedPaymentMethods: [] });
    expect((await info()).status).toBe(200);
    const to = await otherSlot(ctx.db, bought.slot.productId, 4);
    await setDateChangeRules(ctx.db, 'demo', { isEnabled: false });
    const created = await api.post<Body>(`timechanges/tickets/${bought.reservationToken}`, { time_span_id: to });
    expect(created.body.error).toBe('cannot change ticket');
  });

  it('refuses a ticket with an admission used at the gate, or shared', async () => {
    const used = await buyTickets(api, ctx.db, { quantity: 2 });
    const view = (await api.get<TicketView>(`tickets/${used.reservationToken}`)).body;
    expect((await gateOf(test.app, ctx.db, 'demo')(view.admissions[0]?.qr)).body.status).toBe('success');
    expect((await api.get<Body>(`timechanges/tickets/${used.reservationToken}`)).body.error).toBe('cannot change ticket');
    const shared = await buyTickets(api, ctx.db, { quantity: 2 });
    const share = await api.post(`tickets/${shared.reservationToken}/shares`, {
      option_values: [{ option_value_id: shared.slot.adultOptionId, quantity: 1 }],
    });
    expect(share.status).toBe(201);
    expect((await api.get<Body>(`timechanges/tickets/${shared.reservationToken}`)).body.error).toBe('cannot change ticket');
  });

  it('re-checks the coupons at the new date', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    const to = await otherSlot(ctx.db, bought.slot.productId, 5);
    const [slot] = await rows<{ old: string; siteId: number }>(
      ctx.db,
      sql`select t.date::text as old, s.id as "siteId" from product_time_spans t join products p on p.id = t.product_id
          join sites s on s.id = p.site_id where t.id = ${bought.slot.timeSpanId}`,
    );
    const addCoupon = async (code: string, expires: string) => {
      await ctx.db.execute(sql`
        insert into coupons (site_id, code, name, discount_type, discount_amount, coverage_from, coverage_to, expires_at, channels)
        values (${slot?.siteId}, ${code}, '{"en":"Old date only"}'::jsonb, 'fixed', 100, ${slot?.old}::date, ${slot?.old}::date,
                ${expires}::timestamptz, '{web}')`);
      await ctx.db.execute(sql`
        insert into order_coupons (order_id, coupon_id)
        select o.id, c.id from orders o, coupons c where o.reservation_number = ${bought.reservationNumber} and c.code = ${code}`);
    };
    await addCoupon('TC-COVER', new Date(Date.now() + 86_400_000).toISOString());
    const outOfCoverage = await api.post<Body>(`timechanges/tickets/${bought.reservationToken}`, { time_span_id: to });
    expect(outOfCoverage.body.error).toBe('time_change: out of coverage dates');
    await ctx.db.execute(sql`delete from order_coupons where coupon_id = (select id from coupons where code = 'TC-COVER')`);
    await addCoupon('TC-EXPIRED', new Date(Date.now() - 60_000).toISOString());
    const expired = await api.post<Body>(`timechanges/tickets/${bought.reservationToken}`, { time_span_id: to });
    expect(expired.body.error).toBe('time_change: expired coupon');
    expect(await slotState(ctx.db, to)).toEqual({ sold: 0, held: 0, live: 0 });
  });

  it('refunds a cheaper change by the site policy, or keeps the difference', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    // Bought when the admission cost 200 more than the catalogue says now.
    await ctx.db.execute(sql`update orders set total = total + 200 where reservation_number = ${bought.reservationNumber}`);
    await ctx.db.execute(sql`
      update payments set amount = amount + 200
      where order_id = (select id from orders where reservation_number = ${bought.reservationNumber})`);
    const kept = await startChange(bought);
    expect(kept.created.body.amounts).toMatchObject({ paid: bought.total + 200, toPay: 0, toRefund: 0, newTotal: bought.total });
    await api.delete(`timechanges/${kept.created.body.time_change_token}`);
    await setDateChangeRules(ctx.db, 'demo', { cheaperNewSlot: 'refund_difference' });
    const { created } = await startChange(bought, 6);
    expect(created.body.amounts).toMatchObject({ toPay: 0, toRefund: 200 });
    const done = await api.post<Body>(`timechanges/${created.body.time_change_token}/confirm`, {
      reservation_token: bought.reservationToken,
    });
    expect(done.body).toMatchObject({ status: 'completed', refund: { amount: 200, status: 'refunded' } });
    const [charge] = await rows<{ refunded: number }>(
      ctx.db,
      sql`select c.refunded_amount as refunded from sandbox_charges c
          join payments p on p.provider_reference = c.reference
          join orders o on o.id = p.order_id where o.reservation_number = ${bought.reservationNumber}`,
    );
    expect(charge?.refunded).toBe(200);
  });

  it('asks again for the refund of a change completed just before the process stopped', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    await ctx.db.execute(sql`update orders set total = total + 300 where reservation_number = ${bought.reservationNumber}`);
    await ctx.db.execute(sql`
      update payments set amount = amount + 300
      where order_id = (select id from orders where reservation_number = ${bought.reservationNumber})`);
    await setDateChangeRules(ctx.db, 'demo', { cheaperNewSlot: 'refund_difference' });
    const { created } = await startChange(bought, 7);
    expect(
      (
        await api.post<Body>(`timechanges/${created.body.time_change_token}/confirm`, {
          reservation_token: bought.reservationToken,
        })
      ).status,
    ).toBe(200);
    // As the process would have left it: completed, the refund never asked.
    await ctx.db.execute(sql`
      update time_changes set refund_status = null, completed_at = app_now() - interval '5 minutes'
      where order_id = (select id from orders where reservation_number = ${bought.reservationNumber})`);
    await ctx.db.execute(sql`
      update sandbox_charges set status = 'captured', refunded_amount = 0 where reference = (
        select p.provider_reference from payments p join orders o on o.id = p.order_id where o.reservation_number = ${bought.reservationNumber})`);
    // Nor any record of it: the refund row, the gateway's refund and the ledger's event.
    const orderOf = sql`(select id from orders where reservation_number = ${bought.reservationNumber})`;
    await ctx.db.execute(sql`
      delete from sandbox_charges where idempotency_key in (select idempotency_key from refunds where order_id = ${orderOf})`);
    await ctx.db.execute(sql`delete from refunds where order_id = ${orderOf}`);
    await ctx.db.execute(sql`
      delete from payment_events where kind = 'partially_refunded' and payment_id in (select id from payments where order_id = ${orderOf})`);
    expect(await test.app.reconcilePayments(60)).toBeGreaterThanOrEqual(1);
    const [after] = await rows<{ refund_status: string; refunded: number }>(
      ctx.db,
      sql`select t.refund_status, c.refunded_amount as refunded from time_changes t
          join orders o on o.id = t.order_id join payments p on p.order_id = o.id
          join sandbox_charges c on c.reference = p.provider_reference
          where o.reservation_number = ${bought.reservationNumber}`,
    );
    expect(after).toEqual({ refund_status: 'refunded', refunded: 300 });
    // Settled: the change no longer owes anything, so nothing is asked twice.
    const [owed] = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from time_changes t join orders o on o.id = t.order_id
          where o.reservation_number = ${bought.reservationNumber} and t.refund_status is null and t.to_refund > 0`,
    );
    expect(owed?.n).toBe(0);
  });

  it('answers bad input with a 4xx naming the field', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    const post = (body: unknown) => api.post<Body>(`timechanges/tickets/${bought.reservationToken}`, body);
    expect((await post({ time_span_id: 'x' })).body).toMatchObject({ error: 'invalid request', field: 'time_span_id' });
    expect((await post({})).body.field).toBe('time_span_id');
    expect((await post({ time_span_id: 1, lang: 'fr' })).body.field).toBe('lang');
    const same = await post({ time_span_id: bought.slot.timeSpanId });
    expect(same.status).toBe(400);
    expect(same.body.field).toBe('time_span_id');
    expect((await post({ time_span_id: 2_000_000_000 })).body.error).toBe('no stock has been registered for this product');
    expect((await api.get<Body>('timechanges/tickets/not-a-token!')).status).toBe(400);
    const unknown = await api.get<Body>('timechanges/tickets/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ticket not found');
    expect((await api.get<Body>('timechanges/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await api.delete<Body>('timechanges/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);

    const { created } = await startChange(bought);
    const token = created.body.time_change_token as string;
    expect((await api.post<Body>(`timechanges/${token}/confirm`, {})).body.field).toBe('reservation_token');
    const other = await buyTickets(api, ctx.db, { quantity: 1 });
    const wrongPair = await api.post<Body>(`timechanges/${token}/confirm`, { reservation_token: other.reservationToken });
    expect(wrongPair.status).toBe(404);
    const checkout = (body: Record<string, unknown>) =>
      api.post<Body>(`timechanges/${token}/checkout`, { reservation_token: bought.reservationToken, ...body });
    expect((await checkout({ payment_method: 'cash' })).body.field).toBe('payment_method');
    const nothingDue = await checkout({ payment_method: 'gmo', card: card(SANDBOX_CARDS.success) });
    expect(nothingDue.status).toBe(400);
    expect(nothingDue.body).toMatchObject({ field: 'payment_method', is_time_change: true });
    expect(await changeStatus(token)).toBe('pending');
    const noXsrf = await test.app.inject({
      method: 'POST',
      url: `/demo/api/v1/timechanges/${token}/confirm`,
      payload: { reservation_token: bought.reservationToken },
    });
    expect(noXsrf.statusCode).toBe(403);
  });
});
