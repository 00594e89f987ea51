import { describe, expect, it } from 'vitest';
import { monthRange, monthWeeks, pickDay, pickWeekday, selectionFor, shiftMonth } from './calendar-selection.ts';

const none = { productId: null, timeFrom: '', timeTo: '' };

describe('calendar selection', () => {
  it('lays a month out in weeks from Sunday and moves between months', () => {
    expect(monthRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    const weeks = monthWeeks('2026-03');
    expect(weeks[0]?.[0]).toBe('2026-03-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });

  it('toggles a day, adds a shift range, and picks or unpicks every Saturday', () => {
    let days = pickDay(new Set(), '2026-03-03', null, false);
    days = pickDay(days, '2026-03-06', '2026-03-03', true);
    expect([...days].sort()).toEqual(['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']);
    expect(pickDay(days, '2026-03-04', null, false).has('2026-03-04')).toBe(false);
    const saturdays = pickWeekday(new Set(), '2026-03', 6);
    expect([...saturdays].sort()).toEqual(['2026-03-07', '2026-03-14', '2026-03-21', '2026-03-28']);
    expect(pickWeekday(saturdays, '2026-03', 6).size).toBe(0);
  });

  it('sends weekend days as a range with weekdays, narrowed by time and product', () => {
    const weekend = new Set([...pickWeekday(new Set(), '2026-03', 6), ...pickWeekday(new Set(), '2026-03', 0)]);
    expect(selectionFor({ days: weekend, slotIds: new Set() }, { productId: 4, timeFrom: '10:00', timeTo: '' }, [])).toEqual({
      from: '2026-03-01',
      to: '2026-03-29',
      weekdays: [0, 6],
      time_from: '10:00',
      product_ids: [4],
    });
  });

  it('sends scattered days as the ids of their matching slots, and picked slots as they are', () => {
    const slots = [
      { id: 1, date: '2026-03-02', product_id: 4, start_time: '09:00' },
      { id: 2, date: '2026-03-02', product_id: 4, start_time: '11:00' },
      { id: 3, date: '2026-03-04', product_id: 5, start_time: '11:00' },
      { id: 4, date: '2026-03-10', product_id: 4, start_time: '11:00' },
    ];
    const days = new Set(['2026-03-02', '2026-03-10']);
    expect(selectionFor({ days, slotIds: new Set() }, { ...none, timeFrom: '10:00' }, slots)).toEqual({ slot_ids: [2, 4] });
    expect(selectionFor({ days, slotIds: new Set([3, 1]) }, none, slots)).toEqual({ slot_ids: [1, 3] });
    expect(selectionFor({ days: new Set(), slotIds: new Set() }, none, slots)).toBeNull();
  });
});
