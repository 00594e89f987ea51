/**
 * Contracts of the gate (decision 021): paired gate devices, the scanner's check-in calls, the
 * offline kit a device keeps in IndexedDB, the upload of scans made offline, and the console's live
 * arrivals. Every scanner call lives under `/console/api/v1/venues/:venue/gate/` and takes either a
 * staff session holding `checkin:scan` at the venue or a paired device's token
 * (`Authorization: Bearer <token>`), which is worth nothing at another venue (404) or once revoked (401).
 */
import { z } from 'zod';
import { InputText, IsoDate, Lang, Uuid } from '../api/common.ts';
import { CHECK_IN_MODES } from '../api/tickets.ts';
import { FilterDate, isFilterDate } from './date-filters.ts';

/** The scanner's pages (the gate app, its own installable build under `/gate/`). */
export const GATE_APP_PATH = '/gate/';
/** A pairing code is shown as a QR in the console this long, and works once. */
export const PAIRING_MINUTES = 10;
/** A result stays on the scanner's screen this long, then it clears to "ready". */
export const RESULT_SHOWN_MS = 4000;
/** Offline scans one upload carries at most. */
export const MAX_UPLOAD_SCANS = 500;
/** The HTTP header a paired device sends its token in: `Authorization: Bearer <token>`. */
export const DEVICE_AUTH_SCHEME = 'Bearer';

export const GateName = InputText.trim().regex(/^[\w.-]{1,40}$/, {
  error: 'must be 1 to 40 letters, digits, dots, hyphens or underscores',
});
const DeviceName = InputText.trim().min(1, { error: 'must not be empty' }).max(60, { error: 'must be at most 60 characters' });

// ---- devices (console; `settings:write` at the venue) ----

export const GateDeviceBody = z.object({ name: DeviceName, gate: GateName });
export type GateDeviceBody = z.infer<typeof GateDeviceBody>;

export const GateDevice = z.object({
  id: Uuid,
  name: z.string(),
  gate: z.string(),
  created_at: z.iso.datetime(),
  created_by: z.string().nullable(),
  /** When the device last paired; null while it waits for its first pairing. */
  paired_at: z.iso.datetime().nullable(),
  /** The last call the device made (written at most once a minute). */
  last_seen_at: z.iso.datetime().nullable(),
  revoked_at: z.iso.datetime().nullable(),
  /** Until when the current pairing code works; null when there is none. */
  pairing_expires_at: z.iso.datetime().nullable(),
});
export type GateDevice = z.infer<typeof GateDevice>;
export const GateDeviceList = z.object({ devices: z.array(GateDevice) });
export type GateDeviceList = z.infer<typeof GateDeviceList>;

/** A fresh pairing: the code is shown once, as a QR of `pairing_url` (the gate app's address). */
export const GateDevicePairing = z.object({
  device: GateDevice,
  pairing_code: z.string(),
  /** Path and fragment on this host: `/gate/#pair=<code>`. */
  pairing_url: z.string(),
  expires_at: z.iso.datetime(),
});
export type GateDevicePairing = z.infer<typeof GateDevicePairing>;

export const GateDeviceParams = z.object({ venue: z.string(), device: Uuid });

// ---- pairing (public, rate-limited: `POST /console/api/v1/gate/pair`) ----

export const PairBody = z.object({ code: InputText.trim().regex(/^[\w-]{16,64}$/, { error: 'must be a pairing code' }) });
export type PairBody = z.infer<typeof PairBody>;
export const PairResult = z.object({
  /** The device's own token, given once; the server keeps its hash only. */
  token: z.string(),
  device: z.object({ id: Uuid, name: z.string(), gate: z.string() }),
  venue: z.object({ code: z.string(), name: z.string() }),
});
export type PairResult = z.infer<typeof PairResult>;

// ---- the scanner (`checkin:scan` or a device of the venue) ----

/** Who is scanning: the device (with its gate) or the signed-in staff member. */
export const GateCaller = z.object({
  venue: z.object({ code: z.string(), name: z.string(), time_zone: z.string() }),
  caller: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('device'), id: Uuid, name: z.string(), gate: z.string() }),
    z.object({ kind: z.literal('staff'), email: z.string() }),
  ]),
});
export type GateCaller = z.infer<typeof GateCaller>;

export const GATE_STATUSES = ['success', 'used', 'invalid_time', 'invalid', 'changed'] as const;
export type GateStatus = (typeof GATE_STATUSES)[number];
/** Why a code is invalid, for the attendant's screen. */
export const INVALID_REASONS = ['unreadable', 'other_venue', 'unknown', 'cancelled', 'replaced', 'not_paid', 'no_set'] as const;

/** One scan: a code read from a ticket, or an admission chosen by hand (manual entry). */
export const ScanBody = z
  .object({
    code: InputText.trim().min(1, { error: 'must not be empty' }).max(4000).optional(),
    admission_id: Uuid.optional(),
    mode: z.enum(CHECK_IN_MODES).default('gate'),
    /** The gate of a staff member's scan; a device scans at its own gate, whatever this says. */
    gate: GateName.optional(),
    lang: Lang.default('en'),
  })
  .refine((b) => (b.code === undefined) !== (b.admission_id === undefined), {
    error: 'give either code or admission_id',
    path: ['code'],
  });
export type ScanBody = z.input<typeof ScanBody>;

export const GateSlot = z.object({
  id: z.number().int(),
  date: IsoDate,
  start_time: z.string(),
  end_time: z.string(),
});
export type GateSlot = z.infer<typeof GateSlot>;

export const GateResult = z.object({
  status: z.enum(GATE_STATUSES),
  reason: z.enum(INVALID_REASONS).nullable(),
  product_name: z.string().nullable(),
  /** The party the code stands for (or the one admission chosen by hand). */
  admissions: z.array(z.object({ id: Uuid, option_name: z.string(), position: z.number().int() })),
  /** Admitted by this scan. */
  admitted: z.number().int(),
  /** `invalid_time`: the ticket's slot; `changed`: the slot it was moved to. */
  slot: GateSlot.nullable(),
  /** `used`: when and where it was first admitted. */
  used: z.object({ at: z.iso.datetime(), gate: z.string() }).nullable(),
  checked_in_at: z.iso.datetime().nullable(),
});
export type GateResult = z.infer<typeof GateResult>;

/** Manual entry: a reservation number, with or without its hyphen. */
export const BookingQuery = z.object({
  number: InputText.trim()
    .transform((n) => n.toUpperCase().replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^[0-9A-Z]{10}$/, { error: 'must be a reservation number: 10 letters and digits' })),
  lang: Lang.default('en'),
});
export const GateBooking = z.object({
  reservation_number: z.string(),
  product_name: z.string(),
  slot: GateSlot,
  admissions: z.array(
    z.object({
      id: Uuid,
      option_name: z.string(),
      position: z.number().int(),
      status: z.enum(['valid', 'used', 'cancelled']),
      checked_in_at: z.iso.datetime().nullable(),
      gate: z.string().nullable(),
    }),
  ),
});
export type GateBooking = z.infer<typeof GateBooking>;

// ---- offline ----

export const REVOCATION_REASONS = ['changed', 'cancelled', 'shared'] as const;

/** What a device needs to verify codes without the network for one day at its venue. */
export const OfflineKit = z.object({
  venue: z.object({ id: z.number().int(), code: z.string() }),
  date: IsoDate,
  server_time: z.iso.datetime(),
  grace_minutes: z.number().int(),
  /** The venue's Ed25519 public keys (raw 32 bytes, base64url) by key id. */
  keys: z.array(z.object({ kid: z.string(), public_key: z.string() })),
  /** The day's slots: a code names its slot by id. */
  slots: z.array(GateSlot.extend({ product_name: z.string() })),
  /** The options (admission types) of the day's products: a code names each admission's by id. */
  options: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /**
   * Codes of the day's slots that no longer admit: every code of the admission signed below
   * `generation`, with why; `moved_to` is the slot of a date change.
   */
  revocations: z.array(
    z.object({
      ticket_id: Uuid,
      generation: z.number().int(),
      reason: z.enum(REVOCATION_REASONS),
      moved_to: GateSlot.nullable(),
    }),
  ),
  /** The day's check-ins so far; with `check_ins_since`, only those recorded since then (the device adds them to its own). */
  check_ins: z.array(z.object({ ticket_id: Uuid, mode: z.enum(CHECK_IN_MODES), at: z.iso.datetime(), gate: z.string() })),
  /** Null: `check_ins` is the whole day's. A time: only check-ins recorded from it on (some may repeat). */
  check_ins_since: z.iso.datetime().nullable(),
  /** What the device sends as `since` next time: the day and the time of this kit. */
  cursor: z.string(),
});
export type OfflineKit = z.infer<typeof OfflineKit>;
/** A kit's cursor: its day and its time. */
export const kitCursor = (kit: { date: string; server_time: string }) => `${kit.date}|${kit.server_time}`;

export function parseKitCursor(cursor: string): { date: string; at: Date } | null {
  const [date = '', at = '', ...rest] = cursor.split('|');
  // The kit's day and its time are the console's date filters like any other: in their range or no cursor.
  if (rest.length > 0 || !isFilterDate(date) || !z.iso.datetime().safeParse(at).success || !isFilterDate(at.slice(0, 10)))
    return null;
  return { date, at: new Date(at) };
}

/**
 * `since`: the `cursor` of the kit the device holds. Every minute a device asks again; when its
 * kit is of the day being answered, the answer carries only the check-ins recorded since (with a
 * margin), not the whole day's again.
 */
export const OfflineKitQuery = z.object({
  date: FilterDate.optional(),
  lang: Lang.default('en'),
  since: InputText.refine((value) => parseKitCursor(value) !== null, {
    error: 'must be the cursor of an earlier kit',
  }).optional(),
});
/** How far before `since` a kit's check-ins reach back: a check-in's transaction may commit a little after its time. */
export const KIT_SINCE_MARGIN_MS = 60_000;

/** Scans a device admitted without the network, uploaded when it is back; each once, by nonce. */
export const UploadBody = z.object({
  scans: z
    .array(
      z
        .object({
          nonce: Uuid,
          code: InputText.trim().min(1).max(4000).optional(),
          admission_id: Uuid.optional(),
          mode: z.enum(CHECK_IN_MODES).default('gate'),
          scanned_at: z.iso.datetime({ error: 'must be a date and time (ISO 8601)' }),
        })
        .refine((s) => (s.code === undefined) !== (s.admission_id === undefined), {
          error: 'give either code or admission_id',
          path: ['code'],
        }),
    )
    .min(1, { error: 'must hold at least one scan' })
    .max(MAX_UPLOAD_SCANS, { error: `must hold at most ${MAX_UPLOAD_SCANS} scans` }),
});
export type UploadBody = z.input<typeof UploadBody>;

/**
 * What became of an offline scan: `recorded` (the check-in stands, at the time it was scanned),
 * `conflict` (the admission was already in, or no longer valid: the console lists it), `refused`
 * (the code is not a ticket of this venue). A nonce sent again gets the first answer, `replayed`.
 */
export const UploadResult = z.object({
  results: z.array(
    z.object({
      nonce: Uuid,
      outcome: z.enum(['recorded', 'conflict', 'refused']),
      replayed: z.boolean(),
    }),
  ),
});
export type UploadResult = z.infer<typeof UploadResult>;

// ---- live arrivals (console; `checkin:scan` at the venue) ----

export const ArrivalsQuery = z.object({ date: FilterDate.optional(), lang: Lang.default('en') });

export const SlotArrivals = z.object({
  slot: GateSlot,
  product_name: z.string(),
  /** Valid and used admissions of completed orders. */
  sold: z.number().int(),
  checked_in: z.number().int(),
  /** Admissions not checked in once the slot's entry window has closed; null while it is open or to come. */
  no_shows: z.number().int().nullable(),
  by_gate: z.array(z.object({ gate: z.string(), count: z.number().int() })),
});
export type SlotArrivals = z.infer<typeof SlotArrivals>;

export const GateConflict = z.object({
  nonce: Uuid,
  kind: z.enum(['used', 'revoked']),
  ticket_id: z.string().nullable(),
  /** The booking the code was of, for staff to open. */
  order_id: z.string().nullable(),
  reservation_number: z.string().nullable(),
  product_name: z.string().nullable(),
  device_name: z.string(),
  gate: z.string(),
  scanned_at: z.iso.datetime(),
  uploaded_at: z.iso.datetime(),
  /** The check-in that stands, for `used`. */
  first: z.object({ at: z.iso.datetime(), gate: z.string() }).nullable(),
});
export type GateConflict = z.infer<typeof GateConflict>;

export const Arrivals = z.object({
  date: IsoDate,
  generated_at: z.iso.datetime(),
  slots: z.array(SlotArrivals),
  totals: z.object({ sold: z.number().int(), checked_in: z.number().int() }),
  conflicts: z.array(GateConflict),
});
export type Arrivals = z.infer<typeof Arrivals>;

export const SlotCheckIns = z.object({
  slot: GateSlot,
  product_name: z.string(),
  admissions: z.array(
    z.object({
      ticket_id: Uuid,
      reservation_number: z.string(),
      option_name: z.string(),
      position: z.number().int(),
      status: z.enum(['valid', 'used', 'cancelled']),
      checked_in_at: z.iso.datetime().nullable(),
      gate: z.string().nullable(),
      /** The device, or the staff member's e-mail, that admitted it. */
      by: z.string().nullable(),
      offline: z.boolean(),
    }),
  ),
});
export type SlotCheckIns = z.infer<typeof SlotCheckIns>;
