/**
 * Membership login on sites that enable it: a member signs in during the purchase, their details
 * fill the sign-in form and the site's membership promotion applies to the order.
 */
import type { MembershipInfo } from '@storefront/domain/api/membership';
import type { Database } from '../../db/client.ts';
import { specError } from '../../http/errors.ts';
import { enforceRateLimits } from '../../http/rate-limit.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Site } from '../sites/site.ts';
import * as repo from './membership.repository.ts';

/** Compared against when the e-mail is unknown, so both failures take the same time. */
const UNKNOWN_MEMBER_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

function infoOf(member: repo.MemberRow): MembershipInfo {
  return {
    name: member.name,
    residentArea: member.residentArea,
    email: member.email,
    phone: member.phone,
    age: member.age,
    gender: member.gender,
  };
}

/** What membership asks of the order in progress (the orders service, given by this module's plugin). */
export type MemberOrders = {
  /** Makes the signed-in member the order's, so its price takes the promotion. */
  attachMember(site: Site, orderToken: string, memberId: number): Promise<unknown>;
  /** The member the order belongs to; null when none signed in. */
  memberOf(site: Site, orderToken: string): Promise<number | null>;
};

export function createMembershipService(db: Database, orders: MemberOrders) {
  return {
    async login(site: Site, orderToken: string, credentials: { email: string; password: string }, clientIp: string) {
      if (!site.hasMembershipLogin) throw specError('record not found', { message: 'this site has no membership login' });
      await enforceRateLimits(db, [
        { key: `member-login:ip:${clientIp}`, max: 30, windowSeconds: 900 },
        { key: `member-login:email:${site.id}:${credentials.email.toLowerCase()}`, max: 10, windowSeconds: 900 },
      ]);
      const member = await repo.findMemberByEmail(db, site.id, credentials.email);
      const isValid = await verifyPassword(credentials.password, member?.passwordHash ?? UNKNOWN_MEMBER_HASH);
      if (!member || !isValid) throw specError('membership login failed');
      await orders.attachMember(site, orderToken, member.id);
      return { result: true, membership: infoOf(member) };
    },

    async info(site: Site, orderToken: string): Promise<MembershipInfo> {
      const memberId = await orders.memberOf(site, orderToken);
      const member = memberId === null ? null : await repo.findMember(db, site.id, memberId);
      if (!member) throw specError('membership retrieval failure');
      return infoOf(member);
    },
  };
}
