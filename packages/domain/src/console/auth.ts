/**
 * Staff sign-in and the console session (`/console/api/v1/session`, `/sign-in/...`). Sign-in is a
 * password then a second factor (TOTP, a recovery code or a passkey), or a passkey alone, which
 * proves both. A session is at one stage: waiting for the second factor, waiting for the staff
 * member to enrol one (their team or ownership requires it), or signed in.
 */
import { z } from 'zod';
import { InputText, Lang } from '../api/common.ts';
import { RIGHTS } from './rights.ts';

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

export const Email = InputText.trim()
  .toLowerCase()
  .max(254, { error: 'must be at most 254 characters' })
  .pipe(z.email({ error: 'must be an e-mail address' }));

/** A new password: long rather than clever (NIST SP 800-63B). */
export const NewPassword = InputText.min(MIN_PASSWORD_LENGTH, {
  error: `must be at least ${MIN_PASSWORD_LENGTH} characters`,
}).max(MAX_PASSWORD_LENGTH, { error: `must be at most ${MAX_PASSWORD_LENGTH} characters` });

/** A password as typed at sign-in: checked against the stored hash, never against rules. */
export const GivenPassword = InputText.min(1, { error: 'is required' }).max(MAX_PASSWORD_LENGTH, {
  error: `must be at most ${MAX_PASSWORD_LENGTH} characters`,
});

export const SECOND_FACTORS = ['totp', 'recovery_code', 'passkey'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

export const SESSION_STAGES = ['second_factor', 'enrolment', 'signed_in'] as const;
export type SessionStage = (typeof SESSION_STAGES)[number];

export const PasswordSignInBody = z.object({ email: Email, password: GivenPassword });
export type PasswordSignInBody = z.infer<typeof PasswordSignInBody>;

/** Six digits from the authenticator app; spaces are ignored. */
export const TotpCode = InputText.transform((code) => code.replaceAll(/\s/g, '')).pipe(
  z.string().regex(/^\d{6}$/, { error: 'must be the 6 digits the authenticator app shows' }),
);
export const TotpBody = z.object({ code: TotpCode });

export const RecoveryCodeBody = z.object({
  code: InputText.min(1, { error: 'is required' }).max(40, { error: 'must be at most 40 characters' }),
});

/** A WebAuthn ceremony's options (the JSON `@simplewebauthn/browser` takes), with the id of its stored challenge. */
export const PasskeyOptionsAnswer = z.object({
  challenge_id: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyOptionsAnswer = z.infer<typeof PasskeyOptionsAnswer>;

/** Binary data as WebAuthn's JSON writes it: base64url. */
const Base64Url = InputText.max(16_384, { error: 'must be at most 16384 characters' }).regex(/^[A-Za-z0-9_-]*$/, {
  error: 'must be base64url',
});

/**
 * What `@simplewebauthn/browser` answers to a registration or a sign-in, passed on to the server's
 * verification: only the fields WebAuthn defines, each checked for shape.
 */
export const PasskeyResponse = z.object({
  id: Base64Url.min(1, { error: 'is required' }).max(1024),
  rawId: Base64Url.min(1, { error: 'is required' }).max(1024),
  type: z.literal('public-key', { error: 'must be public-key' }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(InputText.max(64), z.unknown()).default({}),
  response: z.object({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url.optional(),
    authenticatorData: Base64Url.optional(),
    signature: Base64Url.optional(),
    userHandle: Base64Url.optional(),
    publicKey: Base64Url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    transports: z.array(InputText.max(32)).max(10).optional(),
  }),
});

export const PasskeySignInBody = z.object({
  challenge_id: InputText.max(64),
  response: PasskeyResponse,
});

export const ConsoleVenue = z.object({
  id: z.number(),
  code: z.string(),
  variant: z.string(),
  name: z.string(),
  /** The rights the staff member holds at this venue (implied ones included). */
  rights: z.array(z.enum(RIGHTS)),
});
export type ConsoleVenue = z.infer<typeof ConsoleVenue>;

export const ConsoleStaff = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  language: Lang,
  is_owner: z.boolean(),
  has_totp: z.boolean(),
  passkey_count: z.number(),
  recovery_codes_left: z.number(),
  /** Whether a team of theirs (or ownership) requires two factors. */
  requires_two_factor: z.boolean(),
});
export type ConsoleStaff = z.infer<typeof ConsoleStaff>;

/** `GET session` and every sign-in step's answer. */
export const ConsoleSession = z.object({
  stage: z.enum(SESSION_STAGES),
  /** At the second-factor stage: what this staff member can answer with. */
  second_factors: z.array(z.enum(SECOND_FACTORS)),
  staff: ConsoleStaff,
  /** Venues the staff member holds any right at; empty before the session is signed in. */
  venues: z.array(ConsoleVenue),
  /** Rights held at every venue, organisation-wide (staff, teams, venues, the whole audit log). */
  organisation_rights: z.array(z.enum(RIGHTS)),
  idle_expires_at: z.string(),
  expires_at: z.string(),
});
export type ConsoleSession = z.infer<typeof ConsoleSession>;
