import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { OfflineKit } from '@storefront/domain/console/gate';
import { describe, expect, it } from 'vitest';
import { decideOffline, type KnownCheckIn, parseSignedCode } from './decide.ts';
import { memoryQueue, ownCheckIns, queuedScan } from './queue.ts';

const VENUE = 7;
const TZ = 'Asia/Tokyo';
const A1 = '11111111-1111-4111-8111-111111111111';
const A2 = '22222222-2222-4222-8222-222222222222';
// The slot: 2026-11-25 14:30–15:00 in Tokyo.
const START = Date.parse('2026-11-25T05:30:00Z') / 1000;
const END = Date.parse('2026-11-25T06:00:00Z') / 1000;
const DURING = new Date('2026-11-25T05:40:00Z');

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' }) as { x: string };
  return { privateKey, publicKey: jwk.x };
}
const venueKey = keyPair();
const otherKey = keyPair();

/** A code as the server signs it (decision 021): SF2.<kid>.<body>.<sig>. */
function signCode(
  body: { s: number; t: [string, number, number?][]; p: number; w: [number, number] },
  options: { kid?: string; key?: KeyObject } = {},
): string {
  const kid = options.kid ?? 'k1';
  const signed = `SF2.${kid}.${Buffer.from(JSON.stringify(body)).toString('base64url')}`;
  const signature = sign(null, Buffer.from(signed, 'ascii'), options.key ?? venueKey.privateKey).toString('base64url');
  return `${signed}.${signature}`;
}

const party = (generation = 1): [string, number][] => [
  [A1, generation],
  [A2, generation],
];
const code = (overrides: Partial<{ s: number; t: [string, number, number?][]; p: number; w: [number, number] }> = {}) =>
  signCode({ s: VENUE, t: party(), p: 42, w: [START, END], ...overrides });

function kit(overrides: Partial<OfflineKit> = {}): OfflineKit {
  return {
    venue: { id: VENUE, code: 'demo' },
    date: '2026-11-25',
    server_time: '2026-11-25T05:00:00Z',
    grace_minutes: 15,
    keys: [{ kid: 'k1', public_key: venueKey.publicKey }],
    slots: [{ id: 42, date: '2026-11-25', start_time: '14:30', end_time: '15:00', product_name: 'Garden entry' }],
    options: [
      { id: 5, name: 'Adult' },
      { id: 6, name: 'Child' },
    ],
    revocations: [],
    check_ins: [],
    check_ins_since: null,
    cursor: '2026-11-25|2026-11-25T05:00:00.000Z',
    ...overrides,
  };
}

const decide = (input: { code: string; kit?: OfflineKit; known?: KnownCheckIn[]; now?: Date }) =>
  decideOffline({
    code: input.code,
    kit: input.kit ?? kit(),
    known: input.known ?? [],
    mode: 'gate',
    now: input.now ?? DURING,
    timeZone: TZ,
  });

async function resultOf(input: Parameters<typeof decide>[0]) {
  const decision = await decide(input);
  if (decision.kind !== 'result') throw new Error(`expected a result, got ${decision.kind}`);
  return decision.result;
}

describe('the offline decision on a signed code', () => {
  it('admits a well-signed code of this venue in its window, the whole party', async () => {
    const result = await resultOf({ code: code() });
    expect(result.status).toBe('success');
    expect(result.admitted).toBe(2);
    expect(result.admissions.map((a) => a.id)).toEqual([A1, A2]);
    expect(result.product_name).toBe('Garden entry');
    expect(result.checked_in_at).toBe(DURING.toISOString());
    // A code signed before codes named options: the party without its types.
    expect(result.admissions.map((a) => a.option_name)).toEqual(['', '']);
  });

  it('names each admission’s type from the kit when the code names its option', async () => {
    const typed = await resultOf({
      code: code({
        t: [
          [A1, 1, 5],
          [A2, 1, 6],
        ],
      }),
    });
    expect(typed.status).toBe('success');
    expect(typed.admissions.map((a) => a.option_name)).toEqual(['Adult', 'Child']);
    // An option the kit does not know (added after the kit was made) leaves the type unnamed, not the code refused.
    const unknown = await resultOf({ code: code({ t: [[A1, 1, 99]] }) });
    expect(unknown).toMatchObject({ status: 'success', admitted: 1 });
    expect(unknown.admissions[0]?.option_name).toBe('');
    // A fourth element or a non-integer option is no code of ours.
    expect((await resultOf({ code: code({ t: [[A1, 1, 5, 7] as unknown as [string, number, number]] }) })).status).toBe(
      'invalid',
    );
    expect((await resultOf({ code: code({ t: [[A1, 1, 'x'] as unknown as [string, number, number]] }) })).status).toBe('invalid');
  });

  it('says used, with when and where, when the kit knows a check-in of the party', async () => {
    const known: KnownCheckIn[] = [{ ticket_id: A2, mode: 'gate', at: '2026-11-25T04:02:00Z', gate: 'north' }];
    const result = await resultOf({ code: code(), known });
    expect(result).toMatchObject({ status: 'used', admitted: 0, used: { at: '2026-11-25T04:02:00Z', gate: 'north' } });
    // A check-in in the other mode (a set) does not count at the gate.
    const other = await resultOf({ code: code(), known: [{ ...known[0], mode: 'set' } as KnownCheckIn] });
    expect(other.status).toBe('success');
  });

  it('counts this device’s own offline admissions as used', async () => {
    const queue = memoryQueue();
    const first = await resultOf({ code: code() });
    await queue.add(
      queuedScan({ code: code(), mode: 'gate', ticketIds: first.admissions.map((a) => a.id), gate: 'east', now: DURING }),
    );
    const again = await resultOf({ code: code(), known: ownCheckIns(queue.items) });
    expect(again).toMatchObject({ status: 'used', used: { at: DURING.toISOString(), gate: 'east' } });
  });

  it('says changed, with the new slot, for a code revoked by a date change', async () => {
    const movedTo = { id: 43, date: '2026-11-26', start_time: '14:30', end_time: '15:00' };
    const revocations: OfflineKit['revocations'] = [{ ticket_id: A1, generation: 2, reason: 'changed', moved_to: movedTo }];
    const result = await resultOf({ code: code(), kit: kit({ revocations }) });
    expect(result).toMatchObject({ status: 'changed', slot: movedTo, admitted: 0 });
    // The code signed after the change, at generation 2, is the good one.
    expect((await resultOf({ code: code({ t: party(2) }), kit: kit({ revocations }) })).status).toBe('success');
  });

  it('refuses a cancelled admission and a code replaced by sharing', async () => {
    const cancelled = await resultOf({
      code: code(),
      kit: kit({ revocations: [{ ticket_id: A2, generation: 2, reason: 'cancelled', moved_to: null }] }),
    });
    expect(cancelled).toMatchObject({ status: 'invalid', reason: 'cancelled' });
    const shared = await resultOf({
      code: code(),
      kit: kit({ revocations: [{ ticket_id: A1, generation: 3, reason: 'shared', moved_to: null }] }),
    });
    expect(shared).toMatchObject({ status: 'invalid', reason: 'replaced' });
  });

  it('says wrong time outside the window and its grace, with the ticket’s slot', async () => {
    const early = await resultOf({ code: code(), now: new Date((START - 16 * 60) * 1000) });
    expect(early).toMatchObject({ status: 'invalid_time', slot: { id: 42, date: '2026-11-25', start_time: '14:30' } });
    const late = await resultOf({ code: code(), now: new Date((END + 16 * 60) * 1000) });
    expect(late.status).toBe('invalid_time');
    // Within the grace, it admits.
    expect((await resultOf({ code: code(), now: new Date((START - 14 * 60) * 1000) })).status).toBe('success');
    expect((await resultOf({ code: code(), now: new Date((END + 14 * 60) * 1000) })).status).toBe('success');
  });

  it('names a slot of another day from the code’s own window when the kit does not hold it', async () => {
    const tomorrow: [number, number] = [START + 86_400, END + 86_400];
    const result = await resultOf({ code: code({ p: 99, w: tomorrow }) });
    expect(result).toMatchObject({
      status: 'invalid_time',
      slot: { id: 99, date: '2026-11-26', start_time: '14:30', end_time: '15:00' },
    });
  });

  it('refuses a code of another venue', async () => {
    const result = await resultOf({ code: signCode({ s: 8, t: party(), p: 42, w: [START, END] }, { key: otherKey.privateKey }) });
    expect(result).toMatchObject({ status: 'invalid', reason: 'other_venue', admitted: 0 });
  });

  it('refuses a bad signature: another key, a changed body, an unknown key id', async () => {
    const forged = signCode({ s: VENUE, t: party(), p: 42, w: [START, END] }, { key: otherKey.privateKey });
    expect(await resultOf({ code: forged })).toMatchObject({ status: 'invalid', reason: 'unknown' });
    const [prefix, kid, , sig] = code().split('.');
    const body = Buffer.from(JSON.stringify({ s: VENUE, t: party(5), p: 42, w: [START, END] })).toString('base64url');
    expect(await resultOf({ code: [prefix, kid, body, sig].join('.') })).toMatchObject({ status: 'invalid', reason: 'unknown' });
    expect(await resultOf({ code: code().replace('SF2.k1.', 'SF2.k9.') })).toMatchObject({
      status: 'invalid',
      reason: 'unknown',
    });
  });

  it('verifies with any of the venue’s keys (a key change)', async () => {
    const newer = keyPair();
    const twoKeys = kit({ keys: [...kit().keys, { kid: 'k2', public_key: newer.publicKey }] });
    const result = await resultOf({
      code: signCode({ s: VENUE, t: party(), p: 42, w: [START, END] }, { kid: 'k2', key: newer.privateKey }),
      kit: twoKeys,
    });
    expect(result.status).toBe('success');
  });

  it('leaves an SF1 code to the server, and calls anything else unreadable', async () => {
    expect(await decide({ code: 'SF1.eyJ0IjoxfQ.abcdef' })).toEqual({ kind: 'needs_network' });
    expect(await resultOf({ code: 'https://example.com/' })).toMatchObject({ status: 'invalid', reason: 'unreadable' });
    expect(await resultOf({ code: 'SF2.k1.!!!.abc' })).toMatchObject({ status: 'invalid', reason: 'unreadable' });
  });

  it('parses a code’s parts', () => {
    expect(parseSignedCode(code())).toMatchObject({ kid: 'k1', s: VENUE, p: 42, w: [START, END], t: party() });
    expect(parseSignedCode('SF2.k1.e30.AA')).toBeNull();
  });
});

describe('a party with admissions revoked for different reasons', () => {
  it('says cancelled before changed, and changed before replaced, as the server does', async () => {
    const movedTo = { id: 43, date: '2026-11-26', start_time: '14:30', end_time: '15:00' };
    const mixed = (a: OfflineKit['revocations'][number]['reason'], b: OfflineKit['revocations'][number]['reason']) =>
      kit({
        revocations: [
          { ticket_id: A1, generation: 2, reason: a, moved_to: a === 'changed' ? movedTo : null },
          { ticket_id: A2, generation: 2, reason: b, moved_to: b === 'changed' ? movedTo : null },
        ],
      });
    expect(await resultOf({ code: code(), kit: mixed('changed', 'cancelled') })).toMatchObject({
      status: 'invalid',
      reason: 'cancelled',
    });
    expect(await resultOf({ code: code(), kit: mixed('shared', 'changed') })).toMatchObject({ status: 'changed', slot: movedTo });
    // An older revocation below the code's generation does not count.
    const old = kit({ revocations: [{ ticket_id: A1, generation: 1, reason: 'cancelled', moved_to: null }] });
    expect((await resultOf({ code: code(), kit: old })).status).toBe('success');
  });
});
