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
    setHandedOverAt: null,
    qr: `SF2.k1.body${next}.sig`,
    ...overrides,
  };
}

describe('the gate pass', () => {
  it('shows one admission’s own code, and the party’s code for all', () => {
    const adult = admission();
    const child = admission({ optionName: 'Child' });
    const view = { admissions: [adult, child], partyQr: 'SF2.k1.party.sig', setQr: null };
    expect(passOf(view, adult.id)).toMatchObject({ state: 'live', code: adult.qr, admissions: [adult] });
    expect(passOf(view, 'all')).toMatchObject({ state: 'live', code: 'SF2.k1.party.sig', admissions: [adult, child] });
  });

  it('turns to checked in with the latest time once every admission it covers is used', () => {
    const first = admission({ ticketStatus: 'used', status: 'used', checkedInAt: '2026-11-25T04:02:00.000Z' });
    const second = admission();
    expect(passOf({ admissions: [first, second], partyQr: 'SF2.k1.party.sig', setQr: null }, 'all').state).toBe('live');
    const later = { ...second, ticketStatus: 'used' as const, status: 'used' as const, checkedInAt: '2026-11-25T04:03:00.000Z' };
    expect(passOf({ admissions: [first, later], partyQr: null, setQr: null }, 'all')).toMatchObject({
      state: 'checked-in',
      code: null,
      checkedInAt: '2026-11-25T04:03:00.000Z',
    });
    expect(passOf({ admissions: [first, later], partyQr: null, setQr: null }, first.id)).toMatchObject({
      state: 'checked-in',
      checkedInAt: '2026-11-25T04:02:00.000Z',
    });
  });

  it('leaves cancelled admissions out of the party and says cancelled when nothing else is left', () => {
    const cancelled = admission({ ticketStatus: 'cancelled', status: 'invalid' });
    const kept = admission();
    expect(passOf({ admissions: [cancelled, kept], partyQr: 'SF2.k1.party.sig', setQr: null }, 'all').admissions).toEqual([kept]);
    expect(passOf({ admissions: [cancelled], partyQr: null, setQr: null }, cancelled.id)).toMatchObject({
      state: 'cancelled',
      code: null,
    });
    expect(passOf({ admissions: [cancelled], partyQr: null, setQr: null }, 'all').state).toBe('cancelled');
  });

  it('shows nothing to scan for an admission that is not on the page', () => {
    expect(passOf({ admissions: [admission()], partyQr: 'SF2.k1.party.sig', setQr: null }, 'not-here')).toMatchObject({
      state: 'none',
      code: null,
    });
  });

  it('says the code is outside its slot when the gate would answer invalid_time', () => {
    const early = admission({ status: 'invalid_time' });
    expect(passOf({ admissions: [early], partyQr: 'SF2.k1.party.sig', setQr: null }, early.id)).toMatchObject({
      state: 'live',
      isOutsideSlot: true,
    });
  });

  it('shows the set products code for admissions already in, and turns to handed over once the gate records them', () => {
    const entered = admission({ ticketStatus: 'used', status: 'used', checkedInAt: '2026-11-25T04:02:00.000Z' });
    const waiting = admission();
    const view = { admissions: [entered, waiting], partyQr: waiting.qr, setQr: 'SF2.k1.set.sig' };
    expect(passOf(view, entered.id, 'set')).toMatchObject({ state: 'live', code: entered.qr, checkedInAt: null });
    expect(passOf(view, 'all', 'set')).toMatchObject({ state: 'live', code: 'SF2.k1.set.sig' });
    const handed = [entered, waiting].map((a) => ({ ...a, setHandedOverAt: '2026-11-25T04:10:00.000Z' }));
    expect(passOf({ ...view, admissions: handed }, 'all', 'set')).toMatchObject({
      state: 'checked-in',
      code: null,
      checkedInAt: '2026-11-25T04:10:00.000Z',
    });
    // Entry is told apart: the set products handed over do not let anyone in.
    expect(passOf({ ...view, admissions: handed }, waiting.id).state).toBe('live');
  });

  it('counts the party by admission type', () => {
    expect(partyOf([{ optionName: 'Adult' }, { optionName: 'Child' }, { optionName: 'Adult' }])).toEqual([
      ['Adult', 2],
      ['Child', 1],
    ]);
  });
});
