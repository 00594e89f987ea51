import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { buildTestApp, useTestApp } from '../../../test/app.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { buyTickets, setCheckInGrace } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';

type ErrorBody = { error: string; field?: string };
type View = { admissions: { id: string; qr: string; status: string }[]; partyQr: string };
type CheckIn = { status: string; checkedIn: number; checkedInAt: string | null };

function altered(payload: string, part: 1 | 2): string {
  const pieces = payload.split('.');
  const piece = pieces[part] as string;
  const index = Math.floor(piece.length / 2);
  pieces[part] = piece.slice(0, index) + (piece[index] === 'A' ? 'B' : 'A') + piece.slice(index + 1);
  return pieces.join('.');
}

describeEachEngine('check-in API', (ctx) => {
  const test = useTestApp(ctx);
  let api: ReturnType<typeof apiFor>;
  beforeAll(async () => {
    api = apiFor(test.app, 'demo');
    await setCheckInGrace(ctx.db, 'demo', 60 * 24 * 30);
  });

  it('checks in by QR once, recording time, gate and method; the second scan says used', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const view = (await api.get<View>(`tickets/${bought.reservationToken}`)).body;
    const payload = view.admissions[0]?.qr;
    const first = await api.post<CheckIn>('checkins', { method: 'read_qr', payload, gate: 'east-1', mode: 'gate' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'success', checkedIn: 1 });
    const second = await api.post<CheckIn>('checkins', { method: 'read_qr', payload, gate: 'east-2', mode: 'gate' });
    expect(second.body.status).toBe('used');
    const [record] = await rows<{ gate: string; method: string; mode: string; at: boolean }>(
      ctx.db,
      sql`select gate, method, mode, checked_in_at <= now() as at from check_ins where ticket_id = ${view.admissions[0]?.id}`,
    );
    expect(record).toEqual({ gate: 'east-1', method: 'read_qr', mode: 'gate', at: true });
    const after = (await api.get<View>(`tickets/${bought.reservationToken}`)).body;
    expect(after.admissions.map((a) => a.status)).toEqual(['used', 'available']);
  });

  it('checks in by a tap on the visitor page, the whole party with ticket_id all', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 3 });
    const tap = (ticket_id: string) =>
      api.post<CheckIn>('checkins', {
        method: 'tap_ticket',
        reservation_token: bought.reservationToken,
        ticket_id,
        gate: 'tap',
        mode: 'gate',
      });
    const all = await tap('all');
    expect(all.body).toMatchObject({ status: 'success', checkedIn: 3 });
    expect((await tap('all')).body.status).toBe('used');
  });

  it('checks in set products apart from entry, and refuses set mode for an order without them', async () => {
    const withSet = await buyTickets(api, ctx.db, { quantity: 1, withSetProduct: true });
    const view = (await api.get<View>(`tickets/${withSet.reservationToken}`)).body;
    const scan = (payload: string | undefined, mode: string) =>
      api.post<CheckIn>('checkins', { method: 'read_qr', payload, gate: 'shop', mode });
    expect((await scan(view.admissions[0]?.qr, 'gate')).body.status).toBe('success');
    expect((await scan(view.admissions[0]?.qr, 'set')).body.status).toBe('success');
    expect((await scan(view.admissions[0]?.qr, 'set')).body.status).toBe('used');
    const without = await buyTickets(api, ctx.db, { quantity: 1 });
    const plain = (await api.get<View>(`tickets/${without.reservationToken}`)).body;
    expect((await scan(plain.admissions[0]?.qr, 'set')).body.status).toBe('invalid');
  });

  it('refuses a forged, altered or foreign payload as invalid', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    const payload = (await api.get<View>(`tickets/${bought.reservationToken}`)).body.admissions[0]?.qr as string;
    const [, body] = payload.split('.');
    const contents = JSON.parse(Buffer.from(body as string, 'base64url').toString()) as { s: number; t: [string, number][] };
    const forgedBody = Buffer.from(JSON.stringify({ ...contents, t: [[contents.t[0]?.[0], 99]] })).toString('base64url');
    const forgeries = [
      altered(payload, 1),
      altered(payload, 2),
      `SF1.${forgedBody}.${payload.split('.')[2]}`,
      `SF1.${body}.`,
      'not a ticket',
      payload.replace('SF1', 'SF2'),
    ];
    for (const forged of forgeries) {
      const result = await api.post<CheckIn>('checkins', { method: 'read_qr', payload: forged, gate: 'north', mode: 'gate' });
      expect(result.status, forged).toBe(200);
      expect(result.body.status, forged).toBe('invalid');
    }
    // Another venue's gate does not take this venue's ticket.
    const elsewhere = await apiFor(test.app, 'borderless').post<CheckIn>('checkins', {
      method: 'read_qr',
      payload,
      gate: 'north',
      mode: 'gate',
    });
    expect(elsewhere.body.status).toBe('invalid');
    // Still unused: none of them checked it in.
    const genuine = await api.post<CheckIn>('checkins', { method: 'read_qr', payload, gate: 'north', mode: 'gate' });
    expect(genuine.body.status).toBe('success');
  });

  it('tells whoever scans a QR nothing that opens the booking: neither the payload nor any answer holds the reservation number', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const view = (await api.get<View>(`tickets/${bought.reservationToken}`)).body;
    const decoded = [view.partyQr, ...view.admissions.map((a) => a.qr)].map((qr) =>
      Buffer.from(qr.split('.')[1] as string, 'base64url').toString('utf8'),
    );
    for (const contents of decoded) expect(contents).not.toContain(bought.reservationNumber);

    const scan = (mode: string) =>
      api.post<CheckIn & Record<string, unknown>>('checkins', { method: 'read_qr', payload: view.partyQr, gate: 'east-1', mode });
    const answers = [await scan('gate'), await scan('gate'), await scan('set')];
    expect(answers.map((a) => a.body.status)).toEqual(['success', 'used', 'invalid']);
    for (const answer of answers) {
      // Each answer still says what was scanned, for the staff at the gate.
      expect(answer.body.productName).toBeTruthy();
      expect(answer.body.admissions).toHaveLength(2);
      expect(JSON.stringify(answer.body)).not.toContain(bought.reservationNumber);
      expect(answer.body).not.toHaveProperty('reservationNumber');
    }
  });

  it('refuses a cancelled admission and says invalid_time outside the entry window', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 2 });
    const view = (await api.get<View>(`tickets/${bought.reservationToken}`)).body;
    await ctx.db.execute(
      sql`update tickets set status = 'cancelled', generation = generation + 1 where id = ${view.admissions[0]?.id}`,
    );
    const cancelled = await api.post<CheckIn>('checkins', {
      method: 'read_qr',
      payload: view.admissions[0]?.qr,
      gate: 'n',
      mode: 'gate',
    });
    expect(cancelled.body.status).toBe('invalid');
    await setCheckInGrace(ctx.db, 'demo', 0);
    try {
      const early = await api.post<CheckIn>('checkins', {
        method: 'read_qr',
        payload: view.admissions[1]?.qr,
        gate: 'n',
        mode: 'gate',
      });
      expect(early.body.status).toBe('invalid_time');
      expect((await api.get<View>(`tickets/${bought.reservationToken}`)).body.admissions[1]?.status).toBe('invalid_time');
    } finally {
      await setCheckInGrace(ctx.db, 'demo', 60 * 24 * 30);
    }
  });

  it('names the field of a bad check-in', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ method: 'read_qr', payload: '', gate: 'n', mode: 'gate' }, 'payload'],
      [{ method: 'read_qr', payload: 'x', gate: 'bad gate!', mode: 'gate' }, 'gate'],
      [{ method: 'read_qr', payload: 'x', gate: 'n', mode: 'exit' }, 'mode'],
      [
        { method: 'tap_ticket', reservation_token: 'AAAAAAAAAAAAAAAAAAAAAA', ticket_id: 'one', gate: 'n', mode: 'gate' },
        'ticket_id',
      ],
    ];
    for (const [payload, field] of cases) {
      const { status, body } = await api.post<ErrorBody>('checkins', payload);
      expect(status, field).toBe(400);
      expect(body.field, JSON.stringify(body)).toBe(field);
    }
    const unknownMethod = await api.post<ErrorBody>('checkins', { method: 'wave', gate: 'n', mode: 'gate' });
    expect(unknownMethod.status).toBe(400);
  });

  it('lets exactly one of 20 simultaneous check-ins of one admission succeed', async () => {
    const bought = await buyTickets(api, ctx.db, { quantity: 1 });
    const payload = (await api.get<View>(`tickets/${bought.reservationToken}`)).body.admissions[0]?.qr;
    // On PostgreSQL, separate app instances (separate pools) race as separate gate servers would.
    const gates = await Promise.all(Array.from({ length: ctx.engine === 'postgres' ? 4 : 1 }, () => buildTestApp(ctx.db)));
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          apiFor(gates[i % gates.length] as (typeof gates)[number], 'demo').post<CheckIn>('checkins', {
            method: 'read_qr',
            payload,
            gate: `gate-${i}`,
            mode: 'gate',
          }),
        ),
      );
      const statuses = results.map((r) => r.body.status);
      expect(statuses.filter((s) => s === 'success')).toHaveLength(1);
      expect(statuses.filter((s) => s === 'used')).toHaveLength(19);
      const [count] = await rows<{ n: number }>(
        ctx.db,
        sql`select count(*)::int as n from check_ins c join tickets t on t.id = c.ticket_id join orders o on o.id = t.order_id
            where o.reservation_number = ${bought.reservationNumber}`,
      );
      expect(count?.n).toBe(1);
    } finally {
      await Promise.all(gates.map((g) => g.close()));
    }
  });
});
