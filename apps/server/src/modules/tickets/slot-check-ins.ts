/**
 * What other modules may read of a slot's admissions and their entry check-ins (the console's live
 * arrivals, decision 021): grouped counts per slot and gate, and one slot's admissions with their
 * check-in. Each starts from a select of orders (`id`, `time_span_id`, `reservation_number`) the
 * orders module gives, so a day of ~50 slots and ~10,000 admissions is one statement.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';

export type SlotGateCount = {
  timeSpanId: number;
  /** The gate of the entry check-ins counted; null for the admissions not checked in. */
  gate: string | null;
  /** Admissions that stand (valid or used). */
  admissions: number;
  checkedIn: number;
};

/** Per slot and gate: the standing admissions of the orders, and those checked in at the entry. */
export async function slotGateCounts(db: Database, orders: SQL): Promise<SlotGateCount[]> {
  const found = await rows<{ time_span_id: number; gate: string | null; admissions: number; checked_in: number }>(
    db,
    sql`select o.time_span_id, c.gate, count(*)::int as admissions, count(c.id)::int as checked_in
        from (${orders}) o
        join tickets t on t.order_id = o.id and t.status <> 'cancelled'
        left join check_ins c on c.ticket_id = t.id and c.mode = 'gate'
        group by o.time_span_id, c.gate`,
  );
  return found.map((r) => ({ timeSpanId: r.time_span_id, gate: r.gate, admissions: r.admissions, checkedIn: r.checked_in }));
}

export type SlotAdmissionCheckIn = {
  ticketId: string;
  reservationNumber: string;
  optionId: number;
  position: number;
  status: 'valid' | 'used' | 'cancelled';
  checkedInAt: Date | null;
  gate: string | null;
  deviceId: string | null;
  staffId: number | null;
  offline: boolean;
};

/** Every admission of the orders with its entry check-in: the latest check-ins first, then those still to come. */
export async function admissionCheckIns(db: Database, orders: SQL): Promise<SlotAdmissionCheckIn[]> {
  const found = await rows<{
    ticket_id: string;
    reservation_number: string | null;
    option_id: number;
    position: number;
    status: SlotAdmissionCheckIn['status'];
    checked_in_at: string | Date | null;
    gate: string | null;
    device_id: string | null;
    staff_id: number | null;
    offline: boolean | null;
  }>(
    db,
    sql`select t.id::text as ticket_id, o.reservation_number, t.option_id, t.position, t.status,
               c.checked_in_at, c.gate, c.device_id::text as device_id, c.staff_id, c.offline
        from (${orders}) o
        join tickets t on t.order_id = o.id
        left join check_ins c on c.ticket_id = t.id and c.mode = 'gate'
        order by c.checked_in_at is null, c.checked_in_at desc, o.reservation_number, t.position`,
  );
  return found.map((r) => ({
    ticketId: r.ticket_id,
    reservationNumber: r.reservation_number ?? '',
    optionId: r.option_id,
    position: r.position,
    status: r.status,
    checkedInAt: r.checked_in_at === null ? null : new Date(r.checked_in_at),
    gate: r.gate,
    deviceId: r.device_id,
    staffId: r.staff_id,
    offline: r.offline === true,
  }));
}
