/**
 * The gate's API (decision 021): who may scan, what a scan answers, manual entry, the offline kit,
 * and offline scans uploaded by nonce.
 */
import { randomUUID } from 'node:crypto';
import type {
  GateBooking,
  GateDevicePairing,
  GateResult,
  OfflineKit,
  PairResult,
  UploadResult,
} from '@storefront/domain/console/gate';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { buildTestApp, useTestApp } from '../../../test/app.ts';
import { consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { auditSince, lastAuditId, siteIdOf } from '../../../test/console-staff.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { deviceClient, pairedDevice } from '../../../test/gate.ts';
import { buyTickets, setCheckInGrace } from '../../../test/tickets.ts';
import { rows } from '../../db/rows.ts';
import { hashToken } from '../../lib/tokens.ts';
import { listSites } from '../sites/sites.repository.ts';
import { pairGateDevice } from '../staff/gate-devices.ts';
import { createKeyCache, signLegacyPayload, signPayload } from '../tickets/ticket-signing.ts';

type ErrorBody = { error: string; field?: string };
type View = { admissions: { id: string; qr: string; status: string }[]; partyQr: string; date: string };

function altered(payload: string, part: number): string {
  const pieces = payload.split('.');
  const piece = pieces[part] as string;
  const index = Math.floor(piece.length / 2);
  pieces[part] = piece.slice(0, index) + (piece[index] === 'A' ? 'B' : 'A') + piece.slice(index + 1);
  return pieces.join('.');
}

describeEachEngine('gate API', (ctx) => {
  const test = useTestApp(ctx);
  let api: ReturnType<typeof apiFor>;
  beforeAll(async () => {
    api = apiFor(test.app, 'demo');
    await setCheckInGrace(ctx.db, 'demo', 60 * 24 * 30);
  });

  const ticketOf = async (quantity = 1, options: { withSetProduct?: boolean } = {}) => {
    const bought = await buyTickets(api, ctx.db, { quantity, ...options });
    return { bought, view: (await api.get<View>(`tickets/${bought.reservationToken}?lang=en`)).body };
  };

  async function staffWith(rights: Parameters<typeof makeTeam>[1]['rights'], venueIds?: number[]) {
    const team = await makeTeam(ctx.db, { rights, ...(venueIds ? { venueIds } : {}) });
    const account = await makeStaff(ctx.db, { teamIds: [team.id] });
    const client = consoleClient(test.app, { ip: '192.0.2.40' });
    await signIn(client, account.email);
    return { client, account };
  }

  it('refuses a caller without a staff session or a device token, a revoked device, and a device of another venue', async () => {
    const { view } = await ticketOf();
    const code = view.admissions[0]?.qr as string;
    const anonymous = await deviceClient(test.app, 'demo', null).scan(code);
    expect(anonymous.status).toBe(401);
    const unknown = await deviceClient(test.app, 'demo', 'AAAAAAAAAAAAAAAAAAAAAA').scan(code);
    expect(unknown.status).toBe(401);
    const elsewhere = await pairedDevice(test.app, ctx.db, 'borderless');
    const foreign = await deviceClient(test.app, 'demo', elsewhere.token).scan(code);
    expect(foreign.status).toBe(404);
    const revoked = await pairedDevice(test.app, ctx.db, 'demo');
    await ctx.db.execute(sql`update gate_devices set revoked_at = app_now(), token_hash = null where id = ${revoked.device.id}`);
    expect((await revoked.client.scan(code)).status).toBe(401);
    // None of them admitted anyone.
    const [count] = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from check_ins where ticket_id = ${view.admissions[0]?.id}`,
    );
    expect(count?.n).toBe(0);
    // The public check-in route of the shop is gone.
    expect((await api.post('checkins', { method: 'read_qr', payload: code, gate: 'x', mode: 'gate' })).status).toBe(404);
  });

  it('lets staff with checkin:scan scan as themselves; others get 403, another venue 404', async () => {
    const { view } = await ticketOf();
    const demoId = await siteIdOf(ctx.db, 'demo');
    const reader = await staffWith(['orders:read'], [demoId]);
    const scanBody = { code: view.admissions[0]?.qr, gate: 'north' };
    expect((await reader.client.post('venues/demo/gate/scans', scanBody)).status).toBe(403);
    const scanner = await staffWith(['checkin:scan'], [demoId]);
    expect((await scanner.client.post('venues/borderless/gate/scans', scanBody)).status).toBe(404);
    const before = await lastAuditId(ctx.db);
    const done = await scanner.client.post<GateResult>('venues/demo/gate/scans', scanBody);
    expect(done.body).toMatchObject({ status: 'success', admitted: 1 });
    const [record] = await rows<{ gate: string; staff_id: number; device_id: string | null; offline: boolean }>(
      ctx.db,
      sql`select gate, staff_id, device_id, offline from check_ins where ticket_id = ${view.admissions[0]?.id}`,
    );
    expect(record).toEqual({ gate: 'north', staff_id: scanner.account.id, device_id: null, offline: false });
    const audit = await auditSince(ctx.db, before);
    expect(audit).toEqual([
      expect.objectContaining({ actor_type: 'staff', actor_id: scanner.account.id, action: 'check_in', object_type: 'order' }),
    ]);
    const me = await scanner.client.get<{ caller: { kind: string } }>('venues/demo/gate/me');
    expect(me.body.caller.kind).toBe('staff');
  });

  it('answers success, then used with when and where; records the device and its gate, with an audit entry', async () => {
    const { view } = await ticketOf(2);
    const east = await pairedDevice(test.app, ctx.db, 'demo', { gate: 'east', name: 'Tablet 1' });
    const north = await pairedDevice(test.app, ctx.db, 'demo', { gate: 'north', name: 'Tablet 2' });
    const before = await lastAuditId(ctx.db);
    const first = await east.client.scan(view.partyQr, { lang: 'en' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'success', admitted: 2, reason: null });
    expect(first.body.admissions).toHaveLength(2);
    expect(first.body.product_name).toBeTruthy();
    const again = await north.client.scan(view.admissions[1]?.qr as string);
    expect(again.body).toMatchObject({ status: 'used', admitted: 0, used: { gate: 'east', at: first.body.checked_in_at } });
    const recorded = await rows<{ gate: string; device_id: string }>(
      ctx.db,
      sql`select gate, device_id from check_ins where ticket_id in (${view.admissions[0]?.id}, ${view.admissions[1]?.id})`,
    );
    expect(recorded).toEqual([
      { gate: 'east', device_id: east.device.id },
      { gate: 'east', device_id: east.device.id },
    ]);
    expect(await auditSince(ctx.db, before)).toEqual([
      expect.objectContaining({ actor_type: 'device', actor_label: 'Tablet 1 (east)', action: 'check_in', venue_code: 'demo' }),
    ]);
    const me = await east.client.get<{ caller: { kind: string; gate: string } }>('me');
    expect(me.body.caller).toMatchObject({ kind: 'device', gate: 'east' });
  });

  it('refuses forged, altered and foreign codes, saying why, and still admits the genuine one', async () => {
    const { view } = await ticketOf();
    const { client } = await pairedDevice(test.app, ctx.db, 'demo');
    const code = view.admissions[0]?.qr as string;
    const [, kid, body] = code.split('.');
    const contents = JSON.parse(Buffer.from(body as string, 'base64url').toString()) as { t: [string, number][] };
    const forgedBody = Buffer.from(JSON.stringify({ ...contents, t: [[contents.t[0]?.[0], 99]] })).toString('base64url');
    // A changed body either no longer reads, or no longer matches its signature.
    const reread = await client.scan(altered(code, 2));
    expect(reread.body).toMatchObject({ status: 'invalid', admitted: 0 });
    expect(['unknown', 'unreadable']).toContain(reread.body.reason);
    const forgeries: [string, string][] = [
      [altered(code, 3), 'unknown'],
      [`SF2.${kid}.${forgedBody}.${code.split('.')[3]}`, 'unknown'],
      [`SF2.AAAAAAAA.${body}.${code.split('.')[3]}`, 'unknown'],
      ['not a ticket', 'unreadable'],
      [code.replace('SF2', 'SF1'), 'unreadable'],
    ];
    for (const [forged, reason] of forgeries) {
      const result = await client.scan(forged);
      expect(result.status, forged).toBe(200);
      expect(result.body, forged).toMatchObject({ status: 'invalid', reason, admitted: 0 });
    }
    const borderless = await pairedDevice(test.app, ctx.db, 'borderless');
    expect((await borderless.client.scan(code)).body).toMatchObject({ status: 'invalid', reason: 'other_venue' });
    expect((await client.scan(code)).body.status).toBe('success');
  });

  it('still admits a code shown before signed codes (SF1) online', async () => {
    const { view } = await ticketOf();
    const siteId = await siteIdOf(ctx.db, 'demo');
    const legacy = signLegacyPayload(await createKeyCache(ctx.db).legacy(siteId), {
      siteId,
      admissions: [{ id: view.admissions[0]?.id as string, generation: 1 }],
    });
    const { client } = await pairedDevice(test.app, ctx.db, 'demo');
    expect((await client.scan(legacy)).body).toMatchObject({ status: 'success', admitted: 1 });
  });

  it('still admits a signed code made before codes named each admission’s option', async () => {
    const { view, bought } = await ticketOf();
    const siteId = await siteIdOf(ctx.db, 'demo');
    const keys = createKeyCache(ctx.db);
    const [, , body = ''] = view.partyQr.split('.');
    const signedFor = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { t: unknown[][]; p: number; w: number[] };
    // Today's codes name the option: [admission, generation, option].
    expect(signedFor.t[0]).toEqual([view.admissions[0]?.id, 1, bought.slot.adultOptionId]);
    const older = signPayload(await keys.venue(siteId), {
      siteId,
      admissions: [{ id: view.admissions[0]?.id as string, generation: 1 }],
      slot: {
        id: signedFor.p,
        startsAt: new Date((signedFor.w[0] as number) * 1000),
        endsAt: new Date((signedFor.w[1] as number) * 1000),
      },
    });
    const { client } = await pairedDevice(test.app, ctx.db, 'demo');
    expect((await client.scan(older)).body).toMatchObject({ status: 'success', admitted: 1 });
  });

  it('says invalid_time with the ticket slot outside its window, and checks set products apart', async () => {
    const { view, bought } = await ticketOf(1, { withSetProduct: true });
    const { client } = await pairedDevice(test.app, ctx.db, 'demo');
    await setCheckInGrace(ctx.db, 'demo', 0);
    try {
      const early = await client.scan(view.admissions[0]?.qr as string);
      expect(early.body).toMatchObject({
        status: 'invalid_time',
        admitted: 0,
        slot: { id: bought.slot.timeSpanId, date: view.date },
      });
      expect(early.body.slot?.start_time).toMatch(/^\d\d:\d\d$/);
    } finally {
      await setCheckInGrace(ctx.db, 'demo', 60 * 24 * 30);
    }
    expect((await client.scan(view.admissions[0]?.qr as string, { mode: 'set' })).body.status).toBe('success');
    expect((await client.scan(view.admissions[0]?.qr as string, { mode: 'set' })).body.status).toBe('used');
    expect((await client.scan(view.admissions[0]?.qr as string)).body.status).toBe('success');
    const plain = await ticketOf(1);
    expect((await client.scan(plain.view.admissions[0]?.qr as string, { mode: 'set' })).body).toMatchObject({
      status: 'invalid',
      reason: 'no_set',
    });
  });

  it('hands a party its set products after entry with the set code, and the ticket says when', async () => {
    const { bought } = await ticketOf(2, { withSetProduct: true });
    const { client } = await pairedDevice(test.app, ctx.db, 'demo');
    const before = (await api.get<View & { setQr: string | null }>(`tickets/${bought.reservationToken}`)).body;
    expect(before.setQr).toMatch(/^SF2\./);
    expect((await client.scan(before.partyQr)).body).toMatchObject({ status: 'success', admitted: 2 });
    type Seen = Omit<View, 'partyQr' | 'admissions'> & {
      setQr: string | null;
      partyQr: string | null;
      admissions: { setHandedOverAt: string | null }[];
    };
    const entered = (await api.get<Seen>(`tickets/${bought.reservationToken}`)).body;
    // Everyone is in: no entry code is left, the set code still names the party.
    expect(entered.partyQr).toBeNull();
    expect(entered.setQr).toBeTruthy();
    const handed = await client.scan(entered.setQr as string, { mode: 'set' });
    expect(handed.body).toMatchObject({ status: 'success', admitted: 2 });
    const after = (await api.get<Seen>(`tickets/${bought.reservationToken}`)).body;
    expect(after.admissions.every((a) => a.setHandedOverAt === handed.body.checked_in_at)).toBe(true);
    const plain = await ticketOf(1);
    expect((plain.view as View & { setQr: string | null }).setQr).toBeNull();
  });

  it('finds a booking by its reservation number, with or without the hyphen, and checks its admissions in one by one', async () => {
    const { view, bought } = await ticketOf(2);
    const { client } = await pairedDevice(test.app, ctx.db, 'demo');
    const bare = bought.reservationNumber.replace('-', '').toLowerCase();
    const found = await client.get<GateBooking>(`bookings?number=${bare}&lang=en`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ reservation_number: bought.reservationNumber });
    expect(found.body.admissions.map((a) => [a.id, a.status])).toEqual(view.admissions.map((a) => [a.id, 'valid']));
    const one = await client.post<GateResult>('scans', { admission_id: found.body.admissions[1]?.id });
    expect(one.body).toMatchObject({ status: 'success', admitted: 1 });
    const after = await client.get<GateBooking>(`bookings?number=${bought.reservationNumber}`);
    expect(after.body.admissions.map((a) => a.status)).toEqual(['valid', 'used']);
    expect(after.body.admissions[1]?.gate).toBe('east');
    expect((await client.get<ErrorBody>('bookings?number=ZZZZZ-ZZZZZ')).status).toBe(404);
    const borderless = await pairedDevice(test.app, ctx.db, 'borderless');
    expect((await borderless.client.get(`bookings?number=${bare}`)).status).toBe(404);
    expect((await borderless.client.post<GateResult>('scans', { admission_id: view.admissions[0]?.id })).body).toMatchObject({
      status: 'invalid',
      reason: 'unknown',
    });
  });

  it('names the field of bad input, never a 500', async () => {
    const { client } = await pairedDevice(test.app, ctx.db, 'demo');
    const cases: [string, string, unknown, string][] = [
      ['POST', 'scans', {}, 'code'],
      ['POST', 'scans', { code: 'x', admission_id: randomUUID() }, 'code'],
      ['POST', 'scans', { code: '' }, 'code'],
      ['POST', 'scans', { code: 'a\u0000b' }, 'code'],
      ['POST', 'scans', { admission_id: 'one' }, 'admission_id'],
      ['POST', 'scans', { code: 'x', mode: 'exit' }, 'mode'],
      ['POST', 'uploads', { scans: [] }, 'scans'],
      ['POST', 'uploads', { scans: [{ nonce: 'n', code: 'x', scanned_at: new Date().toISOString() }] }, 'scans.0.nonce'],
      ['POST', 'uploads', { scans: [{ nonce: randomUUID(), code: 'x', scanned_at: 'yesterday' }] }, 'scans.0.scanned_at'],
      ['GET', 'bookings?number=12', undefined, 'number'],
      ['GET', 'offline-kit?date=2026-02-30', undefined, 'date'],
      ['GET', 'offline-kit?since=2026-11-25T05:00:00Z', undefined, 'since'],
      ['GET', 'offline-kit?since=2026-11-25|yesterday', undefined, 'since'],
    ];
    for (const [method, path, body, field] of cases) {
      const answer = method === 'GET' ? await client.get<ErrorBody>(path) : await client.post<ErrorBody>(path, body);
      expect(answer.status, path).toBe(400);
      expect(answer.body.field, JSON.stringify(answer.body)).toBe(field);
    }
  });

  it('lets exactly one of 20 simultaneous scans of one admission admit it', async () => {
    const { view, bought } = await ticketOf();
    const code = view.admissions[0]?.qr as string;
    // On PostgreSQL, separate app instances (separate pools) race as separate server processes would.
    const servers = await Promise.all(Array.from({ length: ctx.engine === 'postgres' ? 4 : 1 }, () => buildTestApp(ctx.db)));
    try {
      const devices = await Promise.all(
        Array.from({ length: 20 }, (_, i) => pairedDevice(test.app, ctx.db, 'demo', { gate: `gate-${i}` })),
      );
      const results = await Promise.all(
        devices.map((d, i) => deviceClient(servers[i % servers.length] as (typeof servers)[number], 'demo', d.token).scan(code)),
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
      await Promise.all(servers.map((s) => s.close()));
    }
  });

  it('gives a device the day offline: keys, slots, revocations with why, and check-ins', async () => {
    const { view, bought } = await ticketOf(3);
    const { client } = await pairedDevice(test.app, ctx.db, 'demo');
    expect((await client.scan(view.admissions[2]?.qr as string)).body.status).toBe('success');
    const shared = await api.post<{ share_token: string }>(`tickets/${bought.reservationToken}/shares`, {
      option_values: [{ option_value_id: bought.slot.adultOptionId, quantity: 1 }],
    });
    expect(shared.status).toBe(201);
    const kit = await client.get<OfflineKit>(`offline-kit?date=${view.date}&lang=en`);
    expect(kit.status).toBe(200);
    const [, kid] = view.partyQr.split('.');
    expect(kit.body.keys.map((k) => k.kid)).toContain(kid);
    expect(kit.body.keys.every((k) => Buffer.from(k.public_key, 'base64url').length === 32)).toBe(true);
    expect(kit.body.slots.map((s) => s.id)).toContain(bought.slot.timeSpanId);
    // The admission types a code names, in the language asked for.
    const adult = kit.body.options.find((o) => o.id === bought.slot.adultOptionId);
    expect(adult?.name).toMatch(/\S/);
    expect(adult?.name).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(kit.body.check_ins).toContainEqual(
      expect.objectContaining({ ticket_id: view.admissions[2]?.id, mode: 'gate', gate: 'east' }),
    );
    const revoked = kit.body.revocations.filter((r) => view.admissions.some((a) => a.id === r.ticket_id));
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({ generation: 2, reason: 'shared', moved_to: null });
    // The answer is the device's alone, never kept by a cache.
    expect(JSON.stringify(kit.body)).not.toMatch(/private|secret/i);
  });

  it("gives a device that holds the day's kit only the check-ins recorded since, and the whole day for another day's kit", async () => {
    const { view } = await ticketOf(2);
    const { client } = await pairedDevice(test.app, ctx.db, 'demo');
    const [first, second] = view.admissions.map((a) => a.id) as [string, string];
    expect((await client.scan(view.admissions[0]?.qr as string)).body.status).toBe('success');
    const whole = await client.get<OfflineKit>(`offline-kit?date=${view.date}`);
    expect(whole.body.check_ins_since).toBeNull();
    expect(whole.body.check_ins.map((c) => c.ticket_id)).toContain(first);
    expect(whole.body.cursor).toBe(`${view.date}|${whole.body.server_time}`);
    // The first check-in was recorded well before the kit; the second comes after it.
    await ctx.db.execute(sql`update check_ins set recorded_at = recorded_at - interval '10 minutes' where ticket_id = ${first}`);
    expect((await client.scan(view.admissions[1]?.qr as string)).body.status).toBe('success');
    const since = await client.get<OfflineKit>(`offline-kit?date=${view.date}&since=${encodeURIComponent(whole.body.cursor)}`);
    expect(since.status).toBe(200);
    expect(since.body.check_ins_since).not.toBeNull();
    const ids = since.body.check_ins.map((c) => c.ticket_id);
    expect(ids).toContain(second);
    expect(ids).not.toContain(first);
    expect(since.body.keys.length).toBeGreaterThan(0);
    // A kit of another day (the night has passed): the whole day again.
    const otherDay = `2000-01-01|${whole.body.server_time}`;
    const again = await client.get<OfflineKit>(`offline-kit?date=${view.date}&since=${encodeURIComponent(otherDay)}`);
    expect(again.body.check_ins_since).toBeNull();
    expect(again.body.check_ins.map((c) => c.ticket_id)).toEqual(expect.arrayContaining([first, second]));
  });

  it('settles offline scans once per nonce, at the time they were made, and reports two gates admitting one ticket', async () => {
    const { view } = await ticketOf(3);
    const east = await pairedDevice(test.app, ctx.db, 'demo', { gate: 'east', name: 'East phone' });
    const west = await pairedDevice(test.app, ctx.db, 'demo', { gate: 'west', name: 'West phone' });
    const scannedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const first = { nonce: randomUUID(), code: view.admissions[0]?.qr, scanned_at: scannedAt };
    const uploaded = await east.client.post<UploadResult>('uploads', { scans: [first] });
    expect(uploaded.body.results).toEqual([{ nonce: first.nonce, outcome: 'recorded', replayed: false }]);
    // The same upload again (the answer was lost on the way back): one check-in, the first answer.
    const replay = await east.client.post<UploadResult>('uploads', { scans: [first] });
    expect(replay.body.results).toEqual([{ nonce: first.nonce, outcome: 'recorded', replayed: true }]);
    const recorded = await rows<{ n: number; offline: boolean; at: string }>(
      ctx.db,
      sql`select count(*)::int as n, bool_and(offline) as offline, min(checked_in_at)::text as at from check_ins where ticket_id = ${view.admissions[0]?.id}`,
    );
    expect(recorded[0]).toMatchObject({ n: 1, offline: true });
    expect(Date.parse(recorded[0]?.at ?? '')).toBe(Date.parse(scannedAt));

    // The west gate admitted the same ticket offline a minute later.
    const second = {
      nonce: randomUUID(),
      code: view.admissions[0]?.qr,
      scanned_at: new Date(Date.now() - 4 * 60_000).toISOString(),
    };
    const other = { nonce: randomUUID(), code: view.admissions[1]?.qr, scanned_at: second.scanned_at };
    const late = await west.client.post<UploadResult>('uploads', { scans: [second, other] });
    expect(late.body.results).toEqual([
      { nonce: second.nonce, outcome: 'conflict', replayed: false },
      { nonce: other.nonce, outcome: 'recorded', replayed: false },
    ]);
    const [conflict] = await rows<{ conflict: string; gate: string; detail: { first?: { gate: string }; orderId?: string } }>(
      ctx.db,
      sql`select conflict, gate, detail from gate_scans where nonce = ${second.nonce}`,
    );
    expect(conflict).toMatchObject({ conflict: 'used', gate: 'west', detail: { first: { gate: 'east' } } });
    expect(conflict?.detail.orderId).toBeTruthy();
    // A code no longer valid when it comes up, and one that is no ticket.
    await ctx.db.execute(
      sql`update tickets set status = 'cancelled', generation = generation + 1 where id = ${view.admissions[2]?.id}`,
    );
    const revoked = { nonce: randomUUID(), code: view.admissions[2]?.qr, scanned_at: scannedAt };
    const junk = { nonce: randomUUID(), code: 'not a ticket', scanned_at: scannedAt };
    const rest = await west.client.post<UploadResult>('uploads', { scans: [revoked, junk] });
    expect(rest.body.results.map((r) => r.outcome)).toEqual(['conflict', 'refused']);
    const audits = await rows<{ action: string; actor_type: string }>(
      ctx.db,
      sql`select action, actor_type from audit_log where object_id in (${second.nonce}, ${revoked.nonce}, ${junk.nonce}) order by id`,
    );
    expect(audits).toEqual([
      { action: 'offline_conflict_used', actor_type: 'device' },
      { action: 'offline_conflict_revoked', actor_type: 'device' },
      { action: 'offline_refused', actor_type: 'device' },
    ]);
  });

  it('pairs a device with a code from the console once; pairing again or revoking stops its token at once', async () => {
    const demoId = await siteIdOf(ctx.db, 'demo');
    const manager = await staffWith(['settings:write'], [demoId]);
    const scanner = await staffWith(['checkin:scan'], [demoId]);
    expect((await scanner.client.post('venues/demo/gate-devices', { name: 'Tablet', gate: 'north' })).status).toBe(403);
    const made = await manager.client.post<GateDevicePairing>('venues/demo/gate-devices', { name: 'Tablet', gate: 'north' });
    expect(made.status).toBe(201);
    expect(made.body.pairing_url).toBe(`/gate/#pair=${made.body.pairing_code}`);
    expect(made.body.device).toMatchObject({ name: 'Tablet', gate: 'north', paired_at: null });
    const device = consoleClient(test.app, { ip: '192.0.2.41' });
    const paired = await device.post<PairResult>('gate/pair', { code: made.body.pairing_code });
    expect(paired.status).toBe(200);
    expect(paired.body).toMatchObject({ device: { gate: 'north' }, venue: { code: 'demo' } });
    expect((await device.post('gate/pair', { code: made.body.pairing_code })).status).toBe(404);
    const tablet = deviceClient(test.app, 'demo', paired.body.token);
    expect((await tablet.get('me')).status).toBe(200);
    const list = await manager.client.get<{ devices: { id: string; paired_at: string | null }[] }>('venues/demo/gate-devices');
    expect(list.body.devices.find((d) => d.id === made.body.device.id)?.paired_at).toBeTruthy();

    const again = await manager.client.post<GateDevicePairing>(`venues/demo/gate-devices/${made.body.device.id}/pairing`);
    expect(again.status).toBe(200);
    expect((await tablet.get('me')).status).toBe(401);
    const repaired = await device.post<PairResult>('gate/pair', { code: again.body.pairing_code });
    const renewed = deviceClient(test.app, 'demo', repaired.body.token);
    expect((await renewed.get('me')).status).toBe(200);
    const revoked = await manager.client.post<{ revoked_at: string | null }>(
      `venues/demo/gate-devices/${made.body.device.id}/revoke`,
    );
    expect(revoked.body.revoked_at).toBeTruthy();
    expect((await renewed.get('me')).status).toBe(401);
    expect((await manager.client.post(`venues/borderless/gate-devices/${made.body.device.id}/revoke`)).status).toBe(404);
    const actions = await rows<{ action: string; actor_type: string }>(
      ctx.db,
      sql`select action, actor_type from audit_log where object_type = 'gate_device' and object_id = ${made.body.device.id} order by id`,
    );
    expect(actions).toEqual([
      { action: 'create', actor_type: 'staff' },
      { action: 'pair', actor_type: 'device' },
      { action: 'pair_again', actor_type: 'staff' },
      { action: 'pair', actor_type: 'device' },
      { action: 'revoke', actor_type: 'staff' },
    ]);
  });

  it('pairs when the venues must be read from the database first (on the embedded engine, not inside its transaction)', async () => {
    const { device } = await pairedDevice(test.app, ctx.db, 'demo');
    const code = 'fresh-code-00000000000000';
    await ctx.db.execute(
      sql`update gate_devices set token_hash = null, pairing_code_hash = ${hashToken(code)},
          pairing_expires_at = app_now() + interval '5 minutes' where id = ${device.id}`,
    );
    // Every call reads the sites table, as the sites service does when its cache has expired.
    const paired = await pairGateDevice(ctx.db, () => listSites(ctx.db), code, '192.0.2.44');
    expect(paired.venue.code).toBe('demo');
  });

  it('refuses an expired pairing code', async () => {
    const { device } = await pairedDevice(test.app, ctx.db, 'demo');
    await ctx.db.execute(
      sql`update gate_devices set token_hash = null, pairing_code_hash = encode(sha256('expired-code-0000000000'::bytea), 'hex'),
          pairing_expires_at = app_now() - interval '1 second' where id = ${device.id}`,
    );
    const answer = await consoleClient(test.app).post<ErrorBody>('gate/pair', { code: 'expired-code-0000000000' });
    expect(answer.status).toBe(404);
  });
});
