import { describe, expect, it } from 'vitest';
import { createMicroCache } from './micro-cache.ts';

const later = <T>(value: T, ms = 30) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
const text = (buffer: Buffer) => buffer.toString('utf8');

describe('micro-cache', () => {
  it('shares one load between concurrent misses and serves the bytes until cleared', async () => {
    const cache = createMicroCache({ ttlMs: 10_000, max: 10 });
    let loads = 0;
    const load = () => {
      loads++;
      return later({ n: loads });
    };
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([text(a), text(b)]).toEqual(['{"n":1}', '{"n":1}']);
    expect(text(await cache.get('k', load))).toBe('{"n":1}');
    cache.clear();
    expect(text(await cache.get('k', load))).toBe('{"n":2}');
  });

  it('answers requests whose load a clear() interrupted, and keeps nothing loaded before the clear', async () => {
    const cache = createMicroCache({ ttlMs: 10_000, max: 10 });
    let loads = 0;
    const load = () => {
      loads++;
      return later({ n: loads });
    };
    const first = cache.get('k', load);
    const joined = cache.get('k', load);
    setTimeout(() => cache.clear(), 5);
    expect(text(await first)).toBe('{"n":1}');
    // The joined request loads on its own rather than fail.
    expect(JSON.parse(text(await joined)).n).toBeGreaterThanOrEqual(1);
    const afterClear = loads;
    expect(JSON.parse(text(await cache.get('k', load))).n).toBe(afterClear + 1);
  });

  it('passes a load’s own error to its caller, and caches nothing for it', async () => {
    const cache = createMicroCache({ ttlMs: 10_000, max: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('no such product')))).rejects.toThrow('no such product');
    expect(text(await cache.get('k', () => later({ ok: true })))).toBe('{"ok":true}');
  });
});
