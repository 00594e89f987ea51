/**
 * The period a report covers, as the screen's address holds it (`?from&to`, both counted): this
 * month so far unless another is chosen. Presets are worked out from today in the venue's zone.
 */
import { ReportRangeQuery } from '@storefront/domain/console/reports';
import { addDays, todayIn } from '@storefront/domain/dates';
import { useSearchParams } from 'react-router';
import { DISPLAY_TIME_ZONE } from '../../lib/format.ts';
import type { Range } from './reports-api.ts';

export const RANGE_PRESETS = ['this-month', 'last-month', 'last-7-days'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export function presetRange(preset: RangePreset, today: string): Range {
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case 'this-month':
      return { from: monthStart, to: today };
    case 'last-month': {
      const to = addDays(monthStart, -1);
      return { from: `${to.slice(0, 7)}-01`, to };
    }
    case 'last-7-days':
      return { from: addDays(today, -6), to: today };
  }
}

/** The preset a range is, among those offered; `custom` when it is none of them. */
export function presetOf(range: Range, today: string, offered: readonly RangePreset[]): RangePreset | 'custom' {
  return (
    offered.find((preset) => {
      const candidate = presetRange(preset, today);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? 'custom'
  );
}

/** The range in the address when it is a valid one, else this month so far; and a way to change it. */
export function useReportRange(timeZone: string = DISPLAY_TIME_ZONE) {
  const [search, setSearch] = useSearchParams();
  const today = todayIn(timeZone);
  const parsed = ReportRangeQuery.safeParse({ from: search.get('from') ?? '', to: search.get('to') ?? '' });
  const range: Range = parsed.success ? { from: parsed.data.from, to: parsed.data.to } : presetRange('this-month', today);
  const setRange = (next: Range) =>
    setSearch(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('from', next.from);
        updated.set('to', next.to);
        return updated;
      },
      { replace: false },
    );
  return { range, today, setRange, search, setSearch };
}
