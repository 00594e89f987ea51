import { describe, expect, it } from 'vitest';
import type { Admission } from './api/tickets-api.ts';
import { partyOf, passOf } from './gate-pass.ts';

let next = 0;
function admission(overrides: Partial<Admission> = {}): Admission {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    position: next,
    optionId: 1,
    optionName: 'Adult',
    ticketStatus: 'valid',
    status: 'available',
    checkedInAt: null,
    qr: `SF2.k1.body${next}.sig`,
    ...overrides,
  };
}

describe('the gate pass', () => {
  it('shows one admission’s own code, and the party’s code for all', () => {
    const adult = admission();
    const child = admission({ optionName: 'Child' });
    const view = { admissions: [adult, child], partyQr: 'SF2.k1.party.sig' };
    expect(passOf(view, adult.id)).toMatchObject({ state: 'live', code: adult.qr, admissions: [adult] });
    expect(passOf(view, 'all')).toMatchObject({ state: 'live', code: 'SF2.k1.party.sig', admissions: [adult, child] });
  });

  it('turns to checked in with the latest time once every admission it covers is used', () => {
    const first = admission({ ticketStatus: 'used', status: 'used', checkedInAt: '2026-11-25T04:02:00.000Z' });
    const second = admission();
    expect(passOf({ admissions: [first, second], partyQr: 'SF2.k1.party.sig' }, 'all').state).toBe('live');
    const later = { ...second, ticketStatus: 'used' as const, status: 'used' as const, checkedInAt: '2026-11-25T04:03:00.000Z' };
    expect(passOf({ admissions: [first, later], partyQr: null }, 'all')).toMatchObject({
      state: 'checked-in',
      code: null,
      checkedInAt: '2026-11-25T04:03:00.000Z',
    });
    expect(passOf({ admissions: [first, later], partyQr: null }, first.id)).toMatchObject({
      state: 'checked-in',
      checkedInAt: '2026-11-25T04:02:00.000Z',
    });
  });

  it('leaves cancelled admissions out of the party and says cancelled when nothing else is left', () => {
    const cancelled = admission({ ticketStatus: 'cancelled', status: 'invalid' });
    const kept = admission();
    expect(passOf({ admissions: [cancelled, kept], partyQr: 'SF2.k1.party.sig' }, 'all').admissions).toEqual([kept]);
    expect(passOf({ admissions: [cancelled], partyQr: null }, cancelled.id)).toMatchObject({ state: 'cancelled', code: null });
    expect(passOf({ admissions: [cancelled], partyQr: null }, 'all').state).toBe('cancelled');
  });

  it('shows nothing to scan for an admission that is not on the page', () => {
    expect(passOf({ admissions: [admission()], partyQr: 'SF2.k1.party.sig' }, 'not-here')).toMatchObject({
      state: 'none',
      code: null,
    });
  });

  it('says the code is outside its slot when the gate would answer invalid_time', () => {
    const early = admission({ status: 'invalid_time' });
    expect(passOf({ admissions: [early], partyQr: 'SF2.k1.party.sig' }, early.id)).toMatchObject({
      state: 'live',
      isOutsideSlot: true,
    });
  });

  it('keeps showing an admission already in on the set products pass, which never turns to checked in', () => {
    const entered = admission({ ticketStatus: 'used', status: 'used', checkedInAt: '2026-11-25T04:02:00.000Z' });
    expect(passOf({ admissions: [entered], partyQr: null }, entered.id, 'set')).toMatchObject({
      state: 'live',
      code: entered.qr,
      checkedInAt: null,
    });
  });

  it('counts the party by admission type', () => {
    expect(partyOf([{ optionName: 'Adult' }, { optionName: 'Child' }, { optionName: 'Adult' }])).toEqual([
      ['Adult', 2],
      ['Child', 1],
    ]);
  });
});
