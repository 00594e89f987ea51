/**
 * In-flight API requests for the loader (SPEC §4): GET requests are counted apart from the rest,
 * and the last error response is kept.
 */
import { createExternalStore } from '../../ui/external-store.ts';

export type Activity = { gets: number; others: number; lastErrorResponse: unknown };

export const activity = createExternalStore<Activity>({ gets: 0, others: 0, lastErrorResponse: null });

export function requestStarted(method: string): () => void {
  const field = method === 'GET' ? 'gets' : 'others';
  activity.set((a) => ({ ...a, [field]: a[field] + 1 }));
  let done = false;
  return () => {
    if (done) return;
    done = true;
    activity.set((a) => ({ ...a, [field]: a[field] - 1 }));
  };
}

export function keepErrorResponse(body: unknown): void {
  activity.set((a) => ({ ...a, lastErrorResponse: body }));
}

export const isBusy = (a: Activity) => a.gets + a.others > 0;
