/** The `ConsoleSession` answer: who is signed in, at which stage, and what they may do where. */

import type { ConsoleSession, SecondFactor } from '@storefront/domain/console/auth';
import type { LanguageCode } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import type { Database } from '../../db/client.ts';
import type { Site } from '../sites/site.ts';
import { type StaffAccount, secondFactorsOf, teamGrantsOf } from './staff.repository.ts';
import { accessOf, listed, rightsAt, type StaffAccess, seesVenue } from './staff-access.ts';
import { IDLE_TIMEOUT_MINUTES, type StaffSession } from './staff-sessions.ts';

export async function describeSession(
  db: Database,
  sites: Site[],
  account: StaffAccount,
  session: StaffSession,
  known?: StaffAccess,
): Promise<ConsoleSession> {
  const access = known ?? accessOf(account.isOwner, await teamGrantsOf(db, account.id));
  const factors = await secondFactorsOf(db, account);
  const secondFactors: SecondFactor[] = [
    ...(factors.hasTotp ? (['totp'] as const) : []),
    ...(factors.recoveryCodesLeft > 0 ? (['recovery_code'] as const) : []),
    ...(factors.passkeys > 0 ? (['passkey'] as const) : []),
  ];
  const isSignedIn = session.stage === 'signed_in';
  const idleExpiry = new Date(session.lastSeenAt.getTime() + IDLE_TIMEOUT_MINUTES * 60_000);
  return {
    stage: session.stage,
    second_factors: session.stage === 'second_factor' ? secondFactors : [],
    staff: {
      id: account.id,
      email: account.email,
      name: account.name,
      language: account.language as LanguageCode,
      is_owner: account.isOwner,
      has_totp: factors.hasTotp,
      passkey_count: factors.passkeys,
      recovery_codes_left: factors.recoveryCodesLeft,
      requires_two_factor: access.requiresTwoFactor,
    },
    venues: isSignedIn
      ? sites
          .filter((site) => seesVenue(access, site.id))
          .map((site) => ({
            id: site.id,
            code: site.code,
            variant: site.variant,
            name: localize(site.venue.name, account.language),
            rights: listed(rightsAt(access, site.id)),
          }))
      : [],
    organisation_rights: isSignedIn ? listed(access.everywhere) : [],
    idle_expires_at: (idleExpiry < session.expiresAt ? idleExpiry : session.expiresAt).toISOString(),
    expires_at: session.expiresAt.toISOString(),
  };
}
