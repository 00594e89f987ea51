/**
 * SPEC §5 rules (packages/domain `customer/validation`) as a react-hook-form `validate`: the first
 * rule that fails gives the field its message, in the current language.
 */
import type { FieldValue, Rule } from '@storefront/domain/customer/validation';
import type { TFunction } from 'i18next';

export function validateWith(t: TFunction, ...rules: Rule[]) {
  return (value: FieldValue): string | true => {
    for (const rule of rules) {
      const failure = rule(value);
      if (failure) return t(failure.key, failure.values);
    }
    return true;
  };
}
