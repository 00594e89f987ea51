/** A staff member's own account (`/console/api/v1/account/...`): sessions, password, TOTP, recovery codes, passkeys. */
import { z } from 'zod';
import { InputText } from '../api/common.ts';
import { GivenPassword, NewPassword, PasskeyResponse, TotpCode } from './auth.ts';

export const AccountSession = z.object({
  /** A public handle of the session, not its secret. */
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  user_agent: z.string().nullable(),
  client_ip: z.string().nullable(),
  is_current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;
export const AccountSessions = z.object({ sessions: z.array(AccountSession) });

export const SessionIdParams = z.object({
  id: InputText.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be a session id' }),
});

export const ChangePasswordBody = z.object({ current_password: GivenPassword, new_password: NewPassword });

/** The secret to enrol and the otpauth:// address the console draws as a QR code. */
export const TotpEnrolment = z.object({ secret: z.string(), uri: z.string() });
export type TotpEnrolment = z.infer<typeof TotpEnrolment>;

export const ConfirmTotpBody = z.object({ code: TotpCode });

/** Shown once: only their hashes are kept. */
export const RecoveryCodes = z.object({ codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/** Turning off a factor needs the password again. */
export const PasswordConfirmationBody = z.object({ password: GivenPassword });

export const Passkey = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof Passkey>;
export const Passkeys = z.object({ passkeys: z.array(Passkey) });

export const RegisterPasskeyBody = z.object({
  challenge_id: InputText.max(64),
  name: InputText.trim().min(1, { error: 'is required' }).max(60, { error: 'must be at most 60 characters' }),
  response: PasskeyResponse,
});
