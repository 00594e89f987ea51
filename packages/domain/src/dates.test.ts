import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, fileStampIn, instantAt, isIsoDate, timeOfDayIn, todayIn } from './dates.ts';

describe('dates', () => {
  it('finds the instant a wall clock shows a time, across a change of summer time', () => {
    expect(instantAt('2026-07-01', '09:30', 'Asia/Tokyo').toISOString()).toBe('2026-07-01T00:30:00.000Z');
    expect(instantAt('2026-03-28', '23:50', 'Europe/Paris').toISOString()).toBe('2026-03-28T22:50:00.000Z');
    expect(instantAt('2026-03-29', '23:50', 'Europe/Paris').toISOString()).toBe('2026-03-29T21:50:00.000Z');
  });

  it('accepts only real calendar dates written yyyy-MM-dd', () => {
    expect(isIsoDate('2026-11-21')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('21/11/2026')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('tells today in the venue time zone, not the server’s', () => {
    // 20:00 UTC on 21 November is already 22 November in Tokyo.
    const instant = new Date('2026-11-21T20:00:00Z');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2026-11-22');
    expect(todayIn('UTC', instant)).toBe('2026-11-21');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2027-01-02', '2026-12-30')).toBe(-3);
  });

  it('shows wall-clock time in the venue time zone', () => {
    expect(timeOfDayIn(new Date('2026-11-21T01:30:00Z'), 'Asia/Tokyo')).toBe('10:30');
  });

  it('stamps a file name with the wall clock of the venue, on its own day', () => {
    expect(fileStampIn(new Date('2026-12-02T00:30:00Z'), 'Asia/Tokyo')).toBe('2026-12-02-0930');
    expect(fileStampIn(new Date('2026-12-01T15:05:00Z'), 'Asia/Tokyo')).toBe('2026-12-02-0005');
    expect(fileStampIn(new Date('2026-12-01T15:05:00Z'), 'Europe/Paris')).toBe('2026-12-01-1605');
  });
});
