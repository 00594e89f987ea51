/**
 * Venues (`/console/api/v1/venues`). The venue contract's shapes, as the console reads and sends
 * them, until `packages/domain/src/console/venues.ts` names them.
 */
import { LANGUAGE_CODES } from '@storefront/domain/constants';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api/client.ts';

export const VENUE_KINDS = ['exhibition', 'cafe'] as const;

export type VenueSummary = {
  id: number;
  code: string;
  variant: string;
  kind: (typeof VENUE_KINDS)[number];
  name: Record<string, string>;
  /** Not in every server's summary yet. */
  languages?: string[];
  currency: string;
  time_zone: string;
};

const Slug = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9][a-z0-9-]*$/);

export const NewVenueForm = z.object({
  code: Slug,
  variant: Slug,
  kind: z.enum(VENUE_KINDS),
  name: z.object({ ja: z.string().trim().min(1).max(100), en: z.string().trim().min(1).max(100) }),
  languages: z.array(z.enum(LANGUAGE_CODES)).min(1),
  currency: z.literal('JPY'),
  time_zone: z.literal('Asia/Tokyo'),
});
export type NewVenueForm = z.input<typeof NewVenueForm>;

export const venueQueries = {
  list: () => queryOptions({ queryKey: ['venues'], queryFn: () => api.get<{ venues: VenueSummary[] }>('venues') }),
  one: (code: string) =>
    queryOptions({ queryKey: ['venues', code], queryFn: () => api.get<VenueSummary>(`venues/${encodeURIComponent(code)}`) }),
};

export const createVenue = (body: z.output<typeof NewVenueForm>) => api.post<VenueSummary>('venues', body);
