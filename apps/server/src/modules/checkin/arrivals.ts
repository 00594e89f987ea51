/**
 * The console's live arrivals (issue 17 part 7, decision 021): per slot of a venue's day, the
 * admissions sold, those checked in at the entry and by which gate, the no-shows once the slot's
 * entry window has closed, and the day's offline conflicts. Everything is read from the database
 * in a few grouped statements, so any server process answers the same; the live feed re-reads a
 * watched day at most every `pollMs` and sends it only when it changed.
 */

import type { Arrivals, GateConflict, GateSlot, SlotArrivals, SlotCheckIns } from '@storefront/domain/console/gate';
import type { LanguageCode } from '@storefront/domain/constants';
import { addDays, startOfDayIn, timeOfDayIn, todayIn } from '@storefront/domain/dates';
import { localize } from '@storefront/domain/localize';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import {
  checkInGraceMinutes,
  findProductById,
  optionNames,
  productNames,
  type SlotTimes,
  slotFactsOf,
  venueSlotTimes,
} from '../catalogue/catalogue-facts.ts';
import { completedOrdersOfSlots, orderReferences } from '../orders/slot-orders.ts';
import type { Site } from '../sites/site.ts';
import { scannerNames } from '../staff/scanner-names.ts';
import { DEFAULT_CHECK_IN_GRACE_MINUTES } from '../tickets/entry-window.ts';
import { admissionCheckIns, slotGateCounts } from '../tickets/slot-check-ins.ts';
import { gateScans } from './checkin.schema.ts';

export type ArrivalsQuery = { date?: string | undefined; lang: string };

function gateSlotOf(slot: SlotTimes, timeZone: string): GateSlot {
  return {
    id: slot.id,
    date: slot.date,
    start_time: timeOfDayIn(slot.startsAt, timeZone),
    end_time: timeOfDayIn(slot.endsAt, timeZone),
  };
}

/** The day's conflicts: offline scans that came up when their admission was already in or no longer valid. */
async function dayConflicts(db: Database, site: Site, date: string, lang: LanguageCode): Promise<GateConflict[]> {
  const found = await db
    .select()
    .from(gateScans)
    .where(
      and(
        eq(gateScans.siteId, site.id),
        eq(gateScans.outcome, 'conflict'),
        gte(gateScans.scannedAt, startOfDayIn(date, site.timeZone)),
        lt(gateScans.scannedAt, startOfDayIn(addDays(date, 1), site.timeZone)),
      ),
    )
    .orderBy(asc(gateScans.scannedAt), asc(gateScans.nonce));
  if (found.length === 0) return [];
  const orders = await orderReferences(
    db,
    site.id,
    found.flatMap((scan) => (scan.detail.orderId ? [scan.detail.orderId] : [])),
  );
  const [products, scanners] = await Promise.all([
    productNames(
      db,
      [...orders.values()].map((o) => o.productId),
    ),
    scannerNames(
      db,
      found.flatMap((scan) => (scan.deviceId ? [scan.deviceId] : [])),
      [],
    ),
  ]);
  return found.map((scan) => {
    const order = scan.detail.orderId ? orders.get(scan.detail.orderId) : undefined;
    const product = order ? products.get(order.productId) : undefined;
    return {
      nonce: scan.nonce,
      kind: scan.conflict ?? 'used',
      ticket_id: scan.detail.ticketIds?.[0] ?? null,
      order_id: order ? (scan.detail.orderId ?? null) : null,
      reservation_number: order?.reservationNumber ?? null,
      product_name: product ? localize(product, lang) : null,
      // The device's name; what the scan kept (a staff member's e-mail, a device since deleted) otherwise.
      device_name: (scan.deviceId ? scanners.devices.get(scan.deviceId) : undefined) ?? scan.scannedBy,
      gate: scan.gate,
      scanned_at: scan.scannedAt.toISOString(),
      uploaded_at: scan.uploadedAt.toISOString(),
      first: scan.detail.first ?? null,
    };
  });
}

/** A venue's arrivals of one day (the venue's today by default). */
export async function readArrivals(db: Database, site: Site, query: ArrivalsQuery, now = clock.now()): Promise<Arrivals> {
  const lang = query.lang as LanguageCode;
  const date = query.date ?? todayIn(site.timeZone, now);
  const [slots, graceMinutes, conflicts] = await Promise.all([
    venueSlotTimes(db, site.id, { from: date, to: date }),
    checkInGraceMinutes(db, site.id, DEFAULT_CHECK_IN_GRACE_MINUTES),
    dayConflicts(db, site, date, lang),
  ]);
  const counts =
    slots.length === 0
      ? []
      : await slotGateCounts(
          db,
          completedOrdersOfSlots(
            site.id,
            slots.map((s) => s.id),
          ),
        );
  const grace = graceMinutes * 60_000;
  const arrivals: SlotArrivals[] = slots.map((slot) => {
    const own = counts.filter((c) => c.timeSpanId === slot.id);
    const sold = own.reduce((sum, c) => sum + c.admissions, 0);
    const checkedIn = own.reduce((sum, c) => sum + c.checkedIn, 0);
    const isWindowOver = now.getTime() > slot.endsAt.getTime() + grace;
    return {
      slot: gateSlotOf(slot, site.timeZone),
      product_name: localize(slot.productName, lang),
      sold,
      checked_in: checkedIn,
      no_shows: isWindowOver ? sold - checkedIn : null,
      by_gate: own
        .flatMap((c) => (c.gate === null ? [] : [{ gate: c.gate, count: c.checkedIn }]))
        .sort((a, b) => b.count - a.count || a.gate.localeCompare(b.gate)),
    };
  });
  return {
    date,
    generated_at: now.toISOString(),
    slots: arrivals,
    totals: {
      sold: arrivals.reduce((sum, s) => sum + s.sold, 0),
      checked_in: arrivals.reduce((sum, s) => sum + s.checked_in, 0),
    },
    conflicts,
  };
}

/** One slot's admissions with their entry check-ins; null when the slot is not the venue's. */
export async function readSlotCheckIns(
  db: Database,
  site: Site,
  slotId: number,
  lang: LanguageCode,
): Promise<SlotCheckIns | null> {
  const slot = (await slotFactsOf(db, [slotId])).get(slotId);
  if (!slot) return null;
  const product = await findProductById(db, slot.productId);
  if (product?.siteId !== site.id) return null;
  const admissions = await admissionCheckIns(db, completedOrdersOfSlots(site.id, [slotId]));
  const [options, scanners] = await Promise.all([
    optionNames(
      db,
      admissions.map((a) => a.optionId),
    ),
    scannerNames(
      db,
      admissions.flatMap((a) => (a.deviceId ? [a.deviceId] : [])),
      admissions.flatMap((a) => (a.staffId === null ? [] : [a.staffId])),
    ),
  ]);
  return {
    slot: gateSlotOf(slot, site.timeZone),
    product_name: localize(slot.productName, lang),
    admissions: admissions.map((a) => {
      const option = options.get(a.optionId);
      const by = a.deviceId
        ? (scanners.devices.get(a.deviceId) ?? null)
        : a.staffId !== null
          ? (scanners.staff.get(a.staffId) ?? null)
          : null;
      return {
        ticket_id: a.ticketId,
        reservation_number: a.reservationNumber,
        option_name: option ? localize(option, lang) : '',
        position: a.position,
        status: a.status,
        checked_in_at: a.checkedInAt?.toISOString() ?? null,
        gate: a.gate,
        by,
        offline: a.offline,
      };
    }),
  };
}

// ---- the live feed ----

/** One open stream: where its events go. */
export type ArrivalsClient = { write(chunk: string): void; end(): void };

type Channel = {
  site: Site;
  query: ArrivalsQuery;
  clients: Set<ArrivalsClient>;
  /** What was sent last, without its `generated_at`: a new read is sent only when it differs. */
  sent: string | null;
  last: string | null;
  poll: ReturnType<typeof setInterval> | null;
  busy: Promise<void> | null;
};

export type ArrivalsFeedOptions = {
  /** How often a watched day is read again (check-ins made by any process show within it). */
  pollMs?: number;
  heartbeatMs?: number;
  /** Streams this process holds open at most, all venues together. */
  maxStreams?: number;
  onError?: (error: unknown) => void;
};

/** Browsers wait this long before reconnecting after a dropped connection. */
const RECONNECT_MS = 3_000;

export function createArrivalsFeed(db: Database, options: ArrivalsFeedOptions = {}) {
  const pollMs = options.pollMs ?? 2_000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const maxStreams = options.maxStreams ?? 200;
  const channels = new Map<string, Channel>();
  let streams = 0;
  let isClosed = false;

  async function refresh(channel: Channel): Promise<void> {
    try {
      const arrivals = await readArrivals(db, channel.site, channel.query);
      const { generated_at: _, ...content } = arrivals;
      const fingerprint = JSON.stringify(content);
      if (fingerprint === channel.sent) return;
      channel.sent = fingerprint;
      channel.last = `event: arrivals\ndata: ${JSON.stringify(arrivals)}\n\n`;
      for (const client of channel.clients) client.write(channel.last);
    } catch (error) {
      // The database may be away for a moment: the next poll tries again.
      options.onError?.(error);
    }
  }

  /** One read at a time per channel; a poll while one runs is skipped (the next comes in `pollMs`). */
  function tick(channel: Channel): Promise<void> {
    if (!channel.busy) {
      channel.busy = refresh(channel).finally(() => {
        channel.busy = null;
      });
    }
    return channel.busy;
  }

  const heartbeat = setInterval(() => {
    const chunk = `event: ping\ndata: ${clock.nowMs()}\n\n`;
    for (const channel of channels.values()) for (const client of channel.clients) client.write(chunk);
  }, heartbeatMs);
  heartbeat.unref();

  return {
    /** Whether another stream may open now. */
    hasRoom(): boolean {
      return !isClosed && streams < maxStreams;
    },

    /** Opens a stream: the day's arrivals at once, then every change. Returns the way to close it. */
    async subscribe(site: Site, query: ArrivalsQuery, client: ArrivalsClient): Promise<() => void> {
      const key = `${site.id}|${query.date ?? ''}|${query.lang}`;
      let channel = channels.get(key);
      if (!channel) {
        channel = { site, query, clients: new Set(), sent: null, last: null, poll: null, busy: null };
        channels.set(key, channel);
      }
      const own = channel;
      streams += 1;
      own.clients.add(client);
      client.write(`retry: ${RECONNECT_MS}\n\n`);
      if (own.last === null) await tick(own);
      else client.write(own.last);
      if (!own.poll) {
        own.poll = setInterval(() => void tick(own), pollMs);
        own.poll.unref();
      }
      let isOpen = true;
      return () => {
        if (!isOpen) return;
        isOpen = false;
        streams -= 1;
        own.clients.delete(client);
        if (own.clients.size === 0) {
          if (own.poll) clearInterval(own.poll);
          channels.delete(key);
        }
      };
    },

    /** Streams open now. */
    connections(): number {
      return streams;
    },

    /** Ends every stream, so the server can close. */
    close(): void {
      isClosed = true;
      clearInterval(heartbeat);
      for (const channel of channels.values()) {
        if (channel.poll) clearInterval(channel.poll);
        for (const client of channel.clients) client.end();
        channel.clients.clear();
      }
      channels.clear();
    },
  };
}

export type ArrivalsFeed = ReturnType<typeof createArrivalsFeed>;
