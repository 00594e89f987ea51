import type { SelfCancelResult, TicketView } from '@storefront/domain/api/tickets';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { gateOf } from '../../../test/gate.ts';
import { slotCounters } from '../../../test/orders.ts';
import { buyTickets, setCheckInGrace } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';

type ErrorAnswer = { error: string; reason?: string; field?: string; message?: string };

describeEachEngine('a visitor cancels their own booking', (ctx) => {
  const server = useTestApp(ctx);
  const cafe = () => apiFor(server.app, 'cafe-lumen');
  let tableId = 0;

  beforeAll(async () => {
    await setCheckInGrace(ctx.db, 'cafe-lumen', 60 * 24 * 30);
    const [table] = await rows<{ id: number }>(
      ctx.db,
      sql`select p.id from products p join sites s on s.id = p.site_id where s.code = 'cafe-lumen' and p.key = 'table'`,
    );
    tableId = table?.id ?? 0;
  });
  // The seed's rule for the cafe's tables (its stated policy), put back before every test.
  beforeEach(async () => {
    await setRule(24, 0);
  });

  async function setRule(hoursBefore: number | null, fee: number) {
    await ctx.db.execute(
      sql`update products set self_cancel_hours_before = ${hoursBefore}, self_cancel_fee = ${fee} where id = ${tableId}`,
    );
  }

  /** A completed cafe booking of `quantity` adult seats, paid by card through the sandbox. */
  async function booked(quantity: number) {
    const api = cafe();
    const bought = await buyTickets(api, ctx.db, {
      variant: 'cafe-lumen',
      productKey: 'table',
      paymentMethod: 'softbank_credit',
      quantity,
    });
    const [order] = await rows<{ id: string }>(
      ctx.db,
      sql`select id from orders where reservation_number = ${bought.reservationNumber}`,
    );
    return { ...bought, api, orderId: order?.id ?? '' };
  }

  const view = async (api: ReturnType<typeof apiFor>, token: string, lang = 'en') =>
    (await api.get<TicketView>(`tickets/${token}?lang=${lang}`)).body;
  const cancel = (api: ReturnType<typeof apiFor>, token: string, body: Record<string, unknown> = { lang: 'en' }) =>
    api.post<SelfCancelResult & ErrorAnswer>(`tickets/${token}/cancel`, body);
  const ticketsOf = (orderId: string) =>
    rows<{ status: string; generation: number }>(
      ctx.db,
      sql`select status, generation from tickets where order_id = ${orderId} order by position`,
    );
  const refundsOf = (orderId: string) =>
    rows<{ amount: number; status: string; requested_by: string; staff_id: number | null }>(
      ctx.db,
      sql`select amount, status, requested_by, staff_id from refunds where order_id = ${orderId} order by created_at`,
    );
  const mailsOf = (orderId: string) =>
    rows<{ kind: string; lang: string; subject: string; text_body: string }>(
      ctx.db,
      sql`select kind, lang, subject, text_body from outbox where order_id = ${orderId} and kind like 'cancellation%'`,
    );
  const auditsOf = async (orderId: string) =>
    (
      await rows<{ actor_type: string; actor_id: number | null; action: string; changes: unknown; client_ip: string | null }>(
        ctx.db,
        sql`select actor_type, actor_id, action, changes, client_ip from audit_log where object_id = ${orderId} order by id`,
      )
    ).map((a) => ({
      ...a,
      changes: (typeof a.changes === 'string' ? JSON.parse(a.changes) : a.changes) as Record<string, unknown>,
    }));
  const gatewayRefunded = async (orderId: string) =>
    (
      await rows<{ refunded: number }>(
        ctx.db,
        sql`select c.refunded_amount as refunded from sandbox_charges c
            join payments p on p.provider_reference = c.reference where p.order_id = ${orderId} and p.completed_at is not null`,
      )
    )[0]?.refunded;
  const slotStart = async (timeSpanId: number) =>
    (await rows<{ starts_at: Date | string }>(ctx.db, sql`select starts_at from product_time_spans where id = ${timeSpanId}`))[0]
      ?.starts_at;

  it('shows the holder the deadline in the venue’s time, the fee and the refund; cancels, refunds and gives places back once', async () => {
    const booking = await booked(2);
    const before = await slotCounters(ctx.db, booking.slot.timeSpanId);
    const shown = await view(booking.api, booking.reservationToken);
    const startsAt = new Date(String(await slotStart(booking.slot.timeSpanId)));
    expect(shown.selfCancel).toEqual({
      isOpen: true,
      refusal: null,
      until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+09:00$/),
      fee: 0,
      refund: booking.total,
      admissions: 2,
    });
    expect(new Date(shown.selfCancel?.until ?? '').getTime()).toBe(startsAt.getTime() - 24 * 3_600_000);

    const done = await cancel(booking.api, booking.reservationToken, { lang: 'kr' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ cancelled: 2, refund: booking.total, fee: 0, currency: 'JPY' });

    expect((await ticketsOf(booking.orderId)).map((t) => [t.status, t.generation])).toEqual([
      ['cancelled', 2],
      ['cancelled', 2],
    ]);
    const after = await slotCounters(ctx.db, booking.slot.timeSpanId);
    expect(after.sold).toBe(before.sold - 2);
    expect(await refundsOf(booking.orderId)).toEqual([
      { amount: booking.total, status: 'succeeded', requested_by: 'visitor', staff_id: null },
    ]);
    expect(await gatewayRefunded(booking.orderId)).toBe(booking.total);

    // The notice in the language the visitor used, queued once.
    const mails = await mailsOf(booking.orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'cancellation_by_visitor', lang: 'kr' });
    expect(mails[0]?.subject).toContain(booking.reservationNumber);
    expect(mails[0]?.text_body).toContain('¥600');

    // Staff see who did it in the order's history.
    const audits = (await auditsOf(booking.orderId)).filter((a) => a.action === 'cancelled_by_visitor');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_type: 'visitor', actor_id: null });
    expect(audits[0]?.changes).toMatchObject({
      reservation_number: booking.reservationNumber,
      places_given_back: 2,
      refund: { mode: 'shares', fee: 0, amount: booking.total },
    });

    const now = await view(booking.api, booking.reservationToken);
    expect(now.admissions.map((a) => [a.ticketStatus, a.status])).toEqual([
      ['cancelled', 'invalid'],
      ['cancelled', 'invalid'],
    ]);
    expect(now.partyQr).toBeNull();
    expect(now.selfCancel).toMatchObject({ isOpen: false, refusal: 'nothing to cancel', refund: 0, admissions: 0 });

    // Again: nothing is left, and nothing more happens.
    const again = await cancel(booking.api, booking.reservationToken);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'conflict', reason: 'nothing to cancel' });
    expect(await refundsOf(booking.orderId)).toHaveLength(1);
    expect(await mailsOf(booking.orderId)).toHaveLength(1);
    expect((await slotCounters(ctx.db, booking.slot.timeSpanId)).sold).toBe(before.sold - 2);
  });

  it('keeps the product’s fee once per booking', async () => {
    await setRule(24, 100);
    const booking = await booked(2);
    expect((await view(booking.api, booking.reservationToken)).selfCancel).toMatchObject({
      fee: 100,
      refund: booking.total - 100,
    });
    const done = await cancel(booking.api, booking.reservationToken);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ refund: booking.total - 100, fee: 100 });
    expect((await refundsOf(booking.orderId)).map((r) => r.amount)).toEqual([booking.total - 100]);
    expect(await gatewayRefunded(booking.orderId)).toBe(booking.total - 100);
    expect((await mailsOf(booking.orderId))[0]?.text_body).toContain('¥100');
  });

  it('refuses after the deadline, changing nothing', async () => {
    const booking = await booked(1);
    // The slot is at most a few weeks ahead: a rule of 60 days has passed already.
    await setRule(24 * 60, 0);
    expect((await view(booking.api, booking.reservationToken)).selfCancel).toMatchObject({
      isOpen: false,
      refusal: 'deadline passed',
    });
    const refused = await cancel(booking.api, booking.reservationToken);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'conflict', reason: 'deadline passed' });
    expect((await ticketsOf(booking.orderId)).map((t) => t.status)).toEqual(['valid']);
    expect(await refundsOf(booking.orderId)).toEqual([]);
    expect(await mailsOf(booking.orderId)).toEqual([]);
  });

  it('never offers it where the product has no rule', async () => {
    const booking = await booked(1);
    await setRule(null, 0);
    expect((await view(booking.api, booking.reservationToken)).selfCancel).toBeNull();
    const refused = await cancel(booking.api, booking.reservationToken);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'conflict', reason: 'not allowed' });
    expect((await ticketsOf(booking.orderId)).map((t) => t.status)).toEqual(['valid']);

    // The demo venue's products let nobody cancel.
    const demo = apiFor(server.app, 'demo');
    const bought = await buyTickets(demo, ctx.db, { quantity: 1 });
    expect((await view(demo, bought.reservationToken)).selfCancel).toBeNull();
    expect((await cancel(demo, bought.reservationToken)).body).toMatchObject({ error: 'conflict', reason: 'not allowed' });
  });

  it('refuses a share’s link and the receiver’s ticket: the booking is the holder’s', async () => {
    const booking = await booked(2);
    const share = await booking.api.post<{ share_token: string }>(`tickets/${booking.reservationToken}/shares`, {
      option_values: [{ option_value_id: booking.slot.adultOptionId, quantity: 1 }],
    });
    expect(share.status, JSON.stringify(share.body)).toBe(201);
    const byLink = await cancel(booking.api, share.body.share_token);
    expect(byLink.status).toBe(404);
    expect(byLink.body.error).toBe('ticket not found');
    const claimed = await booking.api.post<{ reservation_token: string }>(`shares/${share.body.share_token}/claim`);
    expect(claimed.status).toBe(200);
    expect((await view(booking.api, claimed.body.reservation_token)).selfCancel).toBeNull();
    const byReceiver = await cancel(booking.api, claimed.body.reservation_token);
    expect(byReceiver.status).toBe(404);
    expect(byReceiver.body.error).toBe('record not found');
    expect((await ticketsOf(booking.orderId)).map((t) => t.status)).toEqual(['valid', 'valid']);
    expect(await refundsOf(booking.orderId)).toEqual([]);

    // The holder still cancels the whole booking, the shared admission too.
    const done = await cancel(booking.api, booking.reservationToken);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.cancelled).toBe(2);
    expect((await view(booking.api, claimed.body.reservation_token)).admissions.map((a) => a.ticketStatus)).toEqual([
      'cancelled',
    ]);
  });

  it('refunds once when two cancels race, and gives the places back once', async () => {
    const booking = await booked(3);
    const before = await slotCounters(ctx.db, booking.slot.timeSpanId);
    const answers = await Promise.all([
      cancel(booking.api, booking.reservationToken),
      cancel(booking.api, booking.reservationToken),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.reason).toBe('nothing to cancel');
    expect((await refundsOf(booking.orderId)).map((r) => r.amount)).toEqual([booking.total]);
    expect(await gatewayRefunded(booking.orderId)).toBe(booking.total);
    expect((await slotCounters(ctx.db, booking.slot.timeSpanId)).sold).toBe(before.sold - 3);
    expect(await mailsOf(booking.orderId)).toHaveLength(1);
    expect((await auditsOf(booking.orderId)).filter((a) => a.action === 'cancelled_by_visitor')).toHaveLength(1);
  });

  it('lets a cancel and a check-in race end one way only', async () => {
    const gate = gateOf(server.app, ctx.db, 'demo');
    for (let round = 0; round < 3; round++) {
      const booking = await booked(2);
      const before = await slotCounters(ctx.db, booking.slot.timeSpanId);
      // The attendant scans the party's code on the visitor's screen as the visitor cancels.
      const { partyQr } = (await booking.api.get<TicketView>(`tickets/${booking.reservationToken}`)).body;
      const [cancelled, checkIn] = await Promise.all([cancel(booking.api, booking.reservationToken), gate(partyQr)]);
      expect(checkIn.status).toBe(200);
      const statuses = (await ticketsOf(booking.orderId)).map((t) => t.status);
      if (cancelled.status === 200) {
        expect(checkIn.body.status).toBe('invalid');
        expect(statuses).toEqual(['cancelled', 'cancelled']);
        expect((await refundsOf(booking.orderId)).map((r) => r.amount)).toEqual([booking.total]);
        expect((await slotCounters(ctx.db, booking.slot.timeSpanId)).sold).toBe(before.sold - 2);
      } else {
        expect(cancelled.status).toBe(409);
        expect(cancelled.body.reason).toBe('visit begun');
        expect(checkIn.body).toMatchObject({ status: 'success', admitted: 2 });
        expect(statuses).toEqual(['used', 'used']);
        expect(await refundsOf(booking.orderId)).toEqual([]);
        expect((await slotCounters(ctx.db, booking.slot.timeSpanId)).sold).toBe(before.sold);
        expect(await mailsOf(booking.orderId)).toEqual([]);
      }
    }
  });

  describe('bad requests', () => {
    it('answers a clear 4xx, never a 500, and changes nothing', async () => {
      const booking = await booked(1);
      const api = booking.api;
      expect((await cancel(api, 'x'.repeat(22))).body).toMatchObject({ error: 'ticket not found' });
      const badToken = await cancel(api, 'not a token!');
      expect(badToken.status).toBe(400);
      const badLang = await cancel(api, booking.reservationToken, { lang: 'xx' });
      expect(badLang.status).toBe(400);
      expect(badLang.body).toMatchObject({ error: 'invalid request', field: 'lang' });
      const nul = await cancel(api, booking.reservationToken, { lang: 'e\u0000n' });
      expect(nul.status).toBe(400);
      const huge = await cancel(api, booking.reservationToken, { lang: 2 ** 31 });
      expect(huge.status).toBe(400);
      // Without the XSRF pair a page elsewhere cannot cancel for the visitor.
      const forged = await server.app.inject({
        method: 'POST',
        url: `/cafe-lumen/api/v1/tickets/${booking.reservationToken}/cancel`,
        payload: { lang: 'en' },
      });
      expect(forged.statusCode).toBe(403);
      expect((await ticketsOf(booking.orderId)).map((t) => t.status)).toEqual(['valid']);
      expect(await refundsOf(booking.orderId)).toEqual([]);
    });
  });
});
