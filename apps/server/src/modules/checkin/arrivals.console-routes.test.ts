import type { Arrivals, SlotCheckIns } from '@storefront/domain/console/gate';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { fakeStorefrontDir, useTestApp } from '../../../test/app.ts';
import { wallClock } from '../../../test/clock.ts';
import { type ConsoleClient, consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { serverSentEvents } from '../../../test/event-stream.ts';
import { pairedDevice } from '../../../test/gate.ts';
import { type Bought, buyTickets, setCheckInGrace } from '../../../test/tickets.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { clock } from '../../lib/clock.ts';
import type { Site } from '../sites/site.ts';
import { createArrivalsFeed } from './arrivals.ts';

type ErrorAnswer = { error: string; field?: string };

const events = serverSentEvents;

/** The admissions of a reservation, in position order. */
async function admissionsOf(db: Database, number: string) {
  return rows<{ id: string; order_id: string; time_span_id: number }>(
    db,
    sql`select t.id::text as id, o.id::text as order_id, o.time_span_id from tickets t join orders o on o.id = t.order_id
        where o.reservation_number = ${number} order by t.position`,
  );
}

/** Checks an admission in at a gate as the gate's routes would record it (tests may set up rows directly). */
async function checkIn(
  db: Database,
  ticketId: string,
  gate: string,
  by: { deviceId?: string; staffId?: number; offline?: boolean; at?: string } = {},
) {
  await db.execute(
    sql`insert into check_ins (ticket_id, mode, method, gate, device_id, staff_id, offline, checked_in_at)
        values (${ticketId}, 'gate', 'read_qr', ${gate}, ${by.deviceId ?? null}, ${by.staffId ?? null}, ${by.offline ?? false},
                ${by.at ?? clock.now().toISOString()}::timestamptz)`,
  );
  await db.execute(sql`update tickets set status = 'used' where id = ${ticketId}`);
}

describeEachEngine(
  'live arrivals in the console',
  (ctx) => {
    const server = useTestApp(ctx);
    let demoId: number;
    let scanner: ConsoleClient;
    let scannerId: number;
    let deviceId: string;

    async function member(rights: ('checkin:scan' | 'orders:read')[], venueIds?: number[]) {
      const team = await makeTeam(ctx.db, { rights, ...(venueIds === undefined ? {} : { venueIds }) });
      const account = await makeStaff(ctx.db, { teamIds: [team.id] });
      const client = consoleClient(server.app, { ip: '192.0.2.41' });
      await signIn(client, account.email);
      return { client, account };
    }

    beforeAll(async () => {
      await setCheckInGrace(ctx.db, 'demo', 30);
      const [demo] = await rows<{ id: number }>(ctx.db, sql`select id from sites where variant = 'demo'`);
      demoId = demo?.id as number;
      const made = await member(['checkin:scan'], [demoId]);
      scanner = made.client;
      scannerId = made.account.id;
      const [device] = await rows<{ id: string }>(
        ctx.db,
        sql`insert into gate_devices (site_id, name, gate, paired_at) values (${demoId}, 'tablet 2', 'north', app_now()) returning id::text as id`,
      );
      deviceId = device?.id as string;
    });

    it('counts per slot the admissions sold, those checked in by gate, and no-shows once the entry window has closed', async () => {
      const shop = apiFor(server.app, 'demo');
      const open = await buyTickets(shop, ctx.db, { quantity: 3 });
      const openMore = await buyTickets(shop, ctx.db, { quantity: 2 });
      const closed = await buyTickets(shop, ctx.db, { quantity: 4 });
      const slotOf = (bought: Bought) => bought.slot.timeSpanId;
      expect(slotOf(openMore)).not.toBe(slotOf(open));
      const [openDate] = await rows<{ date: string }>(
        ctx.db,
        sql`select date::text as date from product_time_spans where id = ${slotOf(open)}`,
      );
      const date = openDate?.date as string;
      // The third slot's entry window (its end and the 30 minutes' grace) closed an hour ago; the day stays.
      await ctx.db.execute(
        sql`update product_time_spans set date = ${date}::date, starts_at = app_now() - interval '150 minutes',
          ends_at = app_now() - interval '90 minutes' where id = ${slotOf(closed)}`,
      );

      const [a1, a2, a3] = await admissionsOf(ctx.db, open.reservationNumber);
      await checkIn(ctx.db, a1?.id as string, 'north', { deviceId });
      await checkIn(ctx.db, a2?.id as string, 'north', { deviceId, offline: true });
      await checkIn(ctx.db, a3?.id as string, 'east', { staffId: scannerId });
      const [more1, more2] = await admissionsOf(ctx.db, openMore.reservationNumber);
      // A cancelled admission is not sold any more.
      await ctx.db.execute(sql`update tickets set status = 'cancelled', cancelled_at = app_now() where id = ${more2?.id}`);
      await checkIn(ctx.db, more1?.id as string, 'east', { staffId: scannerId });
      const [late] = await admissionsOf(ctx.db, closed.reservationNumber);
      await checkIn(ctx.db, late?.id as string, 'west', { deviceId });

      const answer = await scanner.get<Arrivals>(`venues/demo/arrivals?date=${date}&lang=ja`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.date).toBe(date);
      const slot = (id: number) => answer.body.slots.find((s) => s.slot.id === id);
      expect(slot(slotOf(open))).toMatchObject({
        sold: 3,
        checked_in: 3,
        no_shows: null,
        by_gate: [
          { gate: 'north', count: 2 },
          { gate: 'east', count: 1 },
        ],
      });
      expect(slot(slotOf(open))?.slot.start_time).toMatch(/^\d{2}:\d{2}$/);
      expect(slot(slotOf(open))?.product_name).toBeTruthy();
      expect(slot(slotOf(openMore))).toMatchObject({
        sold: 1,
        checked_in: 1,
        no_shows: null,
        by_gate: [{ gate: 'east', count: 1 }],
      });
      expect(slot(slotOf(closed))).toMatchObject({ sold: 4, checked_in: 1, no_shows: 3, by_gate: [{ gate: 'west', count: 1 }] });
      const sold = answer.body.slots.reduce((sum, s) => sum + s.sold, 0);
      expect(answer.body.totals).toEqual({ sold, checked_in: answer.body.slots.reduce((sum, s) => sum + s.checked_in, 0) });
      expect(answer.body.totals.sold).toBeGreaterThanOrEqual(8);
      // Slots in time order (the slot moved into the past above aside).
      const starts = answer.body.slots.filter((s) => s.slot.id !== slotOf(closed)).map((s) => s.slot.start_time);
      expect(starts).toEqual([...starts].sort());

      // One slot's check-ins: who, where, offline or not; the admissions still to come after them.
      const list = await scanner.get<SlotCheckIns>(`venues/demo/arrivals/slots/${slotOf(open)}?lang=en`);
      expect(list.status).toBe(200);
      expect(list.body.slot.id).toBe(slotOf(open));
      expect(list.body.admissions).toHaveLength(3);
      const byTicket = new Map(list.body.admissions.map((a) => [a.ticket_id, a]));
      expect(byTicket.get(a1?.id as string)).toMatchObject({
        reservation_number: open.reservationNumber,
        status: 'used',
        gate: 'north',
        by: 'tablet 2',
        offline: false,
      });
      expect(byTicket.get(a2?.id as string)).toMatchObject({ gate: 'north', by: 'tablet 2', offline: true });
      expect(byTicket.get(a3?.id as string)?.by).toContain('@staff.test');
      expect(byTicket.get(a1?.id as string)?.option_name).toBeTruthy();
      const closedList = await scanner.get<SlotCheckIns>(`venues/demo/arrivals/slots/${slotOf(closed)}`);
      expect(closedList.body.admissions.map((a) => a.checked_in_at !== null)).toEqual([true, false, false, false]);
    });

    it("lists the day's offline conflicts with the device, the gate, the times, the reservation and the product", async () => {
      const bought = await buyTickets(apiFor(server.app, 'demo'), ctx.db, { quantity: 1 });
      const [admission] = await admissionsOf(ctx.db, bought.reservationNumber);
      const first = { at: new Date(clock.nowMs() - 5 * 60_000).toISOString(), gate: 'north' };
      const nonce = crypto.randomUUID();
      await ctx.db.execute(
        sql`insert into gate_scans (nonce, site_id, device_id, scanned_by, gate, mode, scanned_at, outcome, conflict, detail)
          values (${nonce}, ${demoId}, ${deviceId}, 'tablet 2', 'east', 'gate', app_now() - interval '2 minutes', 'conflict', 'used',
                  ${JSON.stringify({ ticketIds: [admission?.id], orderId: admission?.order_id, first })}::jsonb)`,
      );
      // A scan recorded without conflict is not listed.
      await ctx.db.execute(
        sql`insert into gate_scans (nonce, site_id, scanned_by, gate, mode, scanned_at, outcome)
          values (${crypto.randomUUID()}, ${demoId}, 'tablet 2', 'east', 'gate', app_now(), 'recorded')`,
      );
      const answer = await scanner.get<Arrivals>('venues/demo/arrivals');
      expect(answer.status).toBe(200);
      const conflict = answer.body.conflicts.find((c) => c.nonce === nonce);
      expect(conflict).toMatchObject({
        kind: 'used',
        ticket_id: admission?.id,
        order_id: admission?.order_id,
        reservation_number: bought.reservationNumber,
        device_name: 'tablet 2',
        gate: 'east',
        first,
      });
      expect(conflict?.product_name).toBeTruthy();
      expect(answer.body.conflicts.every((c) => c.kind === 'used' || c.kind === 'revoked')).toBe(true);
      expect(answer.body.conflicts).toHaveLength(1);
    });

    it('refuses without a session (401), without the right (403), at a venue not seen (404), a slot of another venue (404)', async () => {
      const anonymous = consoleClient(server.app);
      for (const path of ['venues/demo/arrivals', 'venues/demo/arrivals/stream', 'venues/demo/arrivals/slots/1']) {
        expect((await anonymous.get(path)).status, path).toBe(401);
      }
      const reader = (await member(['orders:read'])).client;
      expect((await reader.get<ErrorAnswer>('venues/demo/arrivals')).status).toBe(403);
      expect((await reader.get<ErrorAnswer>('venues/demo/arrivals/stream')).status).toBe(403);
      expect((await scanner.get<ErrorAnswer>('venues/borderless/arrivals')).status).toBe(404);
      const [foreign] = await rows<{ id: number }>(
        ctx.db,
        sql`select t.id from product_time_spans t join products p on p.id = t.product_id join sites s on s.id = p.site_id
          where s.variant = 'borderless' limit 1`,
      );
      const elsewhere = await scanner.get<ErrorAnswer>(`venues/demo/arrivals/slots/${foreign?.id}`);
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body.error).toBe('not found');
      expect((await scanner.get<ErrorAnswer>('venues/demo/arrivals/slots/999999999')).status).toBe(404);
    });

    it('names the field of a bad date or slot', async () => {
      const badDate = await scanner.get<ErrorAnswer>('venues/demo/arrivals?date=2026-13-45');
      expect(badDate.status).toBe(400);
      expect(badDate.body.field).toBe('date');
      const badSlot = await scanner.get<ErrorAnswer>('venues/demo/arrivals/slots/abc');
      expect(badSlot.status).toBe(400);
      expect(badSlot.body.field).toBe('slot');
    });
  },
  // The arrivals page shows the venue's today unless asked for a day, and its conflicts are the
  // day's: a scan two minutes ago is today's at 10:00 at the venue, whatever the hour the suite runs.
  { at: () => wallClock('10:00') },
);

describeEachEngine(
  'the live arrivals stream',
  (ctx) => {
    // A short poll: the test sees a check-in made by anyone within a tenth of a second.
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await buildApp({
        config: { appMode: 'demo', appEnv: 'development', reconnectSite: null },
        db: ctx.db,
        storefrontDir: fakeStorefrontDir(),
        arrivalsPollMs: 100,
      });
      // The tickets are for days ahead: the gate admits them within this grace.
      await setCheckInGrace(ctx.db, 'demo', 60 * 24 * 30);
    });
    afterAll(async () => {
      await app.close();
    });

    it('sends the arrivals at once and again after a check-in, and lets go of the stream when the client leaves', async () => {
      const bought = await buyTickets(apiFor(app, 'demo'), ctx.db, { quantity: 2 });
      const [row] = await rows<{ date: string }>(
        ctx.db,
        sql`select date::text as date from product_time_spans where id = ${bought.slot.timeSpanId}`,
      );
      const team = await makeTeam(ctx.db, { rights: ['checkin:scan'] });
      const account = await makeStaff(ctx.db, { teamIds: [team.id] });
      const client = consoleClient(app, { ip: '192.0.2.42' });
      await signIn(client, account.email);

      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const controller = new AbortController();
      const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await fetch(`${address}/console/api/v1/venues/demo/arrivals/stream?date=${row?.date}`, {
        headers: { cookie },
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const stream = events(response.body as ReadableStream<Uint8Array>);
      const next = async () => {
        for (;;) {
          const event = await stream.next();
          if (event.done) throw new Error('the stream ended');
          if (event.value.event === 'arrivals') return JSON.parse(event.value.data) as Arrivals;
        }
      };
      const checkedIn = (arrivals: Arrivals) => arrivals.slots.find((s) => s.slot.id === bought.slot.timeSpanId)?.checked_in;
      const initial = await next();
      expect(checkedIn(initial)).toBe(0);
      expect(initial.slots.find((s) => s.slot.id === bought.slot.timeSpanId)?.sold).toBe(2);

      const [admission] = await admissionsOf(ctx.db, bought.reservationNumber);
      await checkIn(ctx.db, admission?.id as string, 'south');
      const update = await next();
      expect(checkedIn(update)).toBe(1);
      expect(update.slots.find((s) => s.slot.id === bought.slot.timeSpanId)?.by_gate).toEqual([{ gate: 'south', count: 1 }]);

      // A paired device scans the second admission through the gate's own route.
      const tablet = await pairedDevice(app, ctx.db, 'demo', { name: 'tablet 7', gate: 'north' });
      const [, other] = await admissionsOf(ctx.db, bought.reservationNumber);
      const scanned = await tablet.client.post<{ status: string }>('scans', { admission_id: other?.id });
      expect(scanned.body.status).toBe('success');
      let after = await next();
      while (checkedIn(after) === 1) after = await next();
      expect(checkedIn(after)).toBe(2);
      expect(after.slots.find((s) => s.slot.id === bought.slot.timeSpanId)?.by_gate).toEqual([
        { gate: 'north', count: 1 },
        { gate: 'south', count: 1 },
      ]);

      controller.abort();
    });

    it('lists the conflict of an admission two devices admitted offline, as their uploads report it', async () => {
      const bought = await buyTickets(apiFor(app, 'demo'), ctx.db, { quantity: 1 });
      const [admission] = await admissionsOf(ctx.db, bought.reservationNumber);
      const east = await pairedDevice(app, ctx.db, 'demo', { name: 'phone east', gate: 'east' });
      const west = await pairedDevice(app, ctx.db, 'demo', { name: 'phone west', gate: 'west' });
      const upload = (device: typeof east, minutesAgo: number) =>
        device.client.post<{ results: { nonce: string; outcome: string }[] }>('uploads', {
          scans: [
            {
              nonce: crypto.randomUUID(),
              admission_id: admission?.id,
              scanned_at: new Date(clock.nowMs() - minutesAgo * 60_000).toISOString(),
            },
          ],
        });
      expect((await upload(east, 3)).body.results[0]?.outcome).toBe('recorded');
      const second = await upload(west, 1);
      expect(second.body.results[0]?.outcome).toBe('conflict');

      const team = await makeTeam(ctx.db, { rights: ['checkin:scan'] });
      const account = await makeStaff(ctx.db, { teamIds: [team.id] });
      const client = consoleClient(app, { ip: '192.0.2.43' });
      await signIn(client, account.email);
      const answer = await client.get<Arrivals>('venues/demo/arrivals');
      const conflict = answer.body.conflicts.find((c) => c.nonce === second.body.results[0]?.nonce);
      expect(conflict).toMatchObject({
        kind: 'used',
        ticket_id: admission?.id,
        reservation_number: bought.reservationNumber,
        device_name: 'phone west',
        gate: 'west',
        first: { gate: 'east' },
      });
    });

    it('ends a stream after its lifetime, so a staff member signed out meanwhile is refused when it reopens', async () => {
      const short = await buildApp({
        config: { appMode: 'demo', appEnv: 'development', reconnectSite: null },
        db: ctx.db,
        storefrontDir: fakeStorefrontDir(),
        arrivalsPollMs: 100,
        arrivalsStreamMs: 300,
      });
      try {
        const team = await makeTeam(ctx.db, { rights: ['checkin:scan'] });
        const account = await makeStaff(ctx.db, { teamIds: [team.id] });
        const client = consoleClient(short, { ip: '192.0.2.43' });
        await signIn(client, account.email);
        const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
        const address = await short.listen({ host: '127.0.0.1', port: 0 });
        const open = () => fetch(`${address}/console/api/v1/venues/demo/arrivals/stream`, { headers: { cookie } });
        const first = await open();
        expect(first.status).toBe(200);
        const stream = events(first.body as ReadableStream<Uint8Array>);
        expect((await stream.next()).value?.event).toBe('arrivals');
        expect((await client.delete('session')).status).toBeLessThan(300);
        // The stream ends by itself soon after; reopened, the session is checked again.
        for (;;) if ((await stream.next()).done) break;
        expect((await open()).status).toBe(401);
      } finally {
        await short.close();
      }
    });

    it('holds a bounded number of streams and frees one when its client leaves', async () => {
      const feed = createArrivalsFeed(ctx.db, { maxStreams: 1, pollMs: 60_000 });
      try {
        const [site] = await rows<Site>(ctx.db, sql`select id, time_zone as "timeZone" from sites where variant = 'demo'`);
        const written: string[] = [];
        const leave = await feed.subscribe(
          site as Site,
          { lang: 'en' },
          { write: (chunk) => written.push(chunk), end: () => {} },
        );
        expect(written.some((chunk) => chunk.startsWith('event: arrivals'))).toBe(true);
        expect(feed.hasRoom()).toBe(false);
        leave();
        leave();
        expect(feed.connections()).toBe(0);
        expect(feed.hasRoom()).toBe(true);
      } finally {
        feed.close();
      }
    });
  },
  // The conflicts listed are the venue's today's: offline scans a minute or three ago are today's at
  // 10:00 at the venue, whatever the hour the suite runs.
  { at: () => wallClock('10:00') },
);
