/** Who scanned, by name: a gate device's name and a staff member's e-mail, for lists of check-ins. */
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { gateDevices, staffAccounts } from './staff.schema.ts';

export type ScannerNames = { devices: Map<string, string>; staff: Map<number, string> };

export async function scannerNames(
  db: Database,
  deviceIds: readonly string[],
  staffIds: readonly number[],
): Promise<ScannerNames> {
  const [devices, staff] = await Promise.all([
    deviceIds.length === 0
      ? []
      : db
          .select({ id: gateDevices.id, name: gateDevices.name })
          .from(gateDevices)
          .where(inArray(gateDevices.id, [...new Set(deviceIds)])),
    staffIds.length === 0
      ? []
      : db
          .select({ id: staffAccounts.id, email: staffAccounts.email })
          .from(staffAccounts)
          .where(inArray(staffAccounts.id, [...new Set(staffIds)])),
  ]);
  return {
    devices: new Map(devices.map((d) => [d.id, d.name])),
    staff: new Map(staff.map((s) => [s.id, s.email])),
  };
}
