/**
 * Editing a coupon: its name, limit, coverage, expiry and channels; the code and discount stay.
 * Only what was changed is sent.
 */
import { type Coupon, CouponChanges, coverageProblem } from '@storefront/domain/console/coupons';
import { LANGUAGE_CODES, SALES_CHANNELS } from '@storefront/domain/constants';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { ProblemNotice } from '../../ui/notice.tsx';
import { ChannelFields, CoverageFields, NameFields, toInstant, UsageLimitField, usageLimitOf } from './coupon-fields.tsx';
import { useUpdateCoupon } from './coupons-api.ts';

/* Editing a coupon: its name, limit, coverage, expiry and channels; the code and discount stay. */

const EditForm = z.object({
  name: z.partialRecord(z.enum(LANGUAGE_CODES), z.string()),
  usage_limit: z.string(),
  coverage_from: z.string(),
  coverage_to: z.string(),
  expires_at: z.string(),
  channels: z.array(z.enum(SALES_CHANNELS)),
});
type EditValues = z.input<typeof EditForm>;
const EDIT_FIELDS = ['name', 'usage_limit', 'coverage_from', 'coverage_to', 'expires_at', 'channels'] as const;

/** Every field as a change, checked as the server checks it (coverage order included). */
const EditChanges = EditForm.transform(
  (values): z.input<typeof CouponChanges> => ({
    name: values.name,
    usage_limit: usageLimitOf(values.usage_limit),
    coverage_from: values.coverage_from,
    coverage_to: values.coverage_to,
    expires_at: toInstant(values.expires_at),
    channels: values.channels,
  }),
)
  .pipe(CouponChanges)
  .superRefine((changes, ctx) => {
    const problem =
      changes.coverage_from && changes.coverage_to ? coverageProblem(changes.coverage_from, changes.coverage_to) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['coverage_to'], message: problem });
  });

/** A moment as the venue's clock shows it, for a `datetime-local` field (Japan time, as lib/format). */
const localDateTime = (iso: string) =>
  new Date(iso).toLocaleString('sv-SE', { timeZone: 'Asia/Tokyo' }).slice(0, 16).replace(' ', 'T');

function editValuesOf(coupon: Coupon): EditValues {
  return {
    name: Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, coupon.name[lang] ?? ''])),
    usage_limit: coupon.usage_limit === null ? '' : String(coupon.usage_limit),
    coverage_from: coupon.coverage_from,
    coverage_to: coupon.coverage_to,
    expires_at: localDateTime(coupon.expires_at),
    channels: coupon.channels.filter((channel): channel is (typeof SALES_CHANNELS)[number] =>
      (SALES_CHANNELS as readonly string[]).includes(channel),
    ),
  };
}

/** A field's value as typed, in a form where equal meanings compare equal. */
function comparable(field: (typeof EDIT_FIELDS)[number], values: EditValues): string {
  const value = values[field];
  if (field === 'name')
    return JSON.stringify(
      Object.entries(value as Record<string, string | undefined>)
        .map(([lang, text]) => [lang, (text ?? '').trim()])
        .filter(([, text]) => text !== '')
        .sort(),
    );
  if (field === 'channels') return JSON.stringify([...(value as string[])].sort());
  return String(value).trim();
}

export function EditCouponDialog(props: {
  venue: string;
  coupon: Coupon | null;
  onClose: () => void;
  onSaved: (coupon: Coupon) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={props.coupon !== null}
      title={t('coupons.editTitle', { code: props.coupon?.code ?? '' })}
      onClose={props.onClose}
      wide
    >
      {props.coupon ? (
        <EditCouponForm
          key={props.coupon.id}
          venue={props.venue}
          coupon={props.coupon}
          onClose={props.onClose}
          onSaved={props.onSaved}
        />
      ) : null}
    </Dialog>
  );
}

function EditCouponForm(props: { venue: string; coupon: Coupon; onClose: () => void; onSaved: (coupon: Coupon) => void }) {
  const { t } = useTranslation();
  const initial = editValuesOf(props.coupon);
  const form = useForm({ resolver: contractResolver(EditChanges, t), defaultValues: initial });
  const save = useUpdateCoupon(props.venue, props.coupon.id, {
    onSuccess: props.onSaved,
    onError: (error) => {
      if (isApiError(error) && error.status === 400 && error.field === 'usage_limit') {
        form.setError('usage_limit', {
          type: 'server',
          message: t('coupons.limitBelowUsed', { used: props.coupon.used_count }),
        });
        return;
      }
      placeFieldError(error, form.setError, EDIT_FIELDS, t);
    },
  });
  const submit = form.handleSubmit((changes) => {
    const values = form.getValues();
    const body: Record<string, unknown> = {};
    for (const field of EDIT_FIELDS) {
      if (comparable(field, values) !== comparable(field, initial)) body[field] = changes[field];
    }
    if (Object.keys(body).length === 0) {
      props.onClose();
      return;
    }
    save.mutate(body as z.input<typeof CouponChanges>);
  });
  return (
    <form
      className="form coupon-form"
      noValidate
      aria-label={t('coupons.editTitle', { code: props.coupon.code })}
      onSubmit={submit}
    >
      <p className="field-hint">{t('coupons.editHint')}</p>
      <NameFields form={form} />
      <UsageLimitField form={form} />
      <p className="field-hint">{t('coupons.usedSoFar', { used: props.coupon.used_count })}</p>
      <CoverageFields form={form} />
      <ChannelFields form={form} />
      <ProblemNotice error={Object.keys(form.formState.errors).length > 0 ? null : save.error} />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('common.save')}
        </button>
        <button type="button" className="button" onClick={props.onClose}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
