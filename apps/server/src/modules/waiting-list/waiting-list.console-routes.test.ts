/**
 * The console's waiting lists, on both engines: a product's list turned on and off with its offer
 * time (rights, audit, the fields named), the venue's lists with each visitor's place, and staff
 * taking a waiting and an offered visitor off (the offer's places back at once and offered to the
 * next), never another venue's.
 */

import type { Right } from '@storefront/domain/console/rights';
import type { ProductWaitingList, WaitingListPage } from '@storefront/domain/console/waiting-list';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiFor } from '../../../test/api.ts';
import { useTestApp } from '../../../test/app.ts';
import { type ConsoleClient, consoleClient, makeStaff, makeTeam, signIn } from '../../../test/console.ts';
import { describeEachEngine } from '../../../test/database.ts';
import { freshSlot, orderBody, type SlotFixture, slotCounters } from '../../../test/orders.ts';
import { joinWaitingList } from '../../../test/waiting-list.ts';
import { rows } from '../../db/rows.ts';

type ErrorAnswer = { error: string; field?: string };
type Audit = { action: string; object_type: string; object_id: string; venue_code: string; changes: Record<string, unknown> };

describeEachEngine(
  'console waiting lists',
  (ctx) => {
    const server = useTestApp(ctx);
    const shop = () => apiFor(server.app, 'demo');
    let demoId = 0;
    let otherVenue = { id: 0, code: '' };

    beforeAll(async () => {
      const [demo] = await rows<{ id: number }>(ctx.db, sql`select id from sites where code = 'demo'`);
      const [other] = await rows<{ id: number; code: string }>(
        ctx.db,
        sql`select id, code from sites where code <> 'demo' order by id limit 1`,
      );
      demoId = demo?.id ?? 0;
      otherVenue = other ?? otherVenue;
    });

    async function memberWith(rights: Right[], venueIds = [demoId]): Promise<ConsoleClient> {
      const team = await makeTeam(ctx.db, { rights, venueIds });
      const member = await makeStaff(ctx.db, { teamIds: [team.id] });
      const client = consoleClient(server.app, { ip: '192.0.2.30' });
      await signIn(client, member.email);
      return client;
    }

    const lastAudit = async (objectType: string) =>
      (
        await rows<Audit>(
          ctx.db,
          sql`select action, object_type, object_id, venue_code, changes from audit_log
              where object_type = ${objectType} order by id desc limit 1`,
        )
      )[0];
    /** The audit entries of waiting lists (signing in and making staff write their own). */
    const auditCount = async () =>
      (
        await rows<{ n: number }>(
          ctx.db,
          sql`select count(*)::int as n from audit_log where object_type in ('waiting list', 'waiting list entry')`,
        )
      )[0]?.n ?? 0;

    /** A slot of `capacity` places, all held by one visitor's order (its token returned). */
    async function soldOutSlot(capacity: number) {
      const slot = await freshSlot(ctx.db, 'demo', capacity);
      const holder = await shop().post<{ order_token: string }>('orders', orderBody(slot, capacity));
      expect(holder.status).toBe(201);
      return { slot, holderToken: holder.body.order_token };
    }

    /** A visitor joins from an address of their own. */
    async function join(slot: SlotFixture, email: string, quantity = 1) {
      const joined = await joinWaitingList(server.app, slot, email, quantity);
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    }

    const statuses = async (slot: SlotFixture) =>
      (
        await rows<{ email: string; status: string }>(
          ctx.db,
          sql`select email, status from waiting_list_entries where time_span_id = ${slot.timeSpanId} order by id`,
        )
      ).map((entry) => `${entry.email}:${entry.status}`);

    const slotDate = async (slot: SlotFixture) =>
      (
        await rows<{ date: string }>(ctx.db, sql`select date::text as date from product_time_spans where id = ${slot.timeSpanId}`)
      )[0]?.date ?? '';

    /** Turns the list of the demo venue's slot's product on, through the console. */
    async function listOn(slot: SlotFixture, minutes = 30) {
      const writer = await memberWith(['catalogue:write']);
      const saved = await writer.put(`venues/demo/products/${slot.productId}/waiting-list`, {
        enabled: true,
        offer_minutes: minutes,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }

    it('turns a product’s list on with its offer time and off again, audited; turned off, those waiting are closed and an offer keeps its places', async () => {
      const { slot, holderToken } = await soldOutSlot(1);
      const writer = await memberWith(['catalogue:write']);
      const path = `venues/demo/products/${slot.productId}/waiting-list`;
      await writer.put(path, { enabled: false, offer_minutes: 30 });
      expect((await writer.get<ProductWaitingList>(path)).body).toEqual({ enabled: false, offer_minutes: 30 });

      const on = await writer.put<ProductWaitingList>(path, { enabled: true, offer_minutes: 45 });
      expect(on.status, JSON.stringify(on.body)).toBe(200);
      expect(on.body).toEqual({ enabled: true, offer_minutes: 45 });
      expect(await lastAudit('waiting list')).toMatchObject({
        action: 'turned_on',
        object_id: String(slot.productId),
        venue_code: 'demo',
        changes: { offer_minutes: { from: null, to: 45 } },
      });
      const listed = await shop().get<{ products: { product_id: number; offer_minutes: number }[] }>('waitinglist/products');
      expect(listed.body.products).toContainEqual({ product_id: slot.productId, offer_minutes: 45 });
      // Saved unchanged: no audit entry.
      const before = await auditCount();
      await writer.put(path, { enabled: true, offer_minutes: 45 });
      expect(await auditCount()).toBe(before);

      await join(slot, 'offered@list-off.test');
      await join(slot, 'waiting@list-off.test');
      await shop().delete(`orders/${holderToken}`);
      await server.app.offerWaitingListPlaces();
      expect(await statuses(slot)).toEqual(['offered@list-off.test:offered', 'waiting@list-off.test:waiting']);

      const off = await writer.put<ProductWaitingList>(path, { enabled: false, offer_minutes: 45 });
      expect(off.body).toEqual({ enabled: false, offer_minutes: 45 });
      expect((await writer.get<ProductWaitingList>(path)).body).toEqual({ enabled: false, offer_minutes: 30 });
      expect(await statuses(slot)).toEqual(['offered@list-off.test:offered', 'waiting@list-off.test:closed']);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ held: 1 });
      expect(await lastAudit('waiting list')).toMatchObject({
        action: 'turned_off',
        changes: { offer_minutes: { from: 45, to: null }, closed_entries: 1 },
      });
      await listOn(slot);
    });

    it('refuses the offer time out of range and a malformed switch naming the field, without the right, signed out, and at another venue', async () => {
      const slot = await freshSlot(ctx.db, 'demo', 5);
      const path = `venues/demo/products/${slot.productId}/waiting-list`;
      const writer = await memberWith(['catalogue:write']);
      const before = await auditCount();
      for (const minutes of [9, 2881, 12.5]) {
        const refused = await writer.put<ErrorAnswer>(path, { enabled: true, offer_minutes: minutes });
        expect(refused.status).toBe(400);
        expect(refused.body.field).toBe('offer_minutes');
      }
      const malformed = await writer.put<ErrorAnswer>(path, { enabled: 'yes', offer_minutes: 30 });
      expect(malformed.status).toBe(400);
      expect(malformed.body.field).toBe('enabled');

      const reader = await memberWith(['catalogue:read']);
      expect((await reader.get(path)).status).toBe(200);
      expect((await reader.put(path, { enabled: true, offer_minutes: 30 })).status).toBe(403);
      const staff = await memberWith(['orders:write']);
      expect((await staff.get(path)).status).toBe(403);
      expect((await consoleClient(server.app).get(path)).status).toBe(401);

      // The product is the demo venue's: at another venue it is not found.
      const both = await memberWith(['catalogue:write'], [demoId, otherVenue.id]);
      const elsewhere = `venues/${otherVenue.code}/products/${slot.productId}/waiting-list`;
      expect((await both.get(elsewhere)).status).toBe(404);
      expect((await both.put(elsewhere, { enabled: true, offer_minutes: 30 })).status).toBe(404);
      expect((await writer.get(`venues/${otherVenue.code}/products/${slot.productId}/waiting-list`)).status).toBe(404);
      expect(await auditCount()).toBe(before);
    });

    it('lists the coming slots’ entries in list order with each waiting visitor’s place, filtered by product and date, with orders:read', async () => {
      const { slot, holderToken } = await soldOutSlot(1);
      await listOn(slot);
      await join(slot, 'ayu@listing.test', 1);
      await join(slot, 'ben@listing.test', 1);
      await join(slot, 'cho@listing.test', 1);
      await shop().delete(`orders/${holderToken}`);
      await server.app.offerWaitingListPlaces();

      const reader = await memberWith(['orders:read']);
      const date = await slotDate(slot);
      const page = await reader.get<WaitingListPage>(`venues/demo/waiting-list?product_id=${slot.productId}&date=${date}`);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      const mine = page.body.entries.filter((entry) => entry.slot.id === slot.timeSpanId);
      expect(mine.map((entry) => [entry.email, entry.status, entry.position])).toEqual([
        ['ayu@listing.test', 'offered', null],
        ['ben@listing.test', 'waiting', 1],
        ['cho@listing.test', 'waiting', 2],
      ]);
      expect(mine[0]).toMatchObject({
        product_id: slot.productId,
        quantity: 1,
        lang: 'en',
        slot: { date, start_time: expect.stringMatching(/^\d\d:\d\d$/), end_time: expect.stringMatching(/^\d\d:\d\d$/) },
        offered_at: expect.any(String),
        offer_expires_at: expect.any(String),
      });
      expect(Object.keys(mine[0]?.product_name ?? {}).length).toBeGreaterThan(0);
      expect(page.body.entries.every((entry) => entry.slot.date === date && entry.product_id === slot.productId)).toBe(true);
      expect(page.body).toMatchObject({ is_capped: false, time_zone: 'Asia/Tokyo' });

      // By default, every slot not yet over; in time order.
      const all = await reader.get<WaitingListPage>('venues/demo/waiting-list');
      expect(all.body.entries.filter((entry) => entry.slot.id === slot.timeSpanId)).toHaveLength(3);
      const starts = all.body.entries.map((entry) => `${entry.slot.date} ${entry.slot.start_time}`);
      expect([...starts].sort()).toEqual(starts);
      // A slot that is over is left out unless its day is asked for.
      const [times] = await rows<{ ends_at: string }>(
        ctx.db,
        sql`select ends_at::text from product_time_spans where id = ${slot.timeSpanId}`,
      );
      await ctx.db.execute(
        sql`update product_time_spans set ends_at = app_now() - interval '1 minute' where id = ${slot.timeSpanId}`,
      );
      try {
        const after = await reader.get<WaitingListPage>('venues/demo/waiting-list');
        expect(after.body.entries.some((entry) => entry.slot.id === slot.timeSpanId)).toBe(false);
      } finally {
        await ctx.db.execute(
          sql`update product_time_spans set ends_at = ${times?.ends_at}::timestamptz where id = ${slot.timeSpanId}`,
        );
      }

      const catalogueOnly = await memberWith(['catalogue:write']);
      expect((await catalogueOnly.get('venues/demo/waiting-list')).status).toBe(403);
      expect((await consoleClient(server.app).get('venues/demo/waiting-list')).status).toBe(401);
      const bad = await reader.get<ErrorAnswer>('venues/demo/waiting-list?date=tomorrow');
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('date');
    });

    it('staff take a waiting visitor off, then an offered one: its places go back at once and the next in line is offered them', async () => {
      const { slot, holderToken } = await soldOutSlot(1);
      await listOn(slot);
      await join(slot, 'first@take-off.test');
      await join(slot, 'second@take-off.test');
      await join(slot, 'third@take-off.test');
      await shop().delete(`orders/${holderToken}`);
      await server.app.offerWaitingListPlaces();
      expect(await statuses(slot)).toEqual([
        'first@take-off.test:offered',
        'second@take-off.test:waiting',
        'third@take-off.test:waiting',
      ]);
      const ids = await rows<{ id: number; order_id: string | null }>(
        ctx.db,
        sql`select id::int, order_id::text from waiting_list_entries where time_span_id = ${slot.timeSpanId} order by id`,
      );
      const [first, second] = ids;

      const reader = await memberWith(['orders:read']);
      expect((await reader.delete(`venues/demo/waiting-list/${second?.id}`)).status).toBe(403);
      expect((await consoleClient(server.app).delete(`venues/demo/waiting-list/${second?.id}`)).status).toBe(401);

      const staff = await memberWith(['orders:write']);
      expect((await staff.delete(`venues/demo/waiting-list/${second?.id}`)).status).toBe(204);
      expect(await lastAudit('waiting list entry')).toMatchObject({
        action: 'taken_off',
        object_id: String(second?.id),
        venue_code: 'demo',
        changes: { email: 'second@take-off.test', status: { from: 'waiting', to: 'closed' } },
      });
      expect((await staff.delete(`venues/demo/waiting-list/${second?.id}`)).status).toBe(409);

      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ held: 1 });
      expect((await staff.delete(`venues/demo/waiting-list/${first?.id}`)).status).toBe(204);
      // Its order's hold is given back at once (the slot's counter may already be the next offer's:
      // this process runs a round a quarter second after places come back).
      const holds = await rows<{ open: number }>(
        ctx.db,
        sql`select count(*)::int as open from stock_holds where order_id = ${first?.order_id}::uuid and released_at is null`,
      );
      expect(holds[0]?.open).toBe(0);
      const [order] = await rows<{ status: string }>(ctx.db, sql`select status from orders where id = ${first?.order_id}::uuid`);
      expect(order?.status).toBe('cancelled');
      expect(await lastAudit('waiting list entry')).toMatchObject({
        changes: { status: { from: 'offered', to: 'closed' }, released_order_id: first?.order_id },
      });

      await server.app.offerWaitingListPlaces();
      expect(await statuses(slot)).toEqual([
        'first@take-off.test:closed',
        'second@take-off.test:closed',
        'third@take-off.test:offered',
      ]);
      expect(await slotCounters(ctx.db, slot.timeSpanId)).toMatchObject({ held: 1 });
    });

    it('never takes off another venue’s entry: 404 at a venue the entry is not of, and for an unknown entry', async () => {
      const { slot } = await soldOutSlot(1);
      await listOn(slot);
      await join(slot, 'stays@elsewhere.test');
      const [entry] = await rows<{ id: number }>(
        ctx.db,
        sql`select id::int from waiting_list_entries where time_span_id = ${slot.timeSpanId}`,
      );
      const both = await memberWith(['orders:write'], [demoId, otherVenue.id]);
      expect((await both.delete(`venues/${otherVenue.code}/waiting-list/${entry?.id}`)).status).toBe(404);
      const listed = await both.get<WaitingListPage>(`venues/${otherVenue.code}/waiting-list`);
      expect(listed.body.entries.some((e) => e.id === entry?.id)).toBe(false);
      expect((await both.delete('venues/demo/waiting-list/999999999')).status).toBe(404);
      const demoOnly = await memberWith(['orders:write']);
      expect((await demoOnly.delete(`venues/${otherVenue.code}/waiting-list/${entry?.id}`)).status).toBe(404);
      expect(await statuses(slot)).toEqual(['stays@elsewhere.test:waiting']);
    });
  },
  { seed: { variants: ['demo', 'cafe-lumen'], days: 5 } },
);
