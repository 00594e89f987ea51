/**
 * Where a refusal lands in a form: the server names the field by its path in the request
 * (`theme.primary`, `tag_manager_ids.0`, `texts.order_low_stock`); the form shows it by the
 * nearest field it has.
 */
import type { TFunction } from 'i18next';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../lib/api/client.ts';

/** The longest of `fields` that `path` is or lies inside, or null. */
export function nearestField(path: string, fields: readonly string[]): string | null {
  let best: string | null = null;
  for (const field of fields) {
    if ((path === field || path.startsWith(`${field}.`)) && (best === null || field.length > best.length)) best = field;
  }
  return best;
}

/**
 * Puts a 400 or 409 that names a field of the form on that field, with `conflictText` for a
 * conflict. Answers whether it was placed; the caller shows anything else.
 */
export function placeServerError<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly string[],
  t: TFunction,
  conflictText?: string,
): boolean {
  if (!isApiError(error) || (error.status !== 400 && error.status !== 409) || !error.field) return false;
  const field = nearestField(error.field, fields);
  if (!field) return false;
  const message = error.status === 409 && conflictText ? conflictText : t('validation.rejected');
  setError(field as Parameters<UseFormSetError<Values>>[0], { type: 'server', message });
  return true;
}
