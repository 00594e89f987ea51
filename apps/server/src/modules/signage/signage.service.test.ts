import { describe, expect, it } from 'vitest';
import type { Site } from '../sites/site.ts';
import { createSignageService } from './signage.service.ts';

const site = { id: 1, code: 'demo' } as Site;

function boardWith(remaining: number) {
  return {
    date: '2026-05-10',
    lowStockThreshold: 10,
    products: [
      {
        uuid: 'p',
        name: { en: 'Ticket' },
        timeSpans: [{ id: 1, startTime: '10:00', endTime: '10:30', capacity: 50, remaining, status: 'available' as const }],
      },
    ],
  };
}

function screen() {
  const events: string[] = [];
  let ended = false;
  return {
    client: {
      write: (chunk: string) => void events.push(chunk),
      end: () => {
        ended = true;
      },
    },
    boards: () => events.filter((e) => e.startsWith('event: board')).map((e) => JSON.parse(e.split('data: ')[1] ?? '')),
    events,
    isEnded: () => ended,
  };
}

describe('signage hub', () => {
  it('gives a new screen the board at once, then only boards that changed, to every screen', async () => {
    let remaining = 40;
    let loads = 0;
    const signage = createSignageService({
      loadBoard: async () => {
        loads += 1;
        return boardWith(remaining);
      },
      pollMs: 3_600_000,
    });
    const first = screen();
    const second = screen();
    await signage.subscribe(site, first.client);
    await signage.subscribe(site, second.client);
    expect(first.events[0]).toBe('retry: 2000\n\n');
    expect(first.boards().map((b) => b.products[0].timeSpans[0].remaining)).toEqual([40]);
    expect(loads).toBe(1);

    signage.stockChanged();
    await signage.board(site);
    await new Promise((resolve) => setImmediate(resolve));
    expect(first.boards()).toHaveLength(1);

    remaining = 38;
    signage.stockChanged();
    await new Promise((resolve) => setImmediate(resolve));
    await signage.board(site);
    for (const s of [first, second]) expect(s.boards().map((b) => b.products[0].timeSpans[0].remaining)).toEqual([40, 38]);
    expect(first.boards()[1].version).not.toBe(first.boards()[0].version);
    expect(signage.connections()).toBe(2);
    signage.close();
    expect(first.isEnded() && second.isEnded()).toBe(true);
    expect(signage.connections()).toBe(0);
  });

  it('loads once more after a change asked for during a load, so no sale is missed', async () => {
    let remaining = 10;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let loads = 0;
    const signage = createSignageService({
      loadBoard: async () => {
        loads += 1;
        const seen = remaining;
        if (loads === 2) await gate;
        return boardWith(seen);
      },
      pollMs: 3_600_000,
    });
    const s = screen();
    await signage.subscribe(site, s.client);
    remaining = 9;
    signage.stockChanged(); // load 2 starts with 9 and waits
    remaining = 8;
    signage.stockChanged(); // asked during load 2
    release();
    while (s.boards().length < 3) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(s.boards().map((b) => b.products[0].timeSpans[0].remaining)).toEqual([10, 9, 8]);
    expect(loads).toBe(3);
    signage.close();
  });

  it('stops looking at a site when its last screen leaves', async () => {
    const signage = createSignageService({ loadBoard: async () => boardWith(1), pollMs: 3_600_000 });
    const s = screen();
    const leave = await signage.subscribe(site, s.client);
    leave();
    expect(signage.connections()).toBe(0);
    signage.close();
    expect(s.isEnded()).toBe(false);
  });
});
