/**
 * Demo mode's staff, so that a newcomer can try the console at once: an owner with an
 * authenticator app already set up (its secret is printed at start, to add to an app or to compute
 * codes from), a gate attendant who may only scan, and a read-only member. Never in production.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { SYSTEM_ACTOR } from '../audit/record-audit.ts';
import { createStaffAccount } from './manage-staff.ts';
import { findStaffByEmail } from './staff.repository.ts';
import { staffAccounts } from './staff.schema.ts';
import { SYSTEM_MANAGER } from './staff-reach.ts';
import { createTeam } from './teams.ts';
import { newTotpSecret } from './totp.ts';

export const DEMO_STAFF_PASSWORD = 'demo console password';
export const DEMO_STAFF = {
  owner: { email: 'owner@demo.storefront.test', name: 'Demo Owner' },
  gate: { email: 'gate@demo.storefront.test', name: 'Demo Gate' },
  viewer: { email: 'viewer@demo.storefront.test', name: 'Demo Viewer' },
} as const;

export type DemoStaff = { password: string; ownerTotpSecret: string; emails: string[] };

/** Creates the demo staff if the owner is not there yet; answers what to print either way. */
export async function seedDemoStaff(db: Database): Promise<DemoStaff> {
  const existing = await findStaffByEmail(db, DEMO_STAFF.owner.email);
  const emails = Object.values(DEMO_STAFF).map((s) => s.email);
  if (existing) return { password: DEMO_STAFF_PASSWORD, ownerTotpSecret: existing.totpSecret ?? '', emails };
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  const secret = newTotpSecret();
  const gateTeam = await createTeam(db, SYSTEM_MANAGER, [], {
    name: 'Gate',
    all_venues: true,
    venue_ids: [],
    rights: ['checkin:scan'],
    requires_two_factor: false,
  });
  const readTeam = await createTeam(db, SYSTEM_MANAGER, [], {
    name: 'Read only',
    all_venues: true,
    venue_ids: [],
    rights: ['catalogue:read', 'orders:read', 'reports:read'],
    requires_two_factor: false,
  });
  const owner = await createStaffAccount(db, SYSTEM_ACTOR, { ...DEMO_STAFF.owner, language: 'en', passwordHash, isOwner: true });
  await db.update(staffAccounts).set({ totpSecret: secret }).where(eq(staffAccounts.id, owner.id));
  await createStaffAccount(db, SYSTEM_ACTOR, {
    ...DEMO_STAFF.gate,
    language: 'ja',
    passwordHash,
    isOwner: false,
    teamIds: [gateTeam.id],
  });
  await createStaffAccount(db, SYSTEM_ACTOR, {
    ...DEMO_STAFF.viewer,
    language: 'en',
    passwordHash,
    isOwner: false,
    teamIds: [readTeam.id],
  });
  return { password: DEMO_STAFF_PASSWORD, ownerTotpSecret: secret, emails };
}
