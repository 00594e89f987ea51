/**
 * Forms validate with the domain's contracts (`packages/domain/src/console`), so the rules are
 * written once. The contracts' messages are English prose for API clients; the console shows its
 * own text for each kind of issue, in the current language, chosen by the issue's code.
 */
import { toNestErrors } from '@hookform/resolvers';
import type { TFunction } from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from './api/client.ts';

/** The console's text for an issue: `messages` names a field's own text (a code's format, say). */
export function issueMessage(issue: z.core.$ZodIssue, t: TFunction, messages: Record<string, string> = {}): string {
  // A message for `options.*.name` serves every row's `options.<n>.name`.
  const path = issue.path.join('.');
  const own = messages[path] ?? messages[path.replace(/\.\d+(?=\.|$)/g, '.*')];
  if (own && (issue.code === 'invalid_format' || issue.code === 'custom')) return t(own);
  switch (issue.code) {
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'array') return t('validation.chooseAtLeast', { count: minimum });
      return minimum <= 1 ? t('validation.required') : t('validation.tooShort', { count: minimum });
    }
    case 'too_big':
      return issue.origin === 'array'
        ? t('validation.chooseAtMost', { count: Number(issue.maximum) })
        : t('validation.tooLong', { count: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? t('validation.email') : t(own ?? 'validation.format');
    case 'invalid_type':
      return t('validation.required');
    default:
      return t('validation.format');
  }
}

export function contractResolver<Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema,
  t: TFunction,
  messages: Record<string, string> = {},
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (errors[path]) continue;
      errors[path] = { type: issue.code, message: issueMessage(issue, t, messages) };
    }
    return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
  };
}

/**
 * A 400 that names a field lands on that field, when the form has it; the caller shows anything
 * else. Answers whether it was placed.
 */
export function placeFieldError<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly string[],
  t: TFunction,
): boolean {
  if (!isApiError(error) || error.status !== 400 || !error.field) return false;
  if (!fields.includes(error.field)) return false;
  setError(error.field as Parameters<UseFormSetError<Values>>[0], { type: 'server', message: t('validation.rejected') });
  return true;
}

/** A list screen's filters as its address's query: the ones given, the empty ones left out. */
export function searchOfFilters(filters: Readonly<Record<string, string>>): URLSearchParams {
  const next = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) next.set(key, value);
  return next;
}

/** A list screen's filters from its address's query: each named value as text, empty when not set. */
export function filtersOfSearch<Name extends string>(search: URLSearchParams, names: readonly Name[]): Record<Name, string> {
  return Object.fromEntries(names.map((name) => [name, search.get(name) ?? ''])) as Record<Name, string>;
}
