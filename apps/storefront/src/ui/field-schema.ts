/**
 * SPEC §5 rules (packages/domain `customer/validation` and the whole-form validators beside it) as
 * checks of a form's zod schema, so the rules stay in the domain: the first rule that fails gives
 * the field its message, in the current language. zod/mini keeps the schemas out of every chunk
 * that has no form.
 */
import type { FieldValue, Rule, ValidationFailure } from '@storefront/domain/customer/validation';
import type { TFunction } from 'i18next';
import * as z from 'zod/mini';

/** A field checked by `rules` in order. */
export function ruledField(t: TFunction, ...rules: Rule[]) {
  return z.string().check(
    z.superRefine((value: FieldValue, ctx) => {
      for (const rule of rules) {
        const failure = rule(value);
        if (failure) {
          ctx.addIssue({ code: 'custom', message: t(failure.key, failure.values), input: value });
          return;
        }
      }
    }),
  );
}

/**
 * A check of a whole form by a domain validator that answers field → failure (fields that depend
 * on each other, or on the form's templates); each failure lands on its own field.
 */
export function formRules<Values extends object>(
  t: TFunction,
  validate: (values: Values) => Partial<Record<string, ValidationFailure | null | undefined>>,
) {
  return z.superRefine((values: Values, ctx) => {
    for (const [name, failure] of Object.entries(validate(values))) {
      if (failure) ctx.addIssue({ code: 'custom', path: [name], message: t(failure.key, failure.values), input: values });
    }
  });
}

/** A form whose values are whatever the form holds, checked as a whole by `validate`. */
export function ruledForm<Values extends object>(
  t: TFunction,
  validate: (values: Values) => Partial<Record<string, ValidationFailure | null | undefined>>,
) {
  return z.custom<Values>().check(formRules(t, validate));
}
