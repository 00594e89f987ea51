/**
 * The audit log's filters live in the address (so a filtered view can be reloaded and shared) and
 * become the API's query: dates are whole days in the venue's zone (Asia/Tokyo).
 */
import type { Query } from '../../lib/api/client.ts';

export type AuditFilters = {
  venue: string;
  actor_id: string;
  action: string;
  object_type: string;
  /** yyyy-mm-dd, the first day shown. */
  from: string;
  /** yyyy-mm-dd, the last day shown. */
  to: string;
};

const FILTER_NAMES = ['venue', 'actor_id', 'action', 'object_type', 'from', 'to'] as const;
const PAGE_SIZE = 50;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TOKYO_OFFSET = '+09:00';

export function filtersFromSearch(search: URLSearchParams, fixedVenue: string | null = null): AuditFilters {
  const value = (name: string) => search.get(name)?.trim() ?? '';
  const day = (name: string) => (DAY.test(value(name)) ? value(name) : '');
  return {
    venue: fixedVenue ?? value('venue'),
    actor_id: /^[1-9]\d{0,9}$/.test(value('actor_id')) ? value('actor_id') : '',
    action: value('action'),
    object_type: value('object_type'),
    from: day('from'),
    to: day('to'),
  };
}

/** The address's query for a set of filters; a venue fixed by the path stays out of it. */
export function searchFromFilters(filters: AuditFilters, fixedVenue: string | null = null): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    if (name === 'venue' && fixedVenue) continue;
    const value = filters[name].trim();
    if (value) search.set(name, value);
  }
  return search;
}

/**
 * The call for a page of the log: the whole log (`audit`, the organisation's right) or one venue's
 * (`venues/:code/audit`, the right there), with the filters set, the days as instants, and the page
 * before `before`.
 */
export function auditRequest(
  filters: AuditFilters,
  fixedVenue: string | null,
  before: number | null = null,
): { path: string; query: Query } {
  if (fixedVenue)
    return { path: `venues/${encodeURIComponent(fixedVenue)}/audit`, query: auditQuery({ ...filters, venue: '' }, before) };
  return { path: 'audit', query: auditQuery(filters, before) };
}

function auditQuery(filters: AuditFilters, before: number | null): Query {
  return {
    venue: filters.venue || undefined,
    actor_id: filters.actor_id || undefined,
    action: filters.action || undefined,
    object_type: filters.object_type || undefined,
    from: filters.from ? `${filters.from}T00:00:00${TOKYO_OFFSET}` : undefined,
    to: filters.to ? `${filters.to}T23:59:59.999${TOKYO_OFFSET}` : undefined,
    before: before ?? undefined,
    limit: PAGE_SIZE,
  };
}

/** A change as the log wrote it, for reading: `a → b` for a before/after pair, else the value. */
export function describeChange(value: unknown): { kind: 'pair'; from: string; to: string } | { kind: 'value'; text: string } {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const [before, after] of [
      ['from', 'to'],
      ['old', 'new'],
      ['before', 'after'],
    ] as const) {
      if (before in record && after in record && Object.keys(record).length === 2) {
        return { kind: 'pair', from: showValue(record[before]), to: showValue(record[after]) };
      }
    }
  }
  return { kind: 'value', text: showValue(value) };
}

function showValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null))
    return value.map(showValue).join(', ');
  return JSON.stringify(value, null, 2);
}
