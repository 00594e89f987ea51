import { DEFAULT_DATE_CHANGE_SETTINGS } from '@storefront/domain/date-change';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { setDateChangeRules } from '../../../test/date-changes.ts';
import { gateOf } from '../../../test/gate.ts';
import { buyTickets, setCheckInGrace } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';

type ErrorBody = { error: string; field?: string };
type Admission = { id: string; qr: string; status: string; ticketStatus: string; optionId: number };
type View = {
  reservationNumber: string | null;
  role: string;
  quantity: number;
  pricePaid: number | null;
  admissions: Admission[];
  partyQr: string | null;
  shares: { quantity: number; claimedAt: string | null }[];
  reservationFrom: string;
  reservationTo: string;
};

describeEachEngine('tickets API', (ctx) => {
  const test = useTestApp(ctx);
  let app: FastifyInstance;
  let api: ReturnType<typeof apiFor>;
  beforeAll(async () => {
    app = test.app;
    api = apiFor(app, 'demo');
    await setCheckInGrace(ctx.db, 'demo', 60 * 24 * 30);
  });

  it('shows the ticket of a reservation token with one signed QR per admission, and no-referrer', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 3, withSetProduct: true });
    const response = await app.inject({ method: 'GET', url: `/demo/api/v1/tickets/${bought.reservationToken}?lang=en` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const view = response.json() as View & { setProducts: unknown[] };
    expect(view.reservationNumber).toBe(bought.reservationNumber);
    expect(view.role).toBe('holder');
    expect(view.quantity).toBe(3);
    expect(view.pricePaid).toBe(bought.total);
    expect(view.setProducts).toHaveLength(1);
    expect(view.admissions.map((a) => a.status)).toEqual(['available', 'available', 'available']);
    expect(new Set(view.admissions.map((a) => a.qr)).size).toBe(3);
    expect(view.partyQr).toMatch(/^SF2\.[\w-]{8}\.[\w-]+\.[\w-]{86}$/);
    // The signing key stays on the server.
    expect(JSON.stringify(view)).not.toMatch(/signing|secret/i);
  });

  it('answers ticket not found for an unknown token and 400 for a malformed one', async () => {
    const unknown = await api.get<ErrorBody>('tickets/AAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ticket not found');
    const malformed = await api.get<ErrorBody>('tickets/x');
    expect(malformed.status).toBe(400);
    expect(malformed.body.field).toBe('token');
    const badLang = await api.get<ErrorBody>('tickets/AAAAAAAAAAAAAAAAAAAAAA?lang=fr');
    expect(badLang.status).toBe(400);
    expect(badLang.body.field).toBe('lang');
  });

  it('keeps reservation, share and access tokens at 128 bits and only as hashes', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const share = await api.post<{ share_token: string }>(`tickets/${bought.reservationToken}/shares`, {
      option_values: [{ option_value_id: bought.slot.adultOptionId, quantity: 1 }],
    });
    const claimed = await api.post<{ reservation_token: string }>(`shares/${share.body.share_token}/claim`);
    for (const token of [bought.reservationToken, share.body.share_token, claimed.body.reservation_token]) {
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    }
    const plain = [bought.reservationToken, share.body.share_token, claimed.body.reservation_token];
    const [found] = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from (
            select reservation_token_hash as v from orders union all select token_hash from ticket_shares
            union all select token_hash from ticket_access_tokens) s
          where v in (${sql.join(
            plain.map((p) => sql`${p}`),
            sql`, `,
          )})`,
    );
    expect(found?.n).toBe(0);
  });

  it('offers the date change only where the venue’s rules allow it now, and never to a receiver', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    await setDateChangeRules(ctx.db, 'demo', { ...DEFAULT_DATE_CHANGE_SETTINGS, isEnabled: true, deadlineMinutes: 0 });
    try {
      expect((await api.get<{ canChangeDate: boolean }>(`tickets/${bought.reservationToken}`)).body.canChangeDate).toBe(true);
      // A venue whose dates are changed by its office only (the ruins' guided tours) shows no button.
      await setDateChangeRules(ctx.db, 'demo', { isEnabled: false });
      expect((await api.get<{ canChangeDate: boolean }>(`tickets/${bought.reservationToken}`)).body.canChangeDate).toBe(false);
      await setDateChangeRules(ctx.db, 'demo', { isEnabled: true });
      // Shared away: the receiver has none, and the holder's booking can no longer move as a whole.
      const shared = await api.post<{ share_token: string }>(`tickets/${bought.reservationToken}/shares`, {
        option_values: [{ option_value_id: bought.slot.adultOptionId, quantity: 1 }],
      });
      const claim = await api.post<{ reservation_token: string }>(`shares/${shared.body.share_token}/claim`);
      expect((await api.get<{ canChangeDate: boolean }>(`tickets/${claim.body.reservation_token}`)).body.canChangeDate).toBe(
        false,
      );
      expect((await api.get<{ canChangeDate: boolean }>(`tickets/${bought.reservationToken}`)).body.canChangeDate).toBe(false);
    } finally {
      await setDateChangeRules(ctx.db, 'demo', DEFAULT_DATE_CHANGE_SETTINGS);
    }
  });

  it('shares two of four admissions: the receiver claims them, the holder keeps two, old payloads stop working', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 4 });
    const before = (await api.get<View>(`tickets/${bought.reservationToken}`)).body;
    const shared = await api.post<{ share_token: string; quantity: number }>(`tickets/${bought.reservationToken}/shares`, {
      option_values: [{ option_value_id: bought.slot.adultOptionId, quantity: 2 }],
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    expect(shared.body.quantity).toBe(2);

    const holder = (await api.get<View>(`tickets/${bought.reservationToken}`)).body;
    expect(holder.quantity).toBe(2);
    expect(holder.shares).toEqual([expect.objectContaining({ quantity: 2, claimedAt: null })]);

    const preview = await api.get<{ quantity: number; isClaimed: boolean; reservationFrom: string; reservationTo: string }>(
      `shares/${shared.body.share_token}?lang=en`,
    );
    expect(preview.body).toMatchObject({ quantity: 2, isClaimed: false });
    // The visit's window as the holder's ticket gives it, its end after its start.
    expect(preview.body.reservationFrom).toBe(before.reservationFrom);
    expect(preview.body.reservationTo).toBe(before.reservationTo);
    expect(Date.parse(preview.body.reservationTo)).toBeGreaterThan(Date.parse(preview.body.reservationFrom));
    const claim = await api.post<{ reservation_token: string }>(`shares/${shared.body.share_token}/claim`);
    expect(claim.status).toBe(200);
    const again = await api.post<ErrorBody>(`shares/${shared.body.share_token}/claim`);
    expect(again.status).toBe(404);
    expect((await api.get<{ isClaimed: boolean }>(`shares/${shared.body.share_token}`)).body.isClaimed).toBe(true);

    const receiver = (await api.get<View>(`tickets/${claim.body.reservation_token}`)).body;
    expect(receiver.role).toBe('receiver');
    expect(receiver.quantity).toBe(2);
    expect(receiver.pricePaid).toBeNull();
    const sharedIds = receiver.admissions.map((a) => a.id);
    expect(holder.admissions.map((a) => a.id).some((id) => sharedIds.includes(id))).toBe(false);

    // The holder's QR from before the share, for an admission now the receiver's, is refused.
    const oldPayload = before.admissions.find((a) => sharedIds.includes(a.id))?.qr as string;
    const gate = gateOf(test.app, ctx.db, 'demo', 'north');
    const refused = await gate(oldPayload);
    expect(refused.body).toMatchObject({ status: 'invalid', reason: 'replaced', admitted: 0 });
    const ok = await gate(receiver.admissions[0]?.qr);
    expect(ok.body).toMatchObject({ status: 'success', admitted: 1 });
  });

  it('answers the split errors and names a bad share field', async () => {
    const single = await buyTickets(api, ctx.db, { quantity: 1 });
    const one = await api.post<ErrorBody>(`tickets/${single.reservationToken}/shares`, {
      option_values: [{ option_value_id: single.slot.adultOptionId, quantity: 1 }],
    });
    expect(one.status).toBe(400);
    expect(one.body.error).toBe('parent ticket has not more than one child ticket');
    const three = await buyTickets(api, ctx.db, { quantity: 3 });
    const zero = await api.post<ErrorBody>(`tickets/${three.reservationToken}/shares`, {
      option_values: [{ option_value_id: three.slot.adultOptionId, quantity: 0 }],
    });
    expect(zero.body.error).toBe('option value less than 1');
    const all = await api.post<ErrorBody>(`tickets/${three.reservationToken}/shares`, {
      option_values: [{ option_value_id: three.slot.adultOptionId, quantity: 3 }],
    });
    expect(all.status).toBe(400);
    expect(all.body.field).toBe('option_values');
    const wrongOption = await api.post<ErrorBody>(`tickets/${three.reservationToken}/shares`, {
      option_values: [{ option_value_id: 999999, quantity: 1 }],
    });
    expect(wrongOption.body.field).toBe('option_values');
    const noBody = await api.post<ErrorBody>(`tickets/${three.reservationToken}/shares`, {});
    expect(noBody.status).toBe(400);
    expect(noBody.body.field).toBe('option_values');
    expect((await api.get<View>(`tickets/${three.reservationToken}`)).body.quantity).toBe(3);
  });

  it('tells a share receiver no reservation number: not the share link, the claim, their ticket or their check-in', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 3 });
    const holder = await api.get<View>(`tickets/${bought.reservationToken}`);
    expect(holder.body.reservationNumber).toBe(bought.reservationNumber);
    const shared = await api.post<{ share_token: string }>(`tickets/${bought.reservationToken}/shares`, {
      option_values: [{ option_value_id: bought.slot.adultOptionId, quantity: 2 }],
    });
    const preview = await api.get<Record<string, unknown>>(`shares/${shared.body.share_token}?lang=en`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ quantity: 2, isClaimed: false });
    expect(JSON.stringify(preview.body)).not.toContain(bought.reservationNumber);
    expect(preview.body).not.toHaveProperty('reservationNumber');

    const claim = await api.post<{ reservation_token: string }>(`shares/${shared.body.share_token}/claim`);
    expect(claim.status).toBe(200);
    expect(JSON.stringify(claim.body)).not.toContain(bought.reservationNumber);
    const receiver = await api.get<View>(`tickets/${claim.body.reservation_token}?lang=en`);
    expect(receiver.status).toBe(200);
    expect(receiver.body).toMatchObject({ role: 'receiver', quantity: 2, reservationNumber: null });
    expect(JSON.stringify(receiver.body)).not.toContain(bought.reservationNumber);

    const gate = gateOf(test.app, ctx.db, 'demo', 'north');
    const scanned = await gate(receiver.body.admissions[0]?.qr);
    expect(scanned.body).toMatchObject({ status: 'success', admitted: 1 });
    const party = await gate(receiver.body.partyQr);
    expect(party.body).toMatchObject({ status: 'success', admitted: 1 });
    for (const answer of [scanned.body, party.body]) {
      expect(JSON.stringify(answer)).not.toContain(bought.reservationNumber);
      expect(answer).not.toHaveProperty('reservationNumber');
    }
    // The holder's own page keeps the number.
    expect((await api.get<View>(`tickets/${bought.reservationToken}`)).body.reservationNumber).toBe(bought.reservationNumber);
  });

  it('sends the tickets by e-mail as a link that gives the friend the tickets but not the booking, naming the sender', async () => {
    await setDateChangeRules(ctx.db, 'demo', { ...DEFAULT_DATE_CHANGE_SETTINGS, deadlineMinutes: 0 });
    const bought = await buyTickets(api, ctx.db, { quantity: 3 });
    // Before sending, the holder may change the date: the refusals below are the send's doing.
    expect((await api.get(`timechanges/tickets/${bought.reservationToken}?lang=en`)).status).toBe(200);
    const before = (await api.get<View>(`tickets/${bought.reservationToken}`)).body;

    const sent = await api.post(`tickets/${bought.reservationToken}/send`, { email: 'friend@example.com', lang: 'en' });
    expect(sent.status).toBe(204);
    const [mail] = await rows<{ subject: string; text_body: string; html_body: string }>(
      ctx.db,
      sql`select subject, text_body, html_body from outbox
          where to_address = 'friend@example.com' and kind = 'ticket_forward' order by created_at desc limit 1`,
    );
    if (!mail) throw new Error('no mail was queued for the friend');
    for (const part of [mail.subject, mail.text_body, mail.html_body]) {
      expect(part).toContain('Hanako Yamada');
      expect(part).not.toContain(bought.reservationNumber);
      expect(part).not.toContain(bought.reservationToken);
    }
    const link = mail.text_body.match(/\/demo\/tickets\/\?lang=\w+#\/tickets\/shared\/([\w-]{22})\b/)?.[1];
    if (!link) throw new Error(`the mail has no share link: ${mail.text_body}`);

    // The link itself opens nothing of the booking.
    expect((await api.get(`tickets/${link}`)).status).toBe(404);
    expect((await api.get(`timechanges/tickets/${link}?lang=en`)).status).toBe(404);
    expect((await api.post(`tickets/${link}/receipt`, { addressee: 'Friend' })).status).toBe(404);
    const preview = await api.get<{ quantity: number }>(`shares/${link}?lang=en`);
    expect(preview.body.quantity).toBe(3);
    expect(JSON.stringify(preview.body)).not.toContain(bought.reservationNumber);

    // The friend receives the tickets: every admission, and nothing else.
    const claim = await api.post<{ reservation_token: string }>(`shares/${link}/claim`);
    expect(claim.status).toBe(200);
    const friend = claim.body.reservation_token;
    const view = (await api.get<View>(`tickets/${friend}`)).body;
    expect(view).toMatchObject({ role: 'receiver', quantity: 3, pricePaid: null, reservationNumber: null });
    const dateChange = await api.get<ErrorBody>(`timechanges/tickets/${friend}?lang=en`);
    expect(dateChange.status).toBe(400);
    expect(dateChange.body.error).toBe('cannot change ticket');
    const move = await api.post<ErrorBody>(`timechanges/tickets/${friend}`, { lang: 'en', time_span_id: bought.slot.timeSpanId });
    expect(move.body.error).toBe('cannot change ticket');
    expect((await api.post(`tickets/${friend}/receipt`, { addressee: 'Friend' })).status).toBe(404);
    expect((await api.get(`tickets/${friend}/receipt`)).status).toBe(404);
    const reshare = await api.post<ErrorBody>(`tickets/${friend}/shares`, {
      option_values: [{ option_value_id: bought.slot.adultOptionId, quantity: 1 }],
    });
    expect(reshare.status).toBe(404);
    const resend = await api.post<ErrorBody>(`tickets/${friend}/send`, { email: 'third@example.com', lang: 'en' });
    expect(resend.status).toBe(404);
    const [forwarded] = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from outbox where to_address = 'third@example.com'`,
    );
    expect(forwarded?.n).toBe(0);

    // The friend's QR gets in; the holder's copies from before the send do not, and the holder keeps the receipt.
    const gate = gateOf(test.app, ctx.db, 'demo', 'north');
    const friendScan = await gate(view.partyQr);
    expect(friendScan.body).toMatchObject({ status: 'success', admitted: 3 });
    const oldScan = await gate(before.partyQr);
    expect(oldScan.body).toMatchObject({ status: 'invalid', reason: 'replaced' });
    const holder = (await api.get<View>(`tickets/${bought.reservationToken}`)).body;
    expect(holder).toMatchObject({ role: 'holder', quantity: 0, reservationNumber: bought.reservationNumber });
    expect(holder.shares).toEqual([expect.objectContaining({ quantity: 3 })]);
    expect((await api.post(`tickets/${bought.reservationToken}/receipt`, { addressee: 'Hanako Yamada' })).status).toBe(200);
  });

  it('names the sender in the language of the mail, and refuses a bad address or nothing left to send', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    const bad = await api.post<ErrorBody>(`tickets/${bought.reservationToken}/send`, { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid email address');
    const empty = await api.post<ErrorBody>(`tickets/${bought.reservationToken}/send`, { email: '' });
    expect(empty.body.field).toBe('email');
    expect((await api.get<View>(`tickets/${bought.reservationToken}`)).body.quantity).toBe(1);

    const sent = await api.post(`tickets/${bought.reservationToken}/send`, { email: 'tomodachi@example.com', lang: 'ja' });
    expect(sent.status).toBe(204);
    const [mail] = await rows<{ subject: string; text_body: string; lang: string }>(
      ctx.db,
      sql`select subject, text_body, lang from outbox where to_address = 'tomodachi@example.com' and kind = 'ticket_forward'`,
    );
    expect(mail?.lang).toBe('ja');
    expect(mail?.subject).toContain('Hanako Yamadaさん');
    expect(mail?.text_body).toContain('Hanako Yamadaさん');
    expect(mail?.text_body).not.toContain(bought.reservationNumber);

    const nothing = await api.post<ErrorBody>(`tickets/${bought.reservationToken}/send`, { email: 'again@example.com' });
    expect(nothing.status).toBe(404);
    expect(nothing.body.error).toBe('record not found');
  });

  it('issues a numbered receipt once, with lines, tax and total, and a PDF', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2, withSetProduct: true });
    const none = await api.get<ErrorBody>(`tickets/${bought.reservationToken}/receipt`);
    expect(none.status).toBe(404);
    expect(none.body.error).toBe('record not found');
    const missing = await api.post<ErrorBody>(`tickets/${bought.reservationToken}/receipt`, { addressee: '  ' });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('addressee');

    const issued = await api.post<{ number: string; addressee: string; total: number; tax: number; lines: unknown[] }>(
      `tickets/${bought.reservationToken}/receipt`,
      { addressee: 'Example Co., Ltd.', lang: 'en' },
    );
    expect(issued.status).toBe(200);
    expect(issued.body.number).toMatch(/^DEMO-\d{4}-\d{6}$/);
    expect(issued.body.total).toBe(bought.total);
    expect(issued.body.tax).toBe(Math.floor((bought.total * 10) / 110));
    expect(issued.body.lines).toHaveLength(2);
    const second = await api.post<{ number: string; addressee: string }>(`tickets/${bought.reservationToken}/receipt`, {
      addressee: 'Someone Else',
    });
    expect(second.body).toMatchObject({ number: issued.body.number, addressee: 'Example Co., Ltd.' });

    const pdf = await app.inject({ method: 'GET', url: `/demo/api/v1/tickets/${bought.reservationToken}/receipt.pdf?lang=en` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const other = await buyTickets(api, ctx.db, { quantity: 1 });
    const next = await api.post<{ number: string }>(`tickets/${other.reservationToken}/receipt`, { addressee: 'B' });
    const sequence = (n: string) => Number(n.split('-').at(-1));
    expect(sequence(next.body.number)).toBe(sequence(issued.body.number) + 1);
  });
});
