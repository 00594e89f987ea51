import type { OfflineKit } from '@storefront/domain/console/gate';
import { describe, expect, it } from 'vitest';
import { kitQuerySince, updatedKit } from './kit-update.ts';

const A1 = '11111111-1111-4111-8111-111111111111';
const A2 = '22222222-2222-4222-8222-222222222222';
const A3 = '33333333-3333-4333-8333-333333333333';

function kit(overrides: Partial<OfflineKit> = {}): OfflineKit {
  return {
    venue: { id: 7, code: 'demo' },
    date: '2026-11-25',
    server_time: '2026-11-25T05:00:00.000Z',
    grace_minutes: 15,
    keys: [{ kid: 'k1', public_key: 'key' }],
    slots: [],
    options: [],
    revocations: [],
    check_ins: [],
    check_ins_since: null,
    cursor: '2026-11-25|2026-11-25T05:00:00.000Z',
    ...overrides,
  };
}

describe('the kit a device keeps', () => {
  it('asks with the time of the kit it holds, and with nothing when it holds none', () => {
    expect(kitQuerySince(null)).toBeUndefined();
    expect(kitQuerySince(kit())).toBe('2026-11-25|2026-11-25T05:00:00.000Z');
    expect(kitQuerySince(kit({ cursor: undefined as unknown as string }))).toBeUndefined();
  });

  it("adds the check-ins recorded since to the day's it knows, once per admission and mode, and takes the rest as answered", () => {
    const held = kit({
      check_ins: [
        { ticket_id: A1, mode: 'gate', at: '2026-11-25T04:10:00.000Z', gate: 'north' },
        { ticket_id: A2, mode: 'gate', at: '2026-11-25T04:20:00.000Z', gate: 'north' },
      ],
    });
    const answer = kit({
      server_time: '2026-11-25T05:01:00.000Z',
      keys: [{ kid: 'k2', public_key: 'new key' }],
      check_ins_since: '2026-11-25T04:59:00.000Z',
      check_ins: [
        // Within the margin: already known.
        { ticket_id: A2, mode: 'gate', at: '2026-11-25T04:20:00.000Z', gate: 'north' },
        { ticket_id: A3, mode: 'gate', at: '2026-11-25T05:00:30.000Z', gate: 'south' },
        { ticket_id: A1, mode: 'set', at: '2026-11-25T05:00:40.000Z', gate: 'shop' },
      ],
    });
    const next = updatedKit(held, answer);
    expect(next.server_time).toBe('2026-11-25T05:01:00.000Z');
    expect(next.keys).toEqual([{ kid: 'k2', public_key: 'new key' }]);
    expect(next.check_ins_since).toBeNull();
    expect(next.check_ins.map((c) => `${c.ticket_id.slice(0, 1)} ${c.mode} ${c.gate}`)).toEqual([
      '1 gate north',
      '2 gate north',
      '3 gate south',
      '1 set shop',
    ]);
  });

  it("replaces the held check-ins with a whole day's answer, or with another day's", () => {
    const held = kit({ check_ins: [{ ticket_id: A1, mode: 'gate', at: '2026-11-25T04:10:00.000Z', gate: 'north' }] });
    const whole = kit({ check_ins: [{ ticket_id: A2, mode: 'gate', at: '2026-11-25T04:20:00.000Z', gate: 'north' }] });
    expect(updatedKit(held, whole).check_ins.map((c) => c.ticket_id)).toEqual([A2]);
    const nextDay = kit({ date: '2026-11-26', check_ins_since: '2026-11-26T00:00:00.000Z', check_ins: [] });
    expect(updatedKit(held, nextDay).check_ins).toEqual([]);
    expect(
      updatedKit(null, kit({ check_ins_since: '2026-11-25T04:00:00.000Z', check_ins: whole.check_ins })).check_ins,
    ).toHaveLength(1);
  });
});
