/**
 * Live arrivals (`/console/api/v1/venues/:venue/arrivals`, right `checkin:scan`): a day's slots
 * with sold, checked in, no-shows and gates, and the day's offline conflicts; the same as
 * server-sent events (`arrivals/stream`); one slot's check-ins.
 */
import type { Arrivals, SlotCheckIns } from '@storefront/domain/console/gate';
import type { LanguageCode } from '@storefront/domain/constants';
import { queryOptions } from '@tanstack/react-query';
import { api, apiUrl } from '../../lib/api/client.ts';

const base = (venue: string) => `venues/${encodeURIComponent(venue)}/arrivals`;

const arrivalsKeys = {
  all: (venue: string) => ['arrivals', venue] as const,
  day: (venue: string, date: string, lang: LanguageCode) => [...arrivalsKeys.all(venue), 'day', date, lang] as const,
  slot: (venue: string, slot: number, lang: LanguageCode) => [...arrivalsKeys.all(venue), 'slot', slot, lang] as const,
};

export const arrivalsQueries = {
  day: (venue: string, date: string, lang: LanguageCode) =>
    queryOptions({
      queryKey: arrivalsKeys.day(venue, date, lang),
      queryFn: () => api.get<Arrivals>(base(venue), { date, lang }),
    }),
  slot: (venue: string, slot: number, lang: LanguageCode) =>
    queryOptions({
      queryKey: arrivalsKeys.slot(venue, slot, lang),
      queryFn: () => api.get<SlotCheckIns>(`${base(venue)}/slots/${slot}`, { lang }),
    }),
};

/** The stream's address (EventSource sends the session cookie: same origin). */
export const arrivalsStreamUrl = (venue: string, date: string, lang: LanguageCode) =>
  apiUrl(`${base(venue)}/stream`, { date, lang });
