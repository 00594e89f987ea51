/**
 * Phone numbers from anywhere (issue 20): a Japanese number is kept as the visitor wrote it (SPEC
 * §5); a number written with its country code must exist in that country's numbering plan
 * (libphonenumber's full metadata, on the server only) and is kept in E.164 (`+14155550100`), the
 * form staff can dial and search by digits.
 */
import { isInternationalPhone } from '@storefront/domain/customer/validation';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { invalidField } from '../../http/errors.ts';

/** The number as the order keeps it; refuses an international number no country has. */
export function storedPhone(value: string): string {
  if (!isInternationalPhone(value)) return value;
  const written = value.trim().replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(written);
  if (!parsed?.isValid()) {
    throw invalidField('customer_info.phone', 'is not a phone number of its country (common_validate_phone)');
  }
  return parsed.number;
}
