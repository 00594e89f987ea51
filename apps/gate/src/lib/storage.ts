/**
 * What the device keeps in IndexedDB: how it scans (a paired device's token, or a staff member's
 * chosen venue and gate), who it is at which venue (for the venue's time zone offline), the
 * offline kit, and the queue of scans admitted offline.
 */
import type { GateCaller, OfflineKit, PairResult } from '@storefront/domain/console/gate';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { QueuedScan, QueueStore } from './offline/queue.ts';

/** How this device scans: as a paired device, or as the signed-in staff member at a chosen gate. */
export type Credentials =
  | { kind: 'device'; token: string; device: PairResult['device']; venue: PairResult['venue'] }
  | { kind: 'staff'; venue: { code: string; name: string }; gate: string };

export type Settings = {
  credentials: Credentials;
  caller: GateCaller;
  kit: OfflineKit;
  /** When the kit was last fetched (ISO). */
  kitSyncedAt: string;
  /** Offline scans the server reported as conflicts since pairing. */
  conflicts: number;
};

interface GateDb extends DBSchema {
  settings: { key: string; value: unknown };
  queue: { key: string; value: QueuedScan };
}

let opened: Promise<IDBPDatabase<GateDb>> | null = null;

function db(): Promise<IDBPDatabase<GateDb>> {
  opened ??= openDB<GateDb>('storefront-gate', 1, {
    upgrade(database) {
      database.createObjectStore('settings');
      database.createObjectStore('queue', { keyPath: 'nonce' });
    },
  });
  return opened;
}

export async function readSetting<K extends keyof Settings>(key: K): Promise<Settings[K] | undefined> {
  return (await (await db()).get('settings', key)) as Settings[K] | undefined;
}

export async function writeSetting<K extends keyof Settings>(key: K, value: Settings[K]): Promise<void> {
  await (await db()).put('settings', value, key);
}

/** Forgets the pairing and everything learnt with it; scans still waiting to go up are kept. */
export async function forgetDevice(): Promise<void> {
  const database = await db();
  const tx = database.transaction('settings', 'readwrite');
  for (const key of ['credentials', 'caller', 'kit', 'kitSyncedAt', 'conflicts'] as const) await tx.store.delete(key);
  await tx.done;
}

export const idbQueue: QueueStore = {
  all: async () => (await db()).getAll('queue'),
  add: async (scan) => {
    await (await db()).put('queue', scan);
  },
  remove: async (nonces) => {
    const tx = (await db()).transaction('queue', 'readwrite');
    for (const nonce of nonces) await tx.store.delete(nonce);
    await tx.done;
  },
};
