/** Staff and teams (`/console/api/v1/staff`, `/teams`, `/invitations`, `/password-resets`), right `staff:manage`. */
import { z } from 'zod';
import { Id, InputText, Lang, PositiveId } from '../api/common.ts';
import { Email, NewPassword } from './auth.ts';
import { RIGHTS } from './rights.ts';

export const STAFF_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

const Name = InputText.trim().min(1, { error: 'is required' }).max(100, { error: 'must be at most 100 characters' });

export const StaffMember = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  language: Lang,
  is_owner: z.boolean(),
  status: z.enum(STAFF_STATUSES),
  team_ids: z.array(z.number()),
  has_two_factor: z.boolean(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof StaffMember>;
export const StaffList = z.object({ staff: z.array(StaffMember) });

const TeamIds = z.array(PositiveId).max(100, { error: 'must list at most 100 teams' });

export const InviteStaffBody = z.object({
  email: Email,
  name: Name,
  language: Lang.default('ja'),
  team_ids: TeamIds.min(1, { error: 'must name at least one team' }),
});
export type InviteStaffBody = z.infer<typeof InviteStaffBody>;

export const UpdateStaffBody = z.object({ name: Name.optional(), team_ids: TeamIds.min(1).optional() });

export const Team = z.object({
  id: z.number(),
  name: z.string(),
  all_venues: z.boolean(),
  venue_ids: z.array(z.number()),
  rights: z.array(z.enum(RIGHTS)),
  requires_two_factor: z.boolean(),
  member_ids: z.array(z.number()),
});
export type Team = z.infer<typeof Team>;
export const Teams = z.object({ teams: z.array(Team) });

export const TeamBody = z.object({
  name: Name,
  all_venues: z.boolean(),
  venue_ids: z.array(PositiveId).max(1000),
  rights: z.array(z.enum(RIGHTS, { error: `must be one of ${RIGHTS.join(', ')}` })).max(RIGHTS.length),
  requires_two_factor: z.boolean(),
});
export type TeamBody = z.infer<typeof TeamBody>;

export const IdParams = z.object({ id: Id });

/** A single-use link's secret, as it arrives from the address a mail gave. */
export const LinkToken = InputText.regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'must be the code from the link' });

export const InvitationInfo = z.object({ email: z.string(), name: z.string(), language: Lang });
export const AcceptInvitationBody = z.object({ token: LinkToken, password: NewPassword });

export const PasswordResetRequestBody = z.object({ email: Email });
export const CompletePasswordResetBody = z.object({ token: LinkToken, password: NewPassword });
