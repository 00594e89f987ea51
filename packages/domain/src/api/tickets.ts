/**
 * Contracts of the after-purchase calls: the ticket, sharing and sending it, the receipt,
 * check-in, reservation inquiry (SPEC §7 `reservations`) and mail-magazine release (SPEC §7
 * `mailmagazines`). SPEC §7 leaves the ticket paths unnamed; DESIGN names them here.
 */
import { z } from 'zod';
import { SELF_CANCEL_REFUSALS } from '../errors/catalogue.ts';
import { InputText, Lang, PositiveId } from './common.ts';

/** A bearer token in a path: reservation, share or mail-magazine token (128 bits, base64url). */
export const BearerToken = InputText.regex(/^[\w-]{16,64}$/, { error: 'must be a token' });
export const ReservationTokenParams = z.object({ token: BearerToken });

export const TICKET_CHECK_STATUSES = ['available', 'success', 'used', 'invalid_time', 'invalid'] as const;
export type TicketCheckStatus = (typeof TICKET_CHECK_STATUSES)[number];
export const CHECK_IN_MODES = ['gate', 'set'] as const;
export type CheckInMode = (typeof CHECK_IN_MODES)[number];
export const CHECK_IN_METHODS = ['read_qr', 'tap_ticket'] as const;
export type CheckInMethod = (typeof CHECK_IN_METHODS)[number];
export const TAP_STATES = ['init', 'tap', 'success', 'error'] as const;
export type TapState = (typeof TAP_STATES)[number];

export const TicketQuery = z.object({ lang: Lang.default('ja') });

/** One admission: its own QR (separate display) and where it stands. */
export const Admission = z.object({
  id: z.uuid(),
  position: z.number().int(),
  optionId: z.number().int(),
  optionName: z.string(),
  /** valid, used or cancelled; `status` below is what the gate would say now. */
  ticketStatus: z.enum(['valid', 'used', 'cancelled']),
  status: z.enum(TICKET_CHECK_STATUSES),
  checkedInAt: z.iso.datetime().nullable(),
  /** When its set products were handed over at the gate (check-in mode `set`); null before. */
  setHandedOverAt: z.iso.datetime().nullable(),
  /** The signed payload its QR carries. */
  qr: z.string(),
});
export type Admission = z.infer<typeof Admission>;

export const TicketShareSummary = z.object({
  quantity: z.number().int(),
  createdAt: z.iso.datetime(),
  claimedAt: z.iso.datetime().nullable(),
});

/**
 * The holder's own cancellation of the whole booking, where the product allows it: whether it is
 * possible now and why not, until when, and what it would give back.
 */
export const SelfCancelOffer = z.object({
  /** Whether the booking can be cancelled now; `refusal` says why not. */
  isOpen: z.boolean(),
  refusal: z.enum(SELF_CANCEL_REFUSALS).nullable(),
  /** The last moment, with the venue's offset: its date and time read as the venue's wall clock. */
  until: z.iso.datetime({ offset: true }),
  /** Kept from the refund, per order, in minor units. */
  fee: z.number().int(),
  /** What cancelling now would give back, in minor units (0 once nothing is left to cancel). */
  refund: z.number().int(),
  /** Admissions it would cancel: every one of the order still valid. */
  admissions: z.number().int(),
});
export type SelfCancelOffer = z.infer<typeof SelfCancelOffer>;

export const TicketView = z.object({
  /**
   * Only on the holder's page: with the holder's e-mail address it opens the whole booking through
   * the reservation inquiry, so a receiver's page never carries it (null).
   */
  reservationNumber: z.string().nullable(),
  /** The reservation holder's page, or a receiver's page that shows only the shared part. */
  role: z.enum(['holder', 'receiver']),
  lang: Lang,
  product: z.object({ name: z.string(), type: z.string(), caution: z.string(), presentedBy: z.string() }),
  date: z.string(),
  reservationFrom: z.iso.datetime(),
  reservationTo: z.iso.datetime(),
  /** Product types date and period: any time in opening hours. */
  isAllDay: z.boolean(),
  options: z.array(
    z.object({ id: z.number().int(), name: z.string(), type: z.string(), price: z.number().int(), quantity: z.number().int() }),
  ),
  setProducts: z.array(z.object({ id: z.number().int(), name: z.string(), price: z.number().int(), quantity: z.number().int() })),
  /** The admissions on this page not cancelled. */
  quantity: z.number().int(),
  /** What the holder's payments took (the order and its date changes' fees); null on a receiver's page. */
  pricePaid: z.number().int().nullable(),
  /** What has been refunded to the holder; null on a receiver's page. */
  refunded: z.number().int().nullable(),
  currency: z.string(),
  admissions: z.array(Admission),
  /** One payload for every admission still valid on this page (fusion display). */
  partyQr: z.string().nullable(),
  /**
   * One payload for every admission on this page not cancelled, used or not, for handing over the
   * order's set products (check-in mode `set`); null when the order has none.
   */
  setQr: z.string().nullable(),
  shares: z.array(TicketShareSummary),
  /** Null on a receiver's page and where the product does not let visitors cancel. */
  selfCancel: SelfCancelOffer.nullable(),
  /** Whether the holder may change the date now, by the venue's rules; false on a receiver's page. */
  canChangeDate: z.boolean(),
  /** Which wallets the venue offers this ticket's admissions in ("Add to Apple Wallet", decision 027). */
  wallet: z.object({ apple: z.boolean(), google: z.boolean() }),
});
export type TicketView = z.infer<typeof TicketView>;

/**
 * The ticket page's first view (issue 19): the ticket as `tickets/{token}` answers it, and the
 * server's HTML of the page's first render, which the page shows before the app's code arrives.
 */
export const TicketFirstView = z.object({ ticket: TicketView, html: z.string() });
export type TicketFirstView = z.infer<typeof TicketFirstView>;

/** The holder cancels the whole booking; the notice is mailed in `lang` (the order's language without it). */
export const SelfCancelBody = z.object({ lang: Lang.optional() });
export const SelfCancelResult = z.object({
  cancelled: z.number().int(),
  /** What goes back to the payment, in minor units, and what was kept. */
  refund: z.number().int(),
  fee: z.number().int(),
  currency: z.string(),
});
export type SelfCancelResult = z.infer<typeof SelfCancelResult>;

const ShareCount = z.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).max(100);
export const CreateShareBody = z.object({
  option_values: z
    .array(z.object({ option_value_id: PositiveId, quantity: ShareCount }))
    .min(1, { error: 'must choose at least one ticket type' })
    .max(30),
});
export const CreateShareResult = z.object({ share_token: z.string(), quantity: z.number().int() });

/** What a share link shows before it is claimed: the tickets, nothing that opens the holder's booking. */
export const SharedTicket = z.object({
  product: z.object({ name: z.string() }),
  date: z.string(),
  reservationFrom: z.iso.datetime(),
  reservationTo: z.iso.datetime(),
  isAllDay: z.boolean(),
  quantity: z.number().int(),
  options: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  isClaimed: z.boolean(),
});
export const ClaimShareResult = z.object({ reservation_token: z.string() });

/**
 * Sends the holder's remaining tickets to a friend: they move into a share whose link is mailed,
 * so the friend gets the tickets, not the booking (no date change, receipt or further sharing).
 */
export const SendTicketBody = z.object({
  email: InputText.trim().min(1, { error: 'must not be empty' }).max(254),
  lang: Lang.optional(),
});

export const ReceiptBody = z.object({
  addressee: InputText.trim().min(1, { error: 'must not be empty' }).max(100, { error: 'must be at most 100 characters' }),
  lang: Lang.optional(),
});
export const ReceiptLine = z.object({
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
});
/**
 * A reservation's money documents (decision 034): its receipt, a document for each refund made
 * after it (a qualified-invoice venue's 適格返還請求書), and receipts re-issued for the net amount.
 */
export const MoneyDocumentKind = z.enum(['receipt', 'refund', 'reissue']);
export type MoneyDocumentKind = z.infer<typeof MoneyDocumentKind>;

/**
 * One money document as issued, never changed afterwards. A receipt (first or re-issued) is what
 * the visitor paid for the reservation, net of what went back: its standing items and discounts,
 * the fees of date changes, and any difference of an earlier price or a cancellation charge that
 * was kept rather than refunded. A refund document is the amount given back and the tax it
 * includes.
 */
export const Receipt = z.object({
  kind: MoneyDocumentKind,
  number: z.string(),
  /** A re-issued receipt: the number of the receipt it replaces; a refund document: the receipt it corrects. */
  replaces: z.string().nullable(),
  /** The number of the receipt that replaced this one, if one did. */
  replacedBy: z.string().nullable(),
  /** A refund document: the venue day the money went back. */
  refundedOn: z.iso.date().nullable(),
  addressee: z.string(),
  issuedAt: z.iso.datetime(),
  /** The day of issue at the venue (yyyy-MM-dd in its time zone): the date printed on the receipt. */
  issuedOn: z.iso.date(),
  reservationNumber: z.string(),
  venue: z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string() }),
  lines: z.array(ReceiptLine),
  discounts: z.array(z.object({ name: z.string(), amount: z.number().int() })),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  /** Consumption tax included in the total (10 %, rounded down). */
  tax: z.number().int(),
  taxRate: z.number().int(),
  currency: z.string(),
  /** The venue's qualified-invoice registration number (T + 13 digits); null when it has none. */
  invoiceRegistrationNumber: z.string().nullable(),
});
export type Receipt = z.infer<typeof Receipt>;
export const ReceiptPdfQuery = z.object({ lang: Lang.default('ja') });

/** Every money document of the reservation, in the order they were issued. */
export const MoneyDocuments = z.object({
  documents: z.array(Receipt),
  /** The receipt that stands now (the first, or the latest re-issued one); null before any. */
  current: z.string().nullable(),
  /** What the ledger says was paid, less what went back: what a receipt re-issued now would say. */
  net: z.number().int(),
  /** Whether a re-issued receipt would differ from the current one (a refund or a cancellation since). */
  reissuable: z.boolean(),
});
export type MoneyDocuments = z.infer<typeof MoneyDocuments>;
export const MoneyDocumentParams = ReservationTokenParams.extend({
  number: InputText.regex(/^[A-Z0-9_-]{1,40}-\d{4}-\d{6}$/, { error: 'must be a document number' }),
});
export const ReissueReceiptBody = z.object({ lang: Lang.optional() });

export const ReservationsQuery = z.object({
  email: InputText.trim().min(1, { error: 'must not be empty' }).max(254),
  reservation_number: InputText.trim().min(1, { error: 'must not be empty' }).max(20, { error: 'must be at most 20 characters' }),
  lang: Lang.optional(),
});
export const ReservationsResult = z.object({ reservation_token: z.string() });

export const MailMagazineParams = z.object({ token: BearerToken });
export const MailMagazineStatus = z.object({
  fields: z.array(z.object({ field_name: z.string(), is_subscribed: z.boolean() })),
});
export const MailMagazineRelease = z.object({
  field_name: InputText.regex(/^mail_magazine(_\w{1,40})?$/, { error: 'must be a mail magazine field' }),
});
