import { describe, expect, it } from 'vitest';
import { createGroupBatcher, type GatherOptions } from './group-batcher.ts';

/** A batcher that answers each item with its batch's number, recording the batches it wrote. */
function recording(options: GatherOptions, write?: (batch: number[]) => Promise<void>) {
  const batches: number[][] = [];
  const enqueue = createGroupBatcher<number, number>(async (batch) => {
    batches.push(batch.map((w) => w.item));
    await write?.(batch.map((w) => w.item));
    for (const waiting of batch) waiting.resolve(batches.length);
  }, options);
  return { enqueue, batches };
}

describe('group batcher', () => {
  it('without gathering, the first goes alone and those arriving while it is written go together next', async () => {
    const { enqueue, batches } = recording({ max: 100 }, () => new Promise((resolve) => setTimeout(resolve, 20)));
    const answers = await Promise.all([1, 2, 3, 4].map(enqueue));
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(answers).toEqual([1, 2, 2, 2]);
  });

  it('gathering, those arriving within the time go with the first, at most `max` a batch', async () => {
    const { enqueue, batches } = recording({ max: 3, gatherMs: 30 });
    const first = enqueue(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const answers = await Promise.all([first, ...[2, 3, 4, 5].map(enqueue)]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(answers).toEqual([1, 1, 1, 2, 2]);
  });

  it('gathering for a turn (0), those arriving in this turn of the event loop go together, and a later turn goes after', async () => {
    const { enqueue, batches } = recording({ max: 100, gatherMs: 0 });
    const now = [enqueue(1), Promise.resolve().then(() => enqueue(2)), enqueue(3)];
    const later = new Promise<number>((resolve) => setTimeout(() => resolve(enqueue(4)), 5));
    expect(await Promise.all([...now, later])).toEqual([1, 1, 1, 2]);
    expect(batches).toEqual([[1, 3, 2], [4]]);
  });

  it('gathering while busy, it waits while any batcher receives work and goes at the first turn that brings none', async () => {
    const { enqueue, batches } = recording({ max: 100, gatherMs: 60_000, whileBusy: true });
    const other = recording({ max: 100 });
    const answers: Promise<number>[] = [];
    // Three turns of the event loop, each bringing one arrival (the second at another batcher).
    setImmediate(() => {
      answers.push(enqueue(2));
      setImmediate(() => {
        void other.enqueue(9);
        setImmediate(() => answers.push(enqueue(3)));
      });
    });
    answers.unshift(enqueue(1));
    // Had it waited out its 60 seconds, the test would time out here.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await Promise.all(answers)).toEqual([1, 1, 1]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathering while busy, it goes after `gatherMs` even while work keeps arriving elsewhere', async () => {
    const { enqueue, batches } = recording({ max: 100, gatherMs: 20, whileBusy: true });
    const other = recording({ max: 100 });
    let answered = false;
    let turns = 0;
    // Another batcher receives something every turn until this one has answered.
    const keepBusy = () => {
      turns += 1;
      void other.enqueue(turns);
      if (!answered) setImmediate(keepBusy);
    };
    setImmediate(keepBusy);
    expect(await enqueue(1)).toBe(1);
    answered = true;
    expect(batches).toEqual([[1]]);
    expect(turns).toBeGreaterThan(1);
  });

  it('a batch that throws rejects its unanswered items; the next batch goes on', async () => {
    const { enqueue, batches } = recording({ max: 100 }, async (batch) => {
      if (batch.includes(1)) throw new Error('could not write');
    });
    const failed = enqueue(1);
    const next = enqueue(2);
    await expect(failed).rejects.toThrow('could not write');
    expect(await next).toBe(2);
    expect(batches).toEqual([[1], [2]]);
  });
});
