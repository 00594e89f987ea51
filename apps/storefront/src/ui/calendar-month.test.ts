import { todayIn } from '@storefront/domain/dates';
import { describe, expect, it } from 'vitest';
import {
  addDaysTo,
  addMonths,
  calendarWindow,
  compareMonths,
  lastOpenDate,
  monthGrid,
  monthLabel,
  monthOf,
  openingMonth,
  todayInZone,
  weekdayNames,
  weekStartOf,
} from './calendar-month.ts';

describe('month grid', () => {
  it('starts November 2026 on its Sunday column in a Sunday-first week', () => {
    const weeks = monthGrid({ year: 2026, month: 11 }, 0);
    // 2026-11-01 is a Sunday.
    expect(weeks[0]).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07']);
    expect(weeks.at(-1)).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
    expect(weeks).toHaveLength(5);
  });

  it('shifts the same month one column in a Monday-first week', () => {
    const weeks = monthGrid({ year: 2026, month: 11 }, 1);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    for (const week of weeks) expect(week).toHaveLength(7);
  });

  it('knows leap years', () => {
    expect(monthGrid({ year: 2028, month: 2 }, 0).flat().filter(Boolean).at(-1)).toBe('2028-02-29');
    expect(monthGrid({ year: 2027, month: 2 }, 0).flat().filter(Boolean).at(-1)).toBe('2027-02-28');
  });
});

describe('month and day arithmetic', () => {
  it('adds days across months and years', () => {
    expect(addDaysTo('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysTo('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('adds months across years and compares them', () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(compareMonths(monthOf('2026-11-30'), monthOf('2026-12-01'))).toBeLessThan(0);
    expect(compareMonths(monthOf('2026-11-01'), { year: 2026, month: 11 })).toBe(0);
  });

  it('asks for availability over the widest window a search allows', () => {
    expect(calendarWindow('2026-11-22')).toEqual({ from: '2026-11-22', to: '2027-02-22' });
  });

  it('ends the calendar at the last day that is not closed', () => {
    const days = [
      { date: '2026-11-22', status: 'available' },
      { date: '2026-11-23', status: 'sold_out' },
      { date: '2026-11-24', status: 'closed' },
    ];
    expect(lastOpenDate(days)).toBe('2026-11-23');
    expect(lastOpenDate([{ date: '2026-11-22', status: 'closed' }])).toBeNull();
  });
});

describe('today in the venue time zone', () => {
  it('agrees with the domain todayIn around midnight in Tokyo', () => {
    for (const instant of ['2026-11-21T14:59:59Z', '2026-11-21T15:00:00Z', '2026-12-31T15:00:00Z', '2026-06-30T23:00:00Z']) {
      const now = new Date(instant);
      expect(todayInZone('Asia/Tokyo', now)).toBe(todayIn('Asia/Tokyo', now));
    }
    expect(todayInZone('Asia/Tokyo', new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
  });
});

describe('weekday names', () => {
  it('names the weekdays in the language, in grid order', () => {
    expect(weekdayNames('en-US', 0)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(weekdayNames('ja-JP', 1)).toEqual(['月', '火', '水', '木', '金', '土', '日']);
  });

  it('starts the week on Sunday unless the locale says Monday', () => {
    expect(weekStartOf('ja-JP')).toBe(0);
    expect(weekStartOf('en-US')).toBe(0);
    expect([0, 1]).toContain(weekStartOf('zh-Hans-CN'));
  });

  it('labels the month in the language', () => {
    expect(monthLabel({ year: 2026, month: 11 }, 'en-US')).toBe('November 2026');
    expect(monthLabel({ year: 2026, month: 11 }, 'ja-JP')).toBe('2026年11月');
  });
});

describe('the month the calendar opens on', () => {
  const statuses = new Map([
    ['2026-11-29', 'sold_out'],
    ['2026-11-30', 'closed'],
    ['2026-12-01', 'few'],
    ['2026-12-02', 'available'],
  ]);

  it('is the first bookable day’s, not today’s, when the rest of this month cannot be booked', () => {
    expect(openingMonth('2026-11-29', statuses, null)).toEqual({ year: 2026, month: 12 });
  });

  it('is this month while a day of it can still be booked, and the chosen day’s once one is chosen', () => {
    expect(openingMonth('2026-11-29', new Map([...statuses, ['2026-11-30', 'available']]), null)).toEqual({
      year: 2026,
      month: 11,
    });
    expect(openingMonth('2026-11-29', statuses, '2027-01-05')).toEqual({ year: 2027, month: 1 });
  });

  it('ignores days before today and is today’s month when nothing can be booked', () => {
    expect(openingMonth('2026-11-29', new Map([['2026-10-30', 'available']]), null)).toEqual({ year: 2026, month: 11 });
  });
});
