/**
 * The "New coupon" and "Generate codes" dialogs: one code chosen by staff, or a batch of codes of
 * a prefix with random suffixes; both take the same settings and end with what was made (a batch
 * with its download link).
 */
import { type CouponBatch, NewCouponBatchBody, NewCouponBody } from '@storefront/domain/console/coupons';
import { DISCOUNT_TYPES, LANGUAGE_CODES, type LanguageCode, SALES_CHANNELS } from '@storefront/domain/constants';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { currentLanguage, LANGUAGE_NAMES } from '../../lib/i18n/i18n.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { CheckboxField, FieldSet, SelectField, TextField } from '../../ui/field.tsx';
import { Notice, ProblemNotice } from '../../ui/notice.tsx';
import { couponsApi } from './coupons-api.ts';

/** What the settings fields hold: text as typed, turned into the contract's values on the way out. */
const SettingsForm = z.object({
  name: z.partialRecord(z.enum(LANGUAGE_CODES), z.string()),
  discount_type: z.enum(DISCOUNT_TYPES),
  discount_amount: z.string(),
  coverage_from: z.string(),
  coverage_to: z.string(),
  expires_at: z.string(),
  channels: z.array(z.enum(SALES_CHANNELS)),
  usage_limit: z.string(),
  is_invitation: z.boolean(),
  campaign: z.string(),
});
type SettingsValues = z.input<typeof SettingsForm>;

/** A date and time typed at the venue: the console shows and takes Japan time (lib/format). */
const toInstant = (local: string) => (local ? `${local.length === 16 ? `${local}:00` : local}+09:00` : '');

function settingsOf(values: z.output<typeof SettingsForm>) {
  return {
    name: values.name,
    discount_type: values.discount_type,
    discount_amount: values.discount_amount.trim() === '' ? Number.NaN : Number(values.discount_amount),
    coverage_from: values.coverage_from,
    coverage_to: values.coverage_to,
    expires_at: toInstant(values.expires_at),
    channels: values.channels,
    usage_limit: values.usage_limit.trim() === '' ? null : Number(values.usage_limit),
    product_ids: null,
    is_invitation: values.is_invitation,
    campaign: values.campaign,
  };
}

const NewCouponForm = SettingsForm.extend({ code: z.string() })
  .transform((values): z.input<typeof NewCouponBody> => ({ ...settingsOf(values), code: values.code }))
  .pipe(NewCouponBody);
const BatchForm = SettingsForm.extend({ prefix: z.string(), count: z.string() })
  .transform(
    (values): z.input<typeof NewCouponBatchBody> => ({
      ...settingsOf(values),
      prefix: values.prefix,
      count: Number(values.count),
    }),
  )
  .pipe(NewCouponBatchBody);

const SETTINGS_FIELDS = [
  'name',
  'discount_type',
  'discount_amount',
  'coverage_from',
  'coverage_to',
  'expires_at',
  'channels',
  'usage_limit',
  'is_invitation',
  'campaign',
] as const;

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Tokyo' });
const emptySettings = (): SettingsValues => ({
  name: Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, ''])),
  discount_type: 'percent',
  discount_amount: '',
  coverage_from: today(),
  coverage_to: today(),
  expires_at: `${today()}T23:59`,
  channels: ['web'],
  usage_limit: '',
  is_invitation: false,
  campaign: '',
});

// biome-ignore lint/suspicious/noExplicitAny: both forms share the settings fields; their extra fields differ.
function SettingsFields(props: { form: UseFormReturn<any> }) {
  const { t } = useTranslation();
  const { register, formState } = props.form;
  const errors = formState.errors as Record<string, { message?: string } | undefined> & {
    name?: { message?: string } & Partial<Record<LanguageCode, { message?: string }>>;
  };
  return (
    <>
      <FieldSet legend={t('coupons.name')} hint={t('coupons.nameHint')} error={errors.name?.message} className="coupon-names">
        {LANGUAGE_CODES.map((lang) => (
          <TextField
            key={lang}
            label={LANGUAGE_NAMES[lang]}
            lang={lang}
            error={errors.name?.[lang]?.message}
            {...register(`name.${lang}`)}
          />
        ))}
      </FieldSet>
      <div className="coupon-row">
        <SelectField label={t('coupons.discountType')} {...register('discount_type')}>
          {DISCOUNT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`coupons.discountTypes.${type}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('coupons.discountAmount')}
          hint={t('coupons.discountAmountHint')}
          inputMode="numeric"
          error={errors.discount_amount?.message}
          {...register('discount_amount')}
        />
      </div>
      <div className="coupon-row">
        <TextField
          label={t('coupons.coverageFrom')}
          type="date"
          error={errors.coverage_from?.message}
          {...register('coverage_from')}
        />
        <TextField label={t('coupons.coverageTo')} type="date" error={errors.coverage_to?.message} {...register('coverage_to')} />
        <TextField
          label={t('coupons.expiresAt')}
          hint={t('coupons.expiresAtHint')}
          type="datetime-local"
          error={errors.expires_at?.message}
          {...register('expires_at')}
        />
      </div>
      <FieldSet legend={t('coupons.channels')} error={errors.channels?.message}>
        {SALES_CHANNELS.map((channel) => (
          <CheckboxField key={channel} label={t(`salesChannels.${channel}`)} value={channel} {...register('channels')} />
        ))}
      </FieldSet>
      <div className="coupon-row">
        <TextField
          label={t('coupons.usageLimit')}
          hint={t('coupons.usageLimitHint')}
          inputMode="numeric"
          error={errors.usage_limit?.message}
          {...register('usage_limit')}
        />
        <TextField label={t('coupons.campaign')} error={errors.campaign?.message} {...register('campaign')} />
      </div>
      <CheckboxField label={t('coupons.isInvitation')} hint={t('coupons.isInvitationHint')} {...register('is_invitation')} />
    </>
  );
}

export function NewCouponDialog(props: {
  venue: string;
  isOpen: boolean;
  onClose: () => void;
  onCreated: (code: string) => void;
}) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: contractResolver(NewCouponForm, t, { code: 'coupons.codeFormat' }),
    defaultValues: { ...emptySettings(), code: '' },
  });
  const create = useMutation({
    mutationFn: (body: z.output<typeof NewCouponForm>) => couponsApi.create(props.venue, body),
    onSuccess: (coupon) => {
      form.reset({ ...emptySettings(), code: '' });
      props.onCreated(coupon.code);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409) {
        form.setError('code', { type: 'server', message: t('coupons.codeTaken') });
        return;
      }
      placeFieldError(error, form.setError, ['code', ...SETTINGS_FIELDS], t);
    },
  });
  const close = () => {
    form.reset();
    create.reset();
    props.onClose();
  };
  return (
    <Dialog isOpen={props.isOpen} title={t('coupons.new')} onClose={close} wide>
      <form
        className="form coupon-form"
        noValidate
        aria-label={t('coupons.new')}
        onSubmit={form.handleSubmit((body) => create.mutate(body))}
      >
        <TextField
          label={t('coupons.code')}
          hint={t('coupons.codeHint')}
          autoComplete="off"
          spellCheck={false}
          error={form.formState.errors.code?.message}
          {...form.register('code')}
        />
        <SettingsFields form={form} />
        <ProblemNotice error={Object.keys(form.formState.errors).length > 0 ? null : create.error} />
        <div className="button-row">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {t('coupons.create')}
          </button>
          <button type="button" className="button" onClick={close}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function GenerateCodesDialog(props: { venue: string; isOpen: boolean; onClose: () => void; onGenerated: () => void }) {
  const { t, i18n } = useTranslation();
  const [made, setMade] = useState<CouponBatch | null>(null);
  const form = useForm({
    resolver: contractResolver(BatchForm, t, { prefix: 'coupons.codeFormat' }),
    defaultValues: { ...emptySettings(), prefix: '', count: '100' },
  });
  const generate = useMutation({
    mutationFn: (body: z.output<typeof BatchForm>) => couponsApi.generate(props.venue, body),
    onSuccess: (batch) => {
      setMade(batch);
      props.onGenerated();
    },
    onError: (error) => placeFieldError(error, form.setError, ['prefix', 'count', ...SETTINGS_FIELDS], t),
  });
  const close = () => {
    form.reset();
    generate.reset();
    setMade(null);
    props.onClose();
  };
  return (
    <Dialog isOpen={props.isOpen} title={t('coupons.generate')} onClose={close} wide>
      {made ? (
        <div className="form">
          <Notice kind="success">{t('coupons.generated', { count: made.count, prefix: made.prefix })}</Notice>
          <p>
            {t('coupons.batch')}: <code>{made.batch}</code>
          </p>
          <div className="button-row">
            <a
              className="button button-primary"
              href={couponsApi.exportUrl(props.venue, { batch: made.batch }, currentLanguage(i18n))}
              download
            >
              {t('coupons.downloadBatch')}
            </a>
            <button type="button" className="button" onClick={close}>
              {t('common.close')}
            </button>
          </div>
        </div>
      ) : (
        <form
          className="form coupon-form"
          noValidate
          aria-label={t('coupons.generate')}
          onSubmit={form.handleSubmit((body) => generate.mutate(body))}
        >
          <div className="coupon-row">
            <TextField
              label={t('coupons.prefix')}
              hint={t('coupons.prefixHint')}
              autoComplete="off"
              spellCheck={false}
              error={form.formState.errors.prefix?.message}
              {...form.register('prefix')}
            />
            <TextField
              label={t('coupons.count')}
              hint={t('coupons.countHint')}
              inputMode="numeric"
              error={form.formState.errors.count?.message}
              {...form.register('count')}
            />
          </div>
          <SettingsFields form={form} />
          <ProblemNotice error={Object.keys(form.formState.errors).length > 0 ? null : generate.error} />
          <div className="button-row">
            <button type="submit" className="button button-primary" disabled={generate.isPending}>
              {generate.isPending ? t('coupons.generating') : t('coupons.generateSubmit')}
            </button>
            <button type="button" className="button" onClick={close}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
