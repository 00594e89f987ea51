/** Contracts of membership login (SPEC §6, §7) on sites that enable it. */
import { z } from 'zod';
import { InputText } from './common.ts';

export const MembershipLoginBody = z.object({
  email: InputText.trim().min(1, { error: 'must not be empty' }).max(254),
  password: InputText.min(1, { error: 'must not be empty' }).max(200),
});

/** Membership info of SPEC §3. */
export const MembershipInfo = z.object({
  name: z.string(),
  residentArea: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  age: z.string().nullable(),
  gender: z.string().nullable(),
});
export type MembershipInfo = z.infer<typeof MembershipInfo>;

export const MembershipLoginResult = z.object({ result: z.boolean(), membership: MembershipInfo });
