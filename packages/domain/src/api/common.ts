import { z } from 'zod';
import { LANGUAGE_CODES, SALES_CHANNELS } from '../constants.ts';
import { isIsoDate } from '../dates.ts';
import { PAYMENT_FAILURE_REASONS, PAYMENT_RETRY_REASONS, SELF_CANCEL_REFUSALS } from '../errors/catalogue.ts';

/**
 * Every string a client sends starts here. PostgreSQL cannot store NUL (U+0000) in text or jsonb,
 * nor half of a surrogate pair in jsonb, and no field of the shop has a use for either: they are
 * refused with the field's name, never stored.
 */
export const InputText = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the one character this refuses.
  .regex(/^[^\u0000]*$/, { error: 'must not contain a NUL character' })
  .regex(/^[^\ud800-\udfff]*$/u, { error: 'must be valid Unicode text' });

/** The largest id and count a column of the shop holds (PostgreSQL integer). */
export const MAX_INT4 = 2_147_483_647;

/** A positive integer id in a JSON body. */
export const PositiveId = z
  .number({ error: 'must be an id' })
  .int({ error: 'must be an id' })
  .positive({ error: 'must be an id' })
  .max(MAX_INT4, { error: 'must be an id' });

export const Lang = z.enum(LANGUAGE_CODES, { error: `must be one of ${LANGUAGE_CODES.join(', ')}` });
export const LangQuery = z.object({ lang: Lang.default('ja') });

/**
 * An export's headings: `words` in the console's language (the default), or `keys`, the machine
 * keys a program reading the file keeps to whatever the language.
 */
export const EXPORT_HEADINGS = ['words', 'keys'] as const;
export type ExportHeadings = (typeof EXPORT_HEADINGS)[number];
export const ExportHeadingsParam = z.enum(EXPORT_HEADINGS, { error: `must be one of ${EXPORT_HEADINGS.join(', ')}` });

export const IsoDate = InputText.refine(isIsoDate, { error: 'must be a calendar date written yyyy-MM-dd' });

export const Uuid = z.uuid({ error: 'must be a UUID' });

/** A positive integer id as written in a query string: digits only ("1e3" and "1.0" are not ids). */
export const Id = InputText.regex(/^[1-9]\d{0,9}$/, { error: 'must be a positive integer' })
  .transform(Number)
  .pipe(z.number().max(MAX_INT4, { error: 'must be a positive integer' }));

export const Channel = z.enum(SALES_CHANNELS, { error: `must be one of ${SALES_CHANNELS.join(', ')}` });

/** A comma-separated list of ids, e.g. "12,13,14". */
export function idList(max: number) {
  return InputText.regex(/^\d+(,\d+)*$/, { error: 'must be a comma-separated list of ids' })
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .pipe(
      z
        .array(z.number().int().positive({ error: 'must list positive ids' }).max(MAX_INT4, { error: 'must list valid ids' }))
        .max(max, { error: `must list at most ${max} ids` }),
    );
}

/** The error body of SPEC §7. `field` and `message` say what was wrong with a bad request. */
export const ErrorBody = z.object({
  error: z.string(),
  can_retry: z.boolean().optional(),
  order_token: z.string().optional(),
  is_time_change: z.boolean().optional(),
  old_reservation_token: z.string().optional(),
  time_change_token: z.string().optional(),
  sales_channel: z.string().optional(),
  /** What the visitor quotes to the venue when nothing more can be done online (SPEC §2 payment-error). */
  additional_info: z.string().optional(),
  field: z.string().optional(),
  /**
   * A code for why a payment cannot go on (`PAYMENT_FAILURE_REASONS`) or a visitor cannot cancel
   * their booking (`SELF_CANCEL_REFUSALS`); `message` is prose for people.
   */
  reason: z.enum([...PAYMENT_FAILURE_REASONS, ...PAYMENT_RETRY_REASONS, ...SELF_CANCEL_REFUSALS]).optional(),
  message: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
