/**
 * The figures (`/console/api/v1`, right `reports:read`): a venue's dashboard and journal, the
 * dashboard across the venues the caller may read, and the audited exports as plain download links.
 */
import type { Dashboard, DashboardTable, Journal } from '@storefront/domain/console/reports';
import { queryOptions } from '@tanstack/react-query';
import { api, apiUrl } from '../../lib/api/client.ts';

export type Range = { from: string; to: string };
export type ExportFormat = 'csv' | 'xlsx';

const venuePath = (venue: string) => `venues/${encodeURIComponent(venue)}/reports`;

// A venue's figures sit under 'venue' so that a venue coded `across` cannot share a key with the
// figures across venues.
const reportKeys = {
  all: ['reports'] as const,
  venue: (venue: string) => [...reportKeys.all, 'venue', venue] as const,
  dashboard: (venue: string, range: Range, lang: string) => [...reportKeys.venue(venue), 'dashboard', range, lang] as const,
  journal: (venue: string, range: Range, lang: string) => [...reportKeys.venue(venue), 'journal', range, lang] as const,
  acrossVenues: (range: Range, venues: string[], lang: string) => [...reportKeys.all, 'across', range, venues, lang] as const,
};

export const reportQueries = {
  dashboard: (venue: string, range: Range, lang: string) =>
    queryOptions({
      queryKey: reportKeys.dashboard(venue, range, lang),
      queryFn: () => api.get<Dashboard>(`${venuePath(venue)}/dashboard`, { ...range, lang }),
    }),
  /** `venues` empty: every venue the caller may read. */
  acrossVenues: (range: Range, venues: string[], lang: string) =>
    queryOptions({
      queryKey: reportKeys.acrossVenues(range, venues, lang),
      queryFn: () => api.get<Dashboard>('reports/dashboard', { ...range, venues: venues.join(','), lang }),
    }),
  journal: (venue: string, range: Range, lang: string) =>
    queryOptions({
      queryKey: reportKeys.journal(venue, range, lang),
      queryFn: () => api.get<Journal>(`${venuePath(venue)}/journal`, { ...range, lang }),
    }),
};

/** A download's address: a plain link, so the browser saves the file itself; labels in the caller's language. */
export const dashboardExportUrl = (venue: string, table: DashboardTable, format: ExportFormat, range: Range, lang: string) =>
  apiUrl(`${venuePath(venue)}/dashboard/export`, { table, format, from: range.from, to: range.to, lang });

export const journalExportUrl = (venue: string, format: ExportFormat, range: Range, lang: string) =>
  apiUrl(`${venuePath(venue)}/journal/export`, { format, from: range.from, to: range.to, lang });
