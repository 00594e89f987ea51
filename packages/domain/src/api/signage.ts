/**
 * The signage board (SPEC §2 /signage/today-ticket-info): today's slots of every product with
 * their remaining places, for a screen in the lobby. One answer per site serves every language:
 * product names come in all of the site's languages.
 */
import { z } from 'zod';
import { StockStatus } from './catalogue.ts';

export const SignageTimeSpan = z.object({
  id: z.number().int(),
  /** Venue-local wall-clock times, "HH:mm". */
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number().int(),
  remaining: z.number().int(),
  status: StockStatus,
});

export const SignageBoard = z.object({
  /** The venue-local date of today. */
  date: z.string(),
  /** Changes whenever anything shown changes; the ETag of the answer. */
  version: z.string(),
  lowStockThreshold: z.number().int(),
  products: z.array(
    z.object({
      uuid: z.string(),
      /** The name in each language of the product. */
      name: z.record(z.string(), z.string()),
      /** Today's slots still to come (for a whole-day product, its one slot). */
      timeSpans: z.array(SignageTimeSpan),
    }),
  ),
});
export type SignageBoard = z.infer<typeof SignageBoard>;
