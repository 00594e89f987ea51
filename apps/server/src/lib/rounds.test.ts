import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { repeatRounds } from './rounds.ts';

/** A round that waits until `finish` is called, recording when each starts. */
function controlled() {
  const started: number[] = [];
  const finishers: (() => void)[] = [];
  const work = () =>
    new Promise<number>((resolve) => {
      const round = started.length + 1;
      started.push(round);
      finishers.push(() => resolve(round));
    });
  return { started, work, finish: (round: number) => finishers[round - 1]?.() };
}

describe('repeated rounds', () => {
  it('runs a round asked for while one is under way after it, and answers each its own result', async () => {
    const app = Fastify();
    const { started, work, finish } = controlled();
    const now = repeatRounds(app, { work, failure: 'round failed' });
    const first = now();
    const second = now();
    await vi.waitFor(() => expect(started).toEqual([1]));
    finish(1);
    expect(await first).toBe(1);
    await vi.waitFor(() => expect(started).toEqual([1, 2]));
    finish(2);
    expect(await second).toBe(2);
    await app.close();
  });

  it('goes on after a failed round, and closing waits for the round under way and stops the timer', async () => {
    vi.useFakeTimers();
    try {
      const app = Fastify();
      const warn = vi.spyOn(app.log, 'warn');
      let rounds = 0;
      let release = () => {};
      const now = repeatRounds(app, {
        work: async () => {
          rounds++;
          if (rounds === 1) throw new Error('down');
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return rounds;
        },
        everyMs: 1_000,
        failure: 'round failed',
      });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'round failed');
      const second = now();
      await vi.advanceTimersByTimeAsync(0);
      expect(rounds).toBe(2);
      let closed = false;
      const closing = app.close().then(() => {
        closed = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(closed).toBe(false);
      release();
      expect(await second).toBe(2);
      await closing;
      await vi.advanceTimersByTimeAsync(5_000);
      expect(rounds).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
