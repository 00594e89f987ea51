/**
 * Scans admitted without the network wait in a queue on the device, each with its own nonce, and
 * go up in batches when the network is back (`POST …/gate/uploads`). The server answers every
 * nonce once (a nonce sent again gets its first answer), so a batch whose answer was lost is
 * simply sent again. What the server acknowledged leaves the queue; conflicts are counted for the
 * attendant. The storage is the caller's (IndexedDB in the app, memory in tests).
 */
import type { CheckInMode } from '@storefront/domain/api/tickets';
import type { UploadBody, UploadResult } from '@storefront/domain/console/gate';
import { MAX_UPLOAD_SCANS } from '../contract.ts';
import type { KnownCheckIn } from './decide.ts';

export type QueuedScan = {
  nonce: string;
  code: string;
  mode: CheckInMode;
  scanned_at: string;
  /** The admissions it admitted, so the device counts them as used until the kit says so. */
  ticket_ids: string[];
  gate: string;
};

export interface QueueStore {
  all(): Promise<QueuedScan[]>;
  add(scan: QueuedScan): Promise<void>;
  remove(nonces: readonly string[]): Promise<void>;
}

/** A scan admitted offline, ready to queue. */
export function queuedScan(input: {
  code: string;
  mode: CheckInMode;
  ticketIds: readonly string[];
  gate: string;
  now: Date;
  nonce?: string;
}): QueuedScan {
  return {
    nonce: input.nonce ?? crypto.randomUUID(),
    code: input.code.trim(),
    mode: input.mode,
    scanned_at: input.now.toISOString(),
    ticket_ids: [...input.ticketIds],
    gate: input.gate,
  };
}

/** The device's own offline admissions, as check-ins the offline decision counts. */
export function ownCheckIns(queue: readonly QueuedScan[]): KnownCheckIn[] {
  return queue.flatMap((scan) =>
    scan.ticket_ids.map((id) => ({ ticket_id: id, mode: scan.mode, at: scan.scanned_at, gate: scan.gate })),
  );
}

export type UploadSummary = { sent: number; recorded: number; conflicts: number; refused: number; left: number };

/**
 * Uploads the queue in batches, oldest first. Stops at the first batch that fails (the network
 * dropped again): what went up is out of the queue, the rest waits for the next try.
 */
export async function uploadQueue(
  store: QueueStore,
  send: (body: UploadBody) => Promise<UploadResult>,
  batchSize = MAX_UPLOAD_SCANS,
): Promise<UploadSummary> {
  const queue = (await store.all()).sort((a, b) => a.scanned_at.localeCompare(b.scanned_at));
  const summary: UploadSummary = { sent: 0, recorded: 0, conflicts: 0, refused: 0, left: queue.length };
  for (let start = 0; start < queue.length; start += batchSize) {
    const batch = queue.slice(start, start + batchSize);
    const answer = await send({
      scans: batch.map((scan) => ({ nonce: scan.nonce, code: scan.code, mode: scan.mode, scanned_at: scan.scanned_at })),
    });
    const sentNonces = new Set(batch.map((scan) => scan.nonce));
    const acknowledged = answer.results.filter((result) => sentNonces.has(result.nonce));
    await store.remove(acknowledged.map((result) => result.nonce));
    summary.sent += acknowledged.length;
    summary.left -= acknowledged.length;
    for (const result of acknowledged) {
      // A replayed nonce's first answer was counted when it came (or was lost with its batch):
      // count it now only when this device never heard it, which is every time it is still queued.
      if (result.outcome === 'recorded') summary.recorded += 1;
      else if (result.outcome === 'conflict') summary.conflicts += 1;
      else summary.refused += 1;
    }
  }
  return summary;
}

/** A queue in memory (tests, and a browser without IndexedDB). */
export function memoryQueue(initial: QueuedScan[] = []): QueueStore & { items: QueuedScan[] } {
  const state = { items: [...initial] };
  return {
    get items() {
      return state.items;
    },
    all: async () => [...state.items],
    add: async (scan) => {
      state.items.push(scan);
    },
    remove: async (nonces) => {
      const gone = new Set(nonces);
      state.items = state.items.filter((scan) => !gone.has(scan.nonce));
    },
  };
}
