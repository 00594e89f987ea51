/**
 * Contracts of the console's order search (`/console/api/v1/venues/:venue/orders`, its CSV and XLSX
 * exports), right `orders:read`. One free text finds an order by what a visitor says on the phone:
 * the reservation number (with or without its hyphen), the e-mail address, the phone number, the
 * name, the payment number or a coupon code.
 */
import { z } from 'zod';
import { Channel, ExportHeadingsParam, Id, InputText, Lang } from '../api/common.ts';
import { FilterDate } from './date-filters.ts';

/** An order's standing by its admissions: none cancelled, some cancelled, all cancelled. */
export const ORDER_STANDINGS = ['completed', 'partly_cancelled', 'cancelled'] as const;
export type OrderStanding = (typeof ORDER_STANDINGS)[number];

/** `completed_at`: when the order was paid; `visit`: when its slot starts. */
export const ORDER_SORTS = ['completed_at', 'visit'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const MAX_ORDER_PAGE_SIZE = 100;
/** Pages past this many orders are not offered: a narrower search finds the order sooner. */
export const MAX_ORDER_OFFSET = 10_000;
/** Counting stops here; a search that matches more says "more than". */
export const ORDER_COUNT_LIMIT = 10_000;
export const MAX_ORDER_QUERY_LENGTH = 200;

const RESERVATION_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A reservation number as the shop writes it (`7K2QM-9XA4B`) from what someone typed or read out:
 * any case, with or without the hyphen or spaces, O read as zero and I or L as one. Null when the
 * text cannot be one.
 */
export function normaliseReservationNumber(text: string): string | null {
  const compact = text
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (compact.length !== 10 || [...compact].some((c) => !RESERVATION_ALPHABET.includes(c))) return null;
  return `${compact.slice(0, 5)}-${compact.slice(5)}`;
}

/** The digits of a phone number, the only part compared ("090-1234-5678" is "09012345678"). */
export const phoneDigits = (text: string) => text.replace(/\D/g, '');

const Query = InputText.trim()
  .max(MAX_ORDER_QUERY_LENGTH, { error: `must be at most ${MAX_ORDER_QUERY_LENGTH} characters` })
  .optional()
  .transform((value) => (value ? value : undefined));

const Status = z.enum(ORDER_STANDINGS, { error: `must be one of ${ORDER_STANDINGS.join(', ')}` });

const filterShape = {
  /** A reservation number, e-mail address, phone number, name, payment number or coupon code. */
  q: Query,
  /** First and last visit dates (venue-local, inclusive). */
  from: FilterDate.optional(),
  to: FilterDate.optional(),
  /** A slot (`product_time_spans.id`). */
  time_span_id: Id.optional(),
  product_id: Id.optional(),
  status: Status.optional(),
  channel: Channel.optional(),
};

type DateRange = { from?: string | undefined; to?: string | undefined };

function checkDates(filters: DateRange, ctx: z.core.$RefinementCtx<DateRange>) {
  if (filters.from && filters.to && filters.to < filters.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
  }
}

/** Filters of a search, as the list, the CSV and the XLSX take them (a query string: text only). */
export const OrderSearchFilters = z.object(filterShape).superRefine(checkDates);
export type OrderSearchFilters = z.output<typeof OrderSearchFilters>;

const sortShape = {
  sort: z.enum(ORDER_SORTS, { error: `must be one of ${ORDER_SORTS.join(', ')}` }).default('completed_at'),
  direction: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
};

export const OrderSearchQuery = z
  .object({
    ...filterShape,
    ...sortShape,
    page: z.coerce
      .number({ error: 'must be a page number from 1' })
      .int({ error: 'must be a page number from 1' })
      .min(1, { error: 'must be a page number from 1' })
      .default(1),
    size: z.coerce
      .number({ error: `must be a number from 1 to ${MAX_ORDER_PAGE_SIZE}` })
      .int({ error: `must be a number from 1 to ${MAX_ORDER_PAGE_SIZE}` })
      .min(1, { error: `must be a number from 1 to ${MAX_ORDER_PAGE_SIZE}` })
      .max(MAX_ORDER_PAGE_SIZE, { error: `must be a number from 1 to ${MAX_ORDER_PAGE_SIZE}` })
      .default(50),
  })
  .superRefine((query, ctx) => {
    checkDates(query, ctx as z.core.$RefinementCtx<DateRange>);
    if ((query.page - 1) * query.size >= MAX_ORDER_OFFSET) {
      ctx.addIssue({
        code: 'custom',
        path: ['page'],
        message: `must start within the first ${MAX_ORDER_OFFSET} orders; narrow the search instead`,
      });
    }
  });
export type OrderSearchQuery = z.output<typeof OrderSearchQuery>;

/** The exports take the filters and the sort, and the language of product names and headings. */
export const OrderExportQuery = z
  .object({ ...filterShape, ...sortShape, lang: Lang.optional(), headings: ExportHeadingsParam.optional() })
  .superRefine(checkDates);
export type OrderExportQuery = z.output<typeof OrderExportQuery>;

export const OrderSummary = z.object({
  /** `orders.id`: the address of the order's detail screen. */
  id: z.string(),
  reservation_number: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  product_id: z.number().int(),
  product_name: z.record(z.string(), z.string()),
  slot_id: z.number().int(),
  /** Venue-local date of the visit, and the slot's start and end. */
  visit_date: z.string().nullable(),
  visit_starts_at: z.string().nullable(),
  visit_ends_at: z.string().nullable(),
  quantity: z.number().int(),
  /** In the venue's currency's minor units. */
  total: z.number().int(),
  status: z.enum(ORDER_STANDINGS),
  channel: z.string(),
  completed_at: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderSearchPage = z.object({
  orders: z.array(OrderSummary),
  page: z.number().int(),
  size: z.number().int(),
  /** How many orders match, counted up to `ORDER_COUNT_LIMIT`. */
  total: z.number().int(),
  /** True when more orders match than were counted. */
  is_total_capped: z.boolean(),
  /** What every amount and time is in. */
  currency: z.string(),
  time_zone: z.string(),
});
export type OrderSearchPage = z.infer<typeof OrderSearchPage>;

/** The products a search may be narrowed to: every product of the venue, archived ones included. */
export const OrderSearchProducts = z.object({
  products: z.array(z.object({ id: z.number().int(), name: z.record(z.string(), z.string()) })),
});
export type OrderSearchProducts = z.infer<typeof OrderSearchProducts>;
