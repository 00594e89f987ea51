/**
 * The venue's gate devices (`/console/api/v1/venues/:venue/gate-devices`, right `settings:write`):
 * the list, a new device with its pairing code, a new code for a device (its old token stops
 * working) and revoking one (decision 021).
 */
import type { GateDevice, GateDeviceBody, GateDeviceList, GateDevicePairing } from '@storefront/domain/console/gate';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';

const base = (venue: string) => `venues/${encodeURIComponent(venue)}/gate-devices`;

const gateDeviceKeys = {
  all: (venue: string) => ['gate-devices', venue] as const,
};

export const gateDeviceQueries = {
  list: (venue: string) =>
    queryOptions({
      queryKey: gateDeviceKeys.all(venue),
      queryFn: () => api.get<GateDeviceList>(base(venue)),
    }),
};

const gateDevicesApi = {
  create: (venue: string, body: GateDeviceBody) => api.post<GateDevicePairing>(base(venue), body),
  pairAgain: (venue: string, device: string) =>
    api.post<GateDevicePairing>(`${base(venue)}/${encodeURIComponent(device)}/pairing`, {}),
  revoke: (venue: string, device: string) => api.post<GateDevice>(`${base(venue)}/${encodeURIComponent(device)}/revoke`, {}),
};

const invalidateGateDevices = (client: QueryClient, venue: string) =>
  client.invalidateQueries({ queryKey: gateDeviceKeys.all(venue) });

/** A new device, answered with its pairing code. */
export function useCreateGateDevice(venue: string, reactions: MutationReactions<GateDevicePairing, GateDeviceBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: GateDeviceBody) => gateDevicesApi.create(venue, body),
    onSuccess: (...done) => {
      void invalidateGateDevices(queryClient, venue);
      return reactions.onSuccess?.(...done);
    },
  });
}

/** A new pairing code for a device (its old token stops working), or revoking it. */
export type GateDeviceAction = { kind: 'pair' | 'revoke'; device: GateDevice };

export function useGateDeviceAction(
  venue: string,
  reactions: MutationReactions<GateDevicePairing | GateDevice, GateDeviceAction> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: async (chosen: GateDeviceAction) =>
      chosen.kind === 'pair' ? gateDevicesApi.pairAgain(venue, chosen.device.id) : gateDevicesApi.revoke(venue, chosen.device.id),
    onSuccess: (...done) => {
      void invalidateGateDevices(queryClient, venue);
      return reactions.onSuccess?.(...done);
    },
  });
}
