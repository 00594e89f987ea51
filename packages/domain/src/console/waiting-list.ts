/**
 * Contracts of the console's waiting lists (issue 22): a product's list turned on or off with its
 * offer time (`/console/api/v1/venues/:venue/products/:product/waiting-list`, rights
 * `catalogue:read` and `catalogue:write`), and the venue's lists of coming slots with a staff
 * member taking someone off (`/console/api/v1/venues/:venue/waiting-list`, rights `orders:read` and
 * `orders:write`).
 */
import { z } from 'zod';
import { Id } from '../api/common.ts';
import { FilterDate } from './date-filters.ts';

/** How long an offer holds its places, in minutes: from ten minutes to two days (the table's check). */
export const MIN_OFFER_MINUTES = 10;
export const MAX_OFFER_MINUTES = 2880;
/** What a product's list starts from when it is turned on. */
export const DEFAULT_OFFER_MINUTES = 30;
/** The most entries one listing answers; a narrower filter shows the rest. */
export const MAX_WAITING_LIST_ROWS = 500;

/**
 * waiting → offered → bought | lapsed; waiting or offered → left (the visitor's link) or closed
 * (the slot is over, the list was turned off, or staff took the entry off).
 */
export const WAITING_LIST_ENTRY_STATUSES = ['waiting', 'offered', 'bought', 'left', 'lapsed', 'closed'] as const;
export type WaitingListEntryStatus = (typeof WAITING_LIST_ENTRY_STATUSES)[number];
/** The statuses of an entry still on its list: staff may take it off. */
export const OPEN_ENTRY_STATUSES: readonly WaitingListEntryStatus[] = ['waiting', 'offered'];

const OfferMinutes = z
  .number({ error: 'must be a whole number of minutes' })
  .int({ error: 'must be a whole number of minutes' })
  .min(MIN_OFFER_MINUTES, { error: `must be at least ${MIN_OFFER_MINUTES} minutes` })
  .max(MAX_OFFER_MINUTES, { error: `must be at most ${MAX_OFFER_MINUTES} minutes` });

/** A product's list: on or off, and how long an offer holds (the default while it is off). */
export const ProductWaitingList = z.object({ enabled: z.boolean(), offer_minutes: z.number().int() });
export type ProductWaitingList = z.infer<typeof ProductWaitingList>;

export const ProductWaitingListBody = z.object({
  enabled: z.boolean({ error: 'must be true or false' }),
  offer_minutes: OfferMinutes,
});
export type ProductWaitingListBody = z.infer<typeof ProductWaitingListBody>;

/** The listing's filters: one product, one visit date (venue-local); by default every slot not yet over. */
export const WaitingListQuery = z.object({ product_id: Id.optional(), date: FilterDate.optional() });
export type WaitingListQuery = z.output<typeof WaitingListQuery>;

export const WaitingListEntry = z.object({
  id: z.number().int(),
  status: z.enum(WAITING_LIST_ENTRY_STATUSES),
  /** Its place among the slot's waiting entries (1 is next); null once it no longer waits. */
  position: z.number().int().nullable(),
  product_id: z.number().int(),
  product_name: z.record(z.string(), z.string()),
  slot: z.object({
    id: z.number().int(),
    /** Venue-local date, and the start and end in the venue's time (HH:mm). */
    date: z.string(),
    start_time: z.string(),
    end_time: z.string(),
  }),
  email: z.string(),
  quantity: z.number().int(),
  lang: z.string(),
  offered_at: z.string().nullable(),
  offer_expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type WaitingListEntry = z.infer<typeof WaitingListEntry>;

export const WaitingListPage = z.object({
  /** By slot in time order, then in the order the visitors joined. */
  entries: z.array(WaitingListEntry),
  /** True when more entries match than `MAX_WAITING_LIST_ROWS`: a filter shows the rest. */
  is_capped: z.boolean(),
  time_zone: z.string(),
});
export type WaitingListPage = z.infer<typeof WaitingListPage>;
