import type { UploadBody, UploadResult } from '@storefront/domain/console/gate';
import { describe, expect, it } from 'vitest';
import { memoryQueue, ownCheckIns, type QueuedScan, queuedScan, uploadQueue } from './queue.ts';

const scan = (n: number, ticket = `t${n}`): QueuedScan =>
  queuedScan({
    code: `SF2.k1.code${n}.sig`,
    mode: 'gate',
    ticketIds: [ticket],
    gate: 'north',
    now: new Date(Date.UTC(2026, 10, 25, 5, 0, n)),
  });

/** A server that records every nonce once and calls the tickets it was told of conflicts. */
function server(conflicting: Set<string> = new Set()) {
  const seen = new Map<string, UploadResult['results'][number]['outcome']>();
  const calls: UploadBody[] = [];
  const send = async (body: UploadBody): Promise<UploadResult> => {
    calls.push(body);
    return {
      results: body.scans.map((s) => {
        const replayed = seen.has(s.nonce);
        const outcome = seen.get(s.nonce) ?? (conflicting.has(s.code ?? '') ? 'conflict' : 'recorded');
        seen.set(s.nonce, outcome);
        return { nonce: s.nonce, outcome, replayed };
      }),
    };
  };
  return { send, calls };
}

describe('the offline queue', () => {
  it('gives every scan its own nonce and the time it was scanned', () => {
    const a = scan(1);
    const b = scan(1);
    expect(a.nonce).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.scanned_at).toBe('2026-11-25T05:00:01.000Z');
    expect(ownCheckIns([a])).toEqual([{ ticket_id: 't1', mode: 'gate', at: a.scanned_at, gate: 'north' }]);
  });

  it('uploads in batches, oldest first, drops what the server acknowledged and counts conflicts', async () => {
    const scans = [scan(3), scan(1), scan(2), scan(5), scan(4)];
    const queue = memoryQueue(scans);
    const remote = server(new Set(['SF2.k1.code2.sig']));
    const summary = await uploadQueue(queue, remote.send, 2);
    expect(remote.calls.map((c) => c.scans.map((s) => s.code))).toEqual([
      ['SF2.k1.code1.sig', 'SF2.k1.code2.sig'],
      ['SF2.k1.code3.sig', 'SF2.k1.code4.sig'],
      ['SF2.k1.code5.sig'],
    ]);
    expect(remote.calls[0]?.scans[0]).toEqual({
      nonce: scans[1]?.nonce,
      code: 'SF2.k1.code1.sig',
      mode: 'gate',
      scanned_at: '2026-11-25T05:00:01.000Z',
    });
    expect(summary).toEqual({ sent: 5, recorded: 4, conflicts: 1, refused: 0, left: 0 });
    expect(queue.items).toEqual([]);
  });

  it('keeps what did not go up when the network drops mid-way, and sends it again later', async () => {
    const queue = memoryQueue([scan(1), scan(2), scan(3)]);
    const remote = server();
    let calls = 0;
    const flaky = async (body: UploadBody) => {
      calls += 1;
      if (calls === 2) throw new Error('network');
      return remote.send(body);
    };
    await expect(uploadQueue(queue, flaky, 2)).rejects.toThrow('network');
    expect(queue.items.map((s) => s.code)).toEqual(['SF2.k1.code3.sig']);
    const summary = await uploadQueue(queue, remote.send, 2);
    expect(summary).toMatchObject({ sent: 1, recorded: 1, left: 0 });
    expect(queue.items).toEqual([]);
  });

  it('keeps a scan the server did not answer for', async () => {
    const queue = memoryQueue([scan(1), scan(2)]);
    const partial = async (body: UploadBody): Promise<UploadResult> => ({
      results: [{ nonce: body.scans[0]?.nonce ?? '', outcome: 'recorded', replayed: false }],
    });
    const summary = await uploadQueue(queue, partial);
    expect(summary).toMatchObject({ sent: 1, left: 1 });
    expect(queue.items.map((s) => s.code)).toEqual(['SF2.k1.code2.sig']);
  });

  it('sends nothing when the queue is empty', async () => {
    const remote = server();
    expect(await uploadQueue(memoryQueue(), remote.send)).toEqual({ sent: 0, recorded: 0, conflicts: 0, refused: 0, left: 0 });
    expect(remote.calls).toEqual([]);
  });
});
