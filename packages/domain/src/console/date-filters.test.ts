import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { AuditQuery } from './audit.ts';
import { CalendarQuery, CalendarSelection } from './calendar.ts';
import { isFilterDate, isFilterInstant } from './date-filters.ts';
import { ArrivalsQuery, OfflineKitQuery, parseKitCursor } from './gate.ts';
import { OrderExportQuery, OrderSearchQuery } from './order-search.ts';
import { AcrossVenuesQuery, DashboardExportQuery, JournalExportQuery, ReportRangeQuery } from './reports.ts';
import { WaitingListQuery } from './waiting-list.ts';

const DAY = '2026-03-10';

/** Every date and time filter of the console: its contract, a valid query, and the filter's names. */
const filters: [string, z.ZodType, Record<string, string>, string[]][] = [
  ['the audit log', AuditQuery, { from: '2026-03-01T00:00:00+09:00', to: '2026-03-31T23:59:59.999+09:00' }, ['from', 'to']],
  ['a venue’s audit log', AuditQuery.omit({ venue: true }), { from: DAY, to: DAY }, ['from', 'to']],
  ['the calendar', CalendarQuery, { from: DAY, to: DAY }, ['from', 'to']],
  ['a calendar selection', CalendarSelection, { from: DAY, to: DAY }, ['from', 'to']],
  ['the arrivals', ArrivalsQuery, { date: DAY }, ['date']],
  ['the gate kit', OfflineKitQuery, { date: DAY, since: `${DAY}|2026-03-10T09:00:00.000Z` }, ['date', 'since']],
  ['the order search', OrderSearchQuery, { from: DAY, to: DAY }, ['from', 'to']],
  ['the order export', OrderExportQuery, { from: DAY, to: DAY }, ['from', 'to']],
  ['a report', ReportRangeQuery, { from: DAY, to: DAY }, ['from', 'to']],
  ['the dashboard across venues', AcrossVenuesQuery, { from: DAY, to: DAY }, ['from', 'to']],
  ['the journal export', JournalExportQuery, { from: DAY, to: DAY, format: 'csv' }, ['from', 'to']],
  ['a dashboard table export', DashboardExportQuery, { from: DAY, to: DAY, format: 'csv', table: 'products' }, ['from', 'to']],
  ['the waiting list', WaitingListQuery, { date: DAY }, ['date']],
];

const OUT_OF_RANGE = [
  '0000-01-01',
  '0001-01-01',
  '0100-06-15',
  '1999-12-31',
  '2101-01-01',
  '9999-12-31',
  '+275760-09-13',
  '2026-02-29',
  '2026-13-01',
  '0000-01-01T00:00:00Z',
  '1999-12-31T23:59:59Z',
  '2101-01-01T00:00:00+09:00',
  '0000-01-01|0000-01-01T00:00:00.000Z',
  '2026-03-10|0001-01-01T00:00:00.000Z',
  'yesterday',
];

const firstProblem = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.path.join('.');
};

describe('the console’s date filters', () => {
  it('hold the first and last day of the range, and no day outside it', () => {
    expect(['2000-01-01', '2024-02-29', '2100-12-31'].map(isFilterDate)).toEqual([true, true, true]);
    expect(['1999-12-31', '2101-01-01', '2100-02-29', '0000-01-01', '20260310', ''].map(isFilterDate)).toEqual(
      Array(6).fill(false),
    );
  });

  it('take a moment written as a date or as a date and time with its offset', () => {
    for (const moment of ['2026-03-10', '2026-03-10T00:00:00Z', '2026-03-10T23:59:59.999+09:00', '2000-01-01T00:00:00+14:00']) {
      expect(isFilterInstant(moment), moment).toBe(true);
    }
    for (const moment of ['2026-03-10T00:00:00', '2026-02-30T00:00:00Z', '1999-12-31T23:59:59Z', 'Tue, 10 Mar 2026', '-1']) {
      expect(isFilterInstant(moment), moment).toBe(false);
    }
  });

  it.each(filters)('%s takes its valid dates', (_name, schema, valid) => {
    expect(schema.safeParse(valid).success).toBe(true);
  });

  it.each(filters)('%s refuses a date out of the range, naming the filter', (_name, schema, valid, names) => {
    for (const name of names) {
      for (const value of OUT_OF_RANGE) expect(firstProblem(schema, { ...valid, [name]: value }), `${name}=${value}`).toBe(name);
    }
  });

  it('reads a kit cursor only when its day and moment are in the range', () => {
    expect(parseKitCursor(`${DAY}|2026-03-10T09:00:00.000Z`)).toEqual({ date: DAY, at: new Date('2026-03-10T09:00:00.000Z') });
    expect(parseKitCursor('0100-01-01|2026-03-10T09:00:00.000Z')).toBeNull();
    expect(parseKitCursor(`${DAY}|0100-01-01T00:00:00.000Z`)).toBeNull();
  });
});
