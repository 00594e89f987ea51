import { randomUUID } from 'node:crypto';
import type { OrderContact, OrderDetail, OrderMail, OrderNote, ResentTicketMail } from '@storefront/domain/console/order-detail';
import type { Right } from '@storefront/domain/console/rights';
import { DEFAULT_DATE_CHANGE_SETTINGS } from '@storefront/domain/date-change';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { type ConsoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { auditSince, browser, lastAuditId, siteIdOf } from '../../../test/console-staff.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { otherSlot, setDateChangeRules } from '../../../test/date-changes.ts';
import { gateOf } from '../../../test/gate.ts';
import { freshSlot, orderBody } from '../../../test/orders.ts';
import { buyTickets, setCheckInGrace } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';

type ErrorAnswer = { error: string; field?: string; message?: string };

describeEachEngine('console order detail', (ctx) => {
  const server = useTestApp(ctx);
  const shop = () => apiFor(server.app, 'demo');
  beforeAll(async () => {
    await setCheckInGrace(ctx.db, 'demo', 60 * 24 * 60);
    await setDateChangeRules(ctx.db, 'demo', { ...DEFAULT_DATE_CHANGE_SETTINGS, deadlineMinutes: 0 });
  });

  const members = new Map<string, Promise<ConsoleClient & { email: string }>>();
  /** A signed-in member of a team with these rights at the demo venue (or at every venue). */
  function memberWith(rights: Right[], options: { allVenues?: boolean } = {}) {
    const key = JSON.stringify([rights, options]);
    const known = members.get(key);
    if (known) return known;
    const made = (async () => {
      const team = await makeTeam(ctx.db, {
        rights,
        ...(options.allVenues ? {} : { venueIds: [await siteIdOf(ctx.db, 'demo')] }),
      });
      const member = await makeStaff(ctx.db, { teamIds: [team.id] });
      const client = browser(server.app);
      await signIn(client, member.email);
      return Object.assign(client, { email: member.email });
    })();
    members.set(key, made);
    return made;
  }

  async function orderIdOf(reservationNumber: string): Promise<string> {
    const [row] = await rows<{ id: string }>(ctx.db, sql`select id from orders where reservation_number = ${reservationNumber}`);
    if (!row) throw new Error(`no order ${reservationNumber}`);
    return row.id;
  }

  /** The audit entries about orders since `afterId` (signing staff in writes its own). */
  const orderAudit = async (afterId: number) => (await auditSince(ctx.db, afterId)).filter((a) => a.object_type === 'order');

  async function customerFields(orderId: string) {
    const [row] = await rows<{ customer_fields: Record<string, string> }>(
      ctx.db,
      sql`select customer_fields from orders where id = ${orderId}`,
    );
    return row?.customer_fields;
  }

  it('shows a completed order with its payment, mails, date change, check-in and note in time order', async () => {
    const api = shop();
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const orderId = await orderIdOf(bought.reservationNumber);

    // The visitor moves to another day, then enters with the new ticket.
    const to = await otherSlot(ctx.db, bought.slot.productId, 4);
    const change = await api.post<{ time_change_token: string }>(`timechanges/tickets/${bought.reservationToken}`, {
      lang: 'en',
      time_span_id: to,
    });
    expect(change.status, JSON.stringify(change.body)).toBe(201);
    const confirmed = await api.post(`timechanges/${change.body.time_change_token}/confirm`, {
      reservation_token: bought.reservationToken,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const view = await api.get<{ admissions: { qr: string }[] }>(`tickets/${bought.reservationToken}?lang=en`);
    const scan = await gateOf(server.app, ctx.db, 'demo')(view.body.admissions[0]?.qr);
    expect(scan.body.status).toBe('success');

    const writer = await memberWith(['orders:write']);
    const note = await writer.post<OrderNote>(`venues/demo/orders/${orderId}/notes`, { body: '  Called about parking.  ' });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body).toMatchObject({ body: 'Called about parking.', staff_label: writer.email });

    const reader = await memberWith(['orders:read']);
    const detail = await reader.get<OrderDetail>(`venues/demo/orders/${orderId}`);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    const order = detail.body;
    expect(order).toMatchObject({
      id: orderId,
      reservation_number: bought.reservationNumber,
      status: 'completed',
      quantity: 2,
      total: bought.total,
      currency: 'JPY',
      slot: { id: to },
      contact: { email: bought.email, fullname: 'Hanako Yamada', phone: '090-1234-5678' },
    });
    expect(order.lines).toEqual([
      expect.objectContaining({ kind: 'option', id: bought.slot.adultOptionId, quantity: 2, unit_price: bought.slot.adultPrice }),
    ]);
    expect(order.admissions.map((a) => [a.position, a.status])).toEqual([
      [1, 'used'],
      [2, 'valid'],
    ]);
    expect(order.admissions[0]?.checked_in_at).not.toBeNull();
    expect(order.payments).toEqual([expect.objectContaining({ provider: 'sandbox', amount: bought.total, status: 'captured' })]);
    expect(order.notes).toEqual([expect.objectContaining({ body: 'Called about parking.' })]);

    const times = order.timeline.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const kinds = order.timeline.map((e) => e.kind);
    const first = (kind: string) => kinds.indexOf(kind as (typeof kinds)[number]);
    for (const kind of [
      'order_created',
      'payment_started',
      'payment_event',
      'order_completed',
      'mail',
      'date_change_started',
      'date_change_completed',
      'check_in',
      'note',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    expect(first('order_created')).toBe(0);
    expect(first('payment_started')).toBeLessThan(first('order_completed'));
    expect(first('order_completed')).toBeLessThan(first('date_change_started'));
    expect(first('date_change_started')).toBeLessThanOrEqual(first('date_change_completed'));
    expect(first('date_change_completed')).toBeLessThan(first('check_in'));
    expect(first('check_in')).toBeLessThan(first('note'));
    const mails = order.timeline.filter((e) => e.kind === 'mail');
    expect(mails.map((m) => m.detail.mail_kind)).toEqual(['order_confirmation', 'time_change_confirmation']);
    expect(mails.every((m) => m.detail.to === bought.email && m.mail_id !== null)).toBe(true);
    expect(order.timeline.find((e) => e.kind === 'note')).toMatchObject({
      actor: writer.email,
      detail: { body: 'Called about parking.' },
    });
    expect(order.timeline.find((e) => e.kind === 'check_in')?.detail).toMatchObject({ position: 1, gate: 'east', mode: 'gate' });

    // Each mail opens as it was sent; another order's mail is not this order's.
    const mail = await reader.get<OrderMail>(`venues/demo/orders/${orderId}/mails/${mails[0]?.mail_id}`);
    expect(mail.status).toBe(200);
    expect(mail.body).toMatchObject({ kind: 'order_confirmation', to: bought.email });
    expect(mail.body.text).toContain(bought.reservationNumber);
    expect(mail.body.html).toContain('<');
    // The ticket link's token would open the visitor's booking: staff see the link without it.
    expect(mail.body.text).toContain('/tickets/?lang=en#/id/••••••');
    expect(mail.body.text).not.toContain(bought.reservationToken);
    expect(mail.body.html).not.toContain(bought.reservationToken);
    // Its HTML opens as a page of its own for the console's sandboxed frame: styles allowed,
    // nothing run, framed by the console only, the token hidden there too.
    const page = await reader.get<string>(`venues/demo/orders/${orderId}/mails/${mails[0]?.mail_id}/view`);
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("style-src 'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toMatch(/(^|;)\s*sandbox(;|$)/);
    expect(policy).not.toContain('script-src');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(page.body)).toContain(bought.reservationNumber);
    expect(String(page.body)).not.toContain(bought.reservationToken);
    const other = await buyTickets(api, ctx.db, { quantity: 1, email: 'someone.else@example.com' });
    const otherId = await orderIdOf(other.reservationNumber);
    const otherDetail = await reader.get<OrderDetail>(`venues/demo/orders/${otherId}`);
    const otherMail = otherDetail.body.timeline.find((e) => e.kind === 'mail')?.mail_id;
    expect(otherMail).toBeTruthy();
    expect((await reader.get(`venues/demo/orders/${orderId}/mails/${otherMail}`)).status).toBe(404);
  });

  it('shows the places held for the order and for its date change: when taken, how many, until when, and sold', async () => {
    const api = shop();
    const [before] = await rows<{ at: string }>(ctx.db, sql`select app_now()::text as at`);
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const orderId = await orderIdOf(bought.reservationNumber);
    // A hold taken now records its time by itself.
    const [taken] = await rows<{ created_at: string | null; after: boolean }>(
      ctx.db,
      sql`select created_at::text, created_at >= ${before?.at ?? ''}::timestamptz and created_at <= app_now() as after
          from stock_holds where order_id = ${orderId}`,
    );
    expect(taken?.created_at).not.toBeNull();
    expect(taken?.after).toBe(true);
    // A hold from before times were recorded has no moment to be shown at; one given back is shown so.
    await ctx.db.execute(
      sql`insert into stock_holds (order_id, time_span_id, quantity, expires_at, created_at, released_at) values
            (${orderId}, ${bought.slot.timeSpanId}, 3, app_now(), null, app_now()),
            (${orderId}, ${bought.slot.timeSpanId}, 1, app_now() - interval '20 minutes', app_now() - interval '30 minutes', app_now() - interval '10 minutes')`,
    );
    const to = await otherSlot(ctx.db, bought.slot.productId, 4);
    const change = await api.post<{ time_change_token: string }>(`timechanges/tickets/${bought.reservationToken}`, {
      lang: 'en',
      time_span_id: to,
    });
    expect(change.status, JSON.stringify(change.body)).toBe(201);
    const confirmed = await api.post(`timechanges/${change.body.time_change_token}/confirm`, {
      reservation_token: bought.reservationToken,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);

    const reader = await memberWith(['orders:read']);
    const detail = await reader.get<OrderDetail>(`venues/demo/orders/${orderId}`);
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    const { timeline } = detail.body;
    const holds = timeline.filter((e) => e.kind === 'hold_taken');
    const ended = timeline.filter((e) => e.kind === 'hold_ended');
    expect(holds.map((e) => [e.detail.quantity, e.detail.for_date_change])).toEqual([
      [1, false],
      [2, false],
      [2, true],
    ]);
    const [given, own, changed] = holds;
    expect(Date.parse(own?.detail.expires_at as string)).toBeGreaterThan(Date.parse(own?.at ?? ''));
    expect(own?.detail).toMatchObject({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), set_product_id: null });
    expect(changed?.detail.date).not.toBe(own?.detail.date);
    expect(Date.parse(given?.at ?? '')).toBeLessThan(Date.parse(own?.at ?? ''));
    expect(ended.map((e) => [e.detail.quantity, e.detail.for_date_change, e.detail.outcome])).toEqual([
      [1, false, 'released'],
      [2, false, 'sold'],
      [2, true, 'sold'],
    ]);
    // The order's own hold was sold when the order completed, and taken after it was created.
    const at = (kind: string) => timeline.find((e) => e.kind === kind)?.at ?? '';
    expect(ended[1]?.at).toBe(at('order_completed'));
    expect(Date.parse(own?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(at('order_created')));
    const kinds = timeline.map((e) => e.kind);
    expect(kinds.indexOf('hold_taken', 1)).toBeLessThan(kinds.indexOf('order_completed'));
    expect(kinds.lastIndexOf('hold_taken')).toBeGreaterThan(kinds.indexOf('date_change_started'));
    expect(kinds.lastIndexOf('hold_ended')).toBeLessThan(kinds.indexOf('date_change_completed'));
    expect(timeline.filter((e) => e.kind === 'hold_taken' && e.detail.quantity === 3)).toEqual([]);
  });

  it('shows tickets sent to a friend as a share with its mail, and lists every mail about the order', async () => {
    const api = shop();
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const orderId = await orderIdOf(bought.reservationNumber);
    const sent = await api.post(`tickets/${bought.reservationToken}/send`, { email: 'friend@example.com', lang: 'en' });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    const reader = await memberWith(['orders:read']);
    const detail = await reader.get<OrderDetail>(`venues/demo/orders/${orderId}`);
    expect(detail.body.admissions.every((a) => a.share_id !== null)).toBe(true);
    const kinds = detail.body.timeline.map((e) => e.kind);
    expect(kinds).toContain('share_created');
    const mails = detail.body.timeline.filter((e) => e.kind === 'mail');
    expect(mails.map((m) => [m.detail.mail_kind, m.detail.to])).toEqual([
      ['order_confirmation', bought.email],
      ['ticket_forward', 'friend@example.com'],
    ]);
    expect(kinds.indexOf('share_created')).toBeGreaterThan(kinds.indexOf('order_completed'));
  });

  it('finds no order of another venue, no order that was never completed, and no unknown one', async () => {
    const bought = await buyTickets(shop(), ctx.db, { quantity: 1 });
    const orderId = await orderIdOf(bought.reservationNumber);
    const everywhere = await memberWith(['orders:write'], { allVenues: true });
    expect((await everywhere.get(`venues/demo/orders/${orderId}`)).status).toBe(200);
    const elsewhere = await everywhere.get<ErrorAnswer>(`venues/cafe-lumen/orders/${orderId}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error).toBe('not found');
    expect((await everywhere.post(`venues/cafe-lumen/orders/${orderId}/notes`, { body: 'x' })).status).toBe(404);
    expect((await everywhere.post(`venues/cafe-lumen/orders/${orderId}/resend`, {})).status).toBe(404);
    expect((await everywhere.patch(`venues/cafe-lumen/orders/${orderId}/contact`, { phone: '0312345678' })).status).toBe(404);

    const slot = await freshSlot(ctx.db, 'demo', 10);
    const temporary = await shop().post<{ order_token: string }>('orders', orderBody(slot, 1));
    expect(temporary.status).toBe(201);
    const [open] = await rows<{ id: string }>(
      ctx.db,
      sql`select id from orders where status <> 'completed' order by created_at desc limit 1`,
    );
    expect((await everywhere.get(`venues/demo/orders/${open?.id}`)).status).toBe(404);
    expect((await everywhere.get(`venues/demo/orders/${randomUUID()}`)).status).toBe(404);
    const malformed = await everywhere.get<ErrorAnswer>('venues/demo/orders/not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body.field).toBe('order');
  });

  it('lets orders:read read but not resend, edit or note (403), and writes nothing', async () => {
    const bought = await buyTickets(shop(), ctx.db, { quantity: 1 });
    const orderId = await orderIdOf(bought.reservationNumber);
    const reader = await memberWith(['orders:read']);
    const before = await lastAuditId(ctx.db);
    expect((await reader.get(`venues/demo/orders/${orderId}`)).status).toBe(200);
    for (const answer of [
      await reader.post<ErrorAnswer>(`venues/demo/orders/${orderId}/resend`, {}),
      await reader.patch<ErrorAnswer>(`venues/demo/orders/${orderId}/contact`, { phone: '0312345678' }),
      await reader.post<ErrorAnswer>(`venues/demo/orders/${orderId}/notes`, { body: 'hello' }),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.error).toBe('forbidden');
    }
    const catalogue = await memberWith(['catalogue:write']);
    expect((await catalogue.get(`venues/demo/orders/${orderId}`)).status).toBe(403);
    expect(await orderAudit(before)).toEqual([]);
    const [count] = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from order_notes where order_id = ${orderId}`,
    );
    expect(count?.n).toBe(0);
  });

  it('resends the ticket mail to the order’s address or a corrected one, audited, and refuses a burst', async () => {
    const bought = await buyTickets(shop(), ctx.db, { quantity: 1, email: 'lost.mail@example.com' });
    const orderId = await orderIdOf(bought.reservationNumber);
    const writer = await memberWith(['orders:write']);
    const before = await lastAuditId(ctx.db);

    const corrected = await writer.post<ResentTicketMail>(`venues/demo/orders/${orderId}/resend`, {
      email: ' found.mail@example.com ',
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(202);
    expect(corrected.body.to).toBe('found.mail@example.com');
    const [mail] = await rows<{ order_id: string; to_address: string; kind: string; text_body: string }>(
      ctx.db,
      sql`select order_id, to_address, kind, text_body from outbox where id = ${corrected.body.mail_id}`,
    );
    expect(mail).toMatchObject({ order_id: orderId, to_address: 'found.mail@example.com', kind: 'ticket_inquiry' });
    expect(mail?.text_body).toContain(bought.reservationNumber);
    const [count] = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from outbox where order_id = ${orderId} and to_address = 'found.mail@example.com'`,
    );
    expect(count?.n).toBe(1);
    // The corrected address is for this mail: the order keeps its own.
    expect((await customerFields(orderId))?.email).toBe('lost.mail@example.com');

    // The mail's link opens the ticket.
    const link = /\/tickets\/\?lang=en#\/id\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1];
    expect(link).toBeTruthy();
    expect((await shop().get(`tickets/${link}?lang=en`)).status).toBe(200);

    const same = await writer.post<ResentTicketMail>(`venues/demo/orders/${orderId}/resend`, {});
    expect(same.status).toBe(202);
    expect(same.body.to).toBe('lost.mail@example.com');

    const audit = await orderAudit(before);
    expect(audit.map((a) => [a.object_type, a.object_id, a.action, a.actor_label, a.venue_code])).toEqual([
      ['order', orderId, 'ticket mail resent', writer.email, 'demo'],
      ['order', orderId, 'ticket mail resent', writer.email, 'demo'],
    ]);
    expect(audit[0]?.changes).toMatchObject({
      to: 'found.mail@example.com',
      corrected_address: true,
      mail_id: corrected.body.mail_id,
    });

    const bad = await writer.post<ErrorAnswer>(`venues/demo/orders/${orderId}/resend`, { email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('email');

    // A third send in ten minutes is still a phone call; a fourth is refused, and writes nothing.
    expect((await writer.post(`venues/demo/orders/${orderId}/resend`, {})).status).toBe(202);
    const mid = await lastAuditId(ctx.db);
    const burst = await writer.post<ErrorAnswer>(`venues/demo/orders/${orderId}/resend`, {});
    expect(burst.status).toBe(429);
    expect(burst.body.error).toBe('too many requests');
    expect(await orderAudit(mid)).toEqual([]);
    const [sent] = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from outbox where order_id = ${orderId} and kind = 'ticket_inquiry'`,
    );
    expect(sent?.n).toBe(3);
  });

  it('edits the contact details with the shop’s rules: a bad address names the field and writes nothing', async () => {
    const bought = await buyTickets(shop(), ctx.db, { quantity: 1 });
    const orderId = await orderIdOf(bought.reservationNumber);
    const writer = await memberWith(['orders:write']);
    const fieldsBefore = await customerFields(orderId);
    const before = await lastAuditId(ctx.db);

    for (const [body, field] of [
      [{ email: 'hanako@@example' }, 'email'],
      [{ email: '' }, 'email'],
      [{ phone: '12-34' }, 'phone'],
      [{ fullname: 'x'.repeat(101) }, 'fullname'],
      [{}, null],
    ] as const) {
      const refused = await writer.patch<ErrorAnswer>(`venues/demo/orders/${orderId}/contact`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toBe('invalid request');
      if (field) expect(refused.body.field).toBe(field);
    }
    expect(await customerFields(orderId)).toEqual(fieldsBefore);
    expect(await orderAudit(before)).toEqual([]);

    const edited = await writer.patch<OrderContact>(`venues/demo/orders/${orderId}/contact`, {
      fullname: ' Hanako Sato ',
      email: 'hanako.sato@example.com',
      phone: '',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toEqual({ fullname: 'Hanako Sato', email: 'hanako.sato@example.com', phone: '' });
    const fields = await customerFields(orderId);
    expect(fields).toMatchObject({
      fullname: 'Hanako Sato',
      email: 'hanako.sato@example.com',
      resident_area: fieldsBefore?.resident_area,
    });
    expect(fields?.phone).toBeUndefined();
    const audit = await orderAudit(before);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      object_type: 'order',
      object_id: orderId,
      action: 'contact edited',
      actor_label: writer.email,
    });
    expect(audit[0]?.changes).toMatchObject({
      email: { from: bought.email, to: 'hanako.sato@example.com' },
      fullname: { from: 'Hanako Yamada', to: 'Hanako Sato' },
      phone: { from: '090-1234-5678', to: null },
    });

    // The same details again change nothing and write no entry.
    const again = await writer.patch(`venues/demo/orders/${orderId}/contact`, { email: 'hanako.sato@example.com' });
    expect(again.status).toBe(200);
    expect(await orderAudit(before)).toHaveLength(1);
    // The reservation inquiry now finds the order by its new address.
    const inquiry = await shop().get(
      `reservations?email=${encodeURIComponent('hanako.sato@example.com')}&reservation_number=${bought.reservationNumber}`,
    );
    expect(inquiry.status, JSON.stringify(inquiry.body)).toBe(200);
  });

  it('adds a staff note with its audit entry, and refuses an empty or overlong one', async () => {
    const bought = await buyTickets(shop(), ctx.db, { quantity: 1 });
    const orderId = await orderIdOf(bought.reservationNumber);
    const writer = await memberWith(['orders:write']);
    const before = await lastAuditId(ctx.db);
    for (const body of [{ body: '   ' }, { body: 'x'.repeat(2001) }, {}]) {
      const refused = await writer.post<ErrorAnswer>(`venues/demo/orders/${orderId}/notes`, body);
      expect(refused.status).toBe(400);
      expect(refused.body.field).toBe('body');
    }
    expect(await orderAudit(before)).toEqual([]);
    const added = await writer.post<OrderNote>(`venues/demo/orders/${orderId}/notes`, { body: 'Paid twice? Checked: once.' });
    expect(added.status).toBe(201);
    const audit = await orderAudit(before);
    expect(audit).toEqual([
      expect.objectContaining({
        object_type: 'order',
        object_id: orderId,
        action: 'note added',
        actor_label: writer.email,
        changes: expect.objectContaining({ note_id: added.body.id, length: 'Paid twice? Checked: once.'.length }),
      }),
    ]);
    expect(JSON.stringify(audit)).not.toContain('Paid twice');
    const [row] = await rows<{ staff_label: string; staff_id: number | null }>(
      ctx.db,
      sql`select staff_label, staff_id from order_notes where id = ${added.body.id}`,
    );
    expect(row?.staff_label).toBe(writer.email);
    expect(row?.staff_id).not.toBeNull();
  });
});
