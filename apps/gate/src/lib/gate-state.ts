/**
 * The scanner's state and calls: how it scans (a paired device or a staff member), the offline
 * kit refreshed every minute while online, scans checked online and decided on the device when
 * the network fails, and the offline queue uploaded when it is back.
 */
import type { CheckInMode } from '@storefront/domain/api/tickets';
import type { ConsoleSession } from '@storefront/domain/console/auth';
import type {
  GateBooking,
  GateCaller,
  GateResult,
  OfflineKit,
  PairResult,
  UploadBody,
  UploadResult,
} from '@storefront/domain/console/gate';
import type { LanguageCode } from '@storefront/domain/constants';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, api, isApiError, isNetworkError } from './api.ts';
import { decideOffline, invalid } from './offline/decide.ts';
import { kitQuerySince, updatedKit } from './offline/kit-update.ts';
import { ownCheckIns, queuedScan, uploadQueue } from './offline/queue.ts';
import type { Shown } from './result-text.ts';
import { type Credentials, forgetDevice, idbQueue, readSetting, writeSetting } from './storage.ts';

/** How often the kit is fetched again while online (decision 021: every minute). */
const KIT_REFRESH_MS = 60_000;

type Phase = 'loading' | 'unpaired' | 'ready' | 'revoked';

export type GateState = {
  phase: Phase;
  credentials: Credentials | null;
  caller: GateCaller | null;
  kit: OfflineKit | null;
  kitSyncedAt: string | null;
  online: boolean;
  waiting: number;
  conflicts: number;
  /** The conflicts the last upload reported, for a notice. */
  lastUpload: { recorded: number; conflicts: number } | null;
  mode: CheckInMode;
};

const MODE_KEY = 'gate-mode';

/** What the device scans for, kept on it: entry (`gate`) or handing over set products (`set`). */
export function initialMode(storage: Pick<Storage, 'getItem'>): CheckInMode {
  return storage.getItem(MODE_KEY) === 'set' ? 'set' : 'gate';
}

const pathOf = (credentials: Credentials, rest: string) => `venues/${encodeURIComponent(credentials.venue.code)}/gate/${rest}`;
const tokenOf = (credentials: Credentials | null) => (credentials?.kind === 'device' ? credentials.token : null);
const gateOf = (credentials: Credentials) => (credentials.kind === 'device' ? credentials.device.gate : credentials.gate);

export function useGate(lang: LanguageCode) {
  const [state, setState] = useState<GateState>({
    phase: 'loading',
    credentials: null,
    caller: null,
    kit: null,
    kitSyncedAt: null,
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
    waiting: 0,
    conflicts: 0,
    lastUpload: null,
    mode: typeof localStorage === 'undefined' ? 'gate' : initialMode(localStorage),
  });
  const current = useRef(state);
  current.current = state;
  const uploading = useRef(false);
  const langRef = useRef(lang);
  langRef.current = lang;

  const patch = useCallback((next: Partial<GateState>) => {
    setState((previous) => ({ ...previous, ...next }));
  }, []);

  const countWaiting = useCallback(async () => {
    const waiting = (await idbQueue.all()).length;
    patch({ waiting });
    return waiting;
  }, [patch]);

  /** A refusal of the credentials: the device was revoked, or the staff session ended. */
  const onRefused = useCallback(
    (error: unknown) => {
      if (isApiError(error) && (error.status === 401 || error.status === 404 || error.status === 403)) {
        patch({ phase: 'revoked' });
        return true;
      }
      return false;
    },
    [patch],
  );

  const upload = useCallback(async () => {
    const { credentials } = current.current;
    if (!credentials || uploading.current) return;
    uploading.current = true;
    try {
      const send = (body: UploadBody) =>
        api<UploadResult>(pathOf(credentials, 'uploads'), { method: 'POST', body, token: tokenOf(credentials) });
      const summary = await uploadQueue(idbQueue, send);
      if (summary.sent > 0) {
        const conflicts = (current.current.conflicts ?? 0) + summary.conflicts + summary.refused;
        await writeSetting('conflicts', conflicts);
        patch({
          conflicts,
          lastUpload: { recorded: summary.recorded, conflicts: summary.conflicts + summary.refused },
          online: true,
        });
      }
    } catch (error) {
      if (isNetworkError(error)) patch({ online: false });
      else onRefused(error);
    } finally {
      uploading.current = false;
      await countWaiting();
    }
  }, [countWaiting, onRefused, patch]);

  const refreshKit = useCallback(async () => {
    const { credentials } = current.current;
    if (!credentials) return;
    try {
      const token = tokenOf(credentials);
      // The kit held for the same venue: the answer then brings only the check-ins since.
      const held = current.current.kit?.venue.code === credentials.venue.code ? current.current.kit : null;
      const since = kitQuerySince(held);
      const [caller, answer] = await Promise.all([
        api<GateCaller>(pathOf(credentials, 'me'), { token }),
        api<OfflineKit>(pathOf(credentials, 'offline-kit'), {
          token,
          query: { lang: langRef.current, ...(since ? { since } : {}) },
        }),
      ]);
      const kit = updatedKit(held, answer);
      const kitSyncedAt = new Date().toISOString();
      await Promise.all([writeSetting('caller', caller), writeSetting('kit', kit), writeSetting('kitSyncedAt', kitSyncedAt)]);
      patch({ caller, kit, kitSyncedAt, online: true, phase: 'ready' });
      if ((await countWaiting()) > 0) await upload();
    } catch (error) {
      if (isNetworkError(error)) patch({ online: false });
      else onRefused(error);
    }
  }, [countWaiting, onRefused, patch, upload]);

  // Start: what the device kept, then a fresh kit when the network allows.
  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      const [credentials, caller, kit, kitSyncedAt, conflicts] = await Promise.all([
        readSetting('credentials'),
        readSetting('caller'),
        readSetting('kit'),
        readSetting('kitSyncedAt'),
        readSetting('conflicts'),
      ]);
      if (!isCurrent) return;
      setState((previous) => ({
        ...previous,
        phase: credentials ? 'ready' : 'unpaired',
        credentials: credentials ?? null,
        caller: caller ?? null,
        kit: kit ?? null,
        kitSyncedAt: kitSyncedAt ?? null,
        conflicts: conflicts ?? 0,
      }));
      current.current = { ...current.current, credentials: credentials ?? null };
      await countWaiting();
      if (credentials) await refreshKit();
    })();
    return () => {
      isCurrent = false;
    };
  }, [countWaiting, refreshKit]);

  // Every minute while online, and as soon as the network is back.
  useEffect(() => {
    const onOnline = () => {
      patch({ online: true });
      void refreshKit();
    };
    const onOffline = () => patch({ online: false });
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    const timer = setInterval(() => {
      if (navigator.onLine && current.current.phase === 'ready') void refreshKit();
    }, KIT_REFRESH_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      clearInterval(timer);
    };
  }, [patch, refreshKit]);

  const start = useCallback(
    async (credentials: Credentials) => {
      await writeSetting('credentials', credentials);
      current.current = { ...current.current, credentials };
      patch({ credentials, phase: 'ready', conflicts: 0 });
      await refreshKit();
    },
    [patch, refreshKit],
  );

  const pair = useCallback(
    async (code: string) => {
      const result = await api<PairResult>('gate/pair', { method: 'POST', body: { code } });
      await start({ kind: 'device', token: result.token, device: result.device, venue: result.venue });
    },
    [start],
  );

  const unpair = useCallback(async () => {
    await forgetDevice();
    current.current = { ...current.current, credentials: null };
    patch({ phase: 'unpaired', credentials: null, caller: null, kit: null, kitSyncedAt: null, conflicts: 0, lastUpload: null });
  }, [patch]);

  /** Decides on the device: the kit, its check-ins and this device's own offline scans. */
  const decideHere = useCallback(
    async (code: string): Promise<Shown> => {
      const { kit, caller, credentials } = current.current;
      if (!kit || !credentials) return { kind: 'needs_network' };
      const queue = await idbQueue.all();
      const now = new Date();
      const decision = await decideOffline({
        code,
        kit,
        known: [...kit.check_ins, ...ownCheckIns(queue)],
        mode: current.current.mode,
        now,
        timeZone: caller?.venue.time_zone ?? 'UTC',
      });
      if (decision.kind === 'needs_network') return decision;
      if (decision.result.status === 'success') {
        await idbQueue.add(
          queuedScan({
            code,
            mode: current.current.mode,
            ticketIds: decision.result.admissions.map((a) => a.id),
            gate: gateOf(credentials),
            now,
          }),
        );
        await countWaiting();
      }
      return { kind: 'result', result: decision.result, offline: true };
    },
    [countWaiting],
  );

  /** One scanned code: the server's answer, or the device's own when the network fails. */
  const scan = useCallback(
    async (code: string): Promise<Shown> => {
      const { credentials } = current.current;
      if (!credentials) return { kind: 'needs_network' };
      if (navigator.onLine) {
        try {
          const result = await api<GateResult>(pathOf(credentials, 'scans'), {
            method: 'POST',
            token: tokenOf(credentials),
            body: {
              code,
              mode: current.current.mode,
              lang: langRef.current,
              ...(credentials.kind === 'staff' ? { gate: credentials.gate } : {}),
            },
          });
          if (!current.current.online) patch({ online: true });
          if (current.current.waiting > 0) void upload();
          return { kind: 'result', result, offline: false };
        } catch (error) {
          if (onRefused(error)) throw error;
          if (isApiError(error) && error.status === 400) {
            return {
              kind: 'result',
              offline: false,
              result: invalid('unreadable'),
            };
          }
          if (!isNetworkError(error)) throw error;
          patch({ online: false });
        }
      }
      return decideHere(code);
    },
    [decideHere, onRefused, patch, upload],
  );

  const findBooking = useCallback(async (number: string) => {
    const { credentials } = current.current;
    if (!credentials) throw new ApiError(401, null);
    return api<GateBooking>(pathOf(credentials, 'bookings'), {
      token: tokenOf(credentials),
      query: { number, lang: langRef.current },
    });
  }, []);

  const checkInAdmission = useCallback(
    async (admissionId: string) => {
      const { credentials } = current.current;
      if (!credentials) throw new ApiError(401, null);
      try {
        return await api<GateResult>(pathOf(credentials, 'scans'), {
          method: 'POST',
          token: tokenOf(credentials),
          body: {
            admission_id: admissionId,
            mode: current.current.mode,
            lang: langRef.current,
            ...(credentials.kind === 'staff' ? { gate: credentials.gate } : {}),
          },
        });
      } catch (error) {
        onRefused(error);
        throw error;
      }
    },
    [onRefused],
  );

  const setMode = useCallback(
    (mode: CheckInMode) => {
      localStorage.setItem(MODE_KEY, mode);
      current.current = { ...current.current, mode };
      patch({ mode });
    },
    [patch],
  );

  const actions = useMemo(
    () => ({ pair, start, unpair, scan, findBooking, checkInAdmission, refreshKit, upload, setMode }),
    [pair, start, unpair, scan, findBooking, checkInAdmission, refreshKit, upload, setMode],
  );
  return { state, actions };
}

/** The signed-in staff member's venues where they may scan; null when nobody is signed in. */
export async function staffScanning(): Promise<{ email: string; venues: { code: string; name: string }[] } | null> {
  try {
    const session = await api<ConsoleSession>('session');
    if (session.stage !== 'signed_in') return null;
    return {
      email: session.staff.email,
      venues: session.venues.filter((v) => v.rights.includes('checkin:scan')).map((v) => ({ code: v.code, name: v.name })),
    };
  } catch {
    return null;
  }
}
