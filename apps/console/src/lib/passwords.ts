/** A new password typed twice: the domain's rule for the first, the second must match it. */
import { NewPassword } from '@storefront/domain/console/auth';
import { z } from 'zod';

export const NewPasswordForm = z
  .object({ password: NewPassword, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { path: ['confirm'], error: 'must match' });
export type NewPasswordForm = z.input<typeof NewPasswordForm>;

/** The form's own texts for its issues (see `contractResolver`). */
export const NEW_PASSWORD_MESSAGES = { confirm: 'validation.passwordsDiffer' };

/** A single-use link's secret travels in the address's fragment, so it never reaches a log or a Referer. */
export function linkToken(hash: string): string | null {
  const token = hash.replace(/^#/, '').trim();
  return /^[A-Za-z0-9_-]{16,64}$/.test(token) ? token : null;
}
