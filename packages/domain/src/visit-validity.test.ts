import { describe, expect, it } from 'vitest';
import { validityOf } from './visit-validity.ts';

const slot = {
  date: '2026-11-25',
  reservationFrom: '2026-11-25T03:00:00.000Z',
  reservationTo: '2026-11-25T03:30:00.000Z',
  isAllDay: false,
};

describe('when a ticket is valid', () => {
  it('names the day and the slot before the visit, in the venue’s time', () => {
    expect(validityOf(slot, 'en', '2026-11-24')).toEqual({
      key: 'ticket_valid_on',
      values: { date: '2026/11/25 (Wed)', from: '12:00', to: '12:30' },
      hasEnded: false,
    });
    expect(validityOf(slot, 'ja', '2026-11-25').values.date).toBe('2026/11/25 (水)');
  });

  it('names the day alone for an all-day product', () => {
    expect(validityOf({ ...slot, isAllDay: true }, 'en', '2026-11-20')).toEqual({
      key: 'ticket_valid_on_day',
      values: { date: '2026/11/25 (Wed)' },
      hasEnded: false,
    });
  });

  it('says the validity ended once the day has passed', () => {
    expect(validityOf(slot, 'en', '2026-11-26')).toEqual({
      key: 'ticket_validity_ended',
      values: { date: '2026/11/25 (Wed)' },
      hasEnded: true,
    });
  });
});
