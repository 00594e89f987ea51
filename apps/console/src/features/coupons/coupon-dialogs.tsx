/**
 * The "New coupon" and "Generate codes" dialogs: one code chosen by staff, or a batch of codes of
 * a prefix with random suffixes; both take the same settings and end with what was made (a batch
 * with its download link). The "Edit coupon" dialog changes what may change on a coupon and sends
 * only what was changed.
 */
import {
  type Coupon,
  type CouponBatch,
  CouponChanges,
  coverageProblem,
  NewCouponBatchBody,
  NewCouponBody,
} from '@storefront/domain/console/coupons';
import { DISCOUNT_TYPES, LANGUAGE_CODES, type LanguageCode, SALES_CHANNELS } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { currentLanguage, LANGUAGE_NAMES } from '../../lib/i18n/i18n.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { CheckboxField, FieldSet, SelectField, TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { couponQueries, couponsApi, useCreateCoupon, useGenerateCoupons, useUpdateCoupon } from './coupons-api.ts';

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
  /** Products ticked (their ids); none ticked for every product. */
  product_ids: z.array(z.number()),
  is_invitation: z.boolean(),
  campaign: z.string(),
});
type SettingsValues = z.input<typeof SettingsForm>;

/** A date and time typed at the venue: the console shows and takes Japan time (lib/format). */
const toInstant = (local: string) => (local ? `${local.length === 16 ? `${local}:00` : local}+09:00` : '');

const usageLimitOf = (text: string) => (text.trim() === '' ? null : Number(text));

function settingsOf(values: z.output<typeof SettingsForm>) {
  return {
    name: values.name,
    discount_type: values.discount_type,
    discount_amount: values.discount_amount.trim() === '' ? Number.NaN : Number(values.discount_amount),
    coverage_from: values.coverage_from,
    coverage_to: values.coverage_to,
    expires_at: toInstant(values.expires_at),
    channels: values.channels,
    usage_limit: usageLimitOf(values.usage_limit),
    product_ids: values.product_ids.length > 0 ? values.product_ids : null,
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
  'product_ids',
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
  product_ids: [],
  is_invitation: false,
  campaign: '',
});

type FieldErrors = Record<string, { message?: string } | undefined> & {
  name?: { message?: string } & Partial<Record<LanguageCode, { message?: string }>>;
};
/** What the shared fields use of a form: the dialogs' forms differ in their other fields. */
type AnyForm = Pick<
  // biome-ignore lint/suspicious/noExplicitAny: any of the dialogs' forms.
  UseFormReturn<any>,
  'register' | 'formState' | 'watch' | 'setValue'
>;
const errorsOf = (form: AnyForm) => form.formState.errors as FieldErrors;

/** A coupon's name in each language of the shop. */
function NameFields(props: { form: AnyForm }) {
  const { t } = useTranslation();
  const errors = errorsOf(props.form);
  return (
    <FieldSet legend={t('coupons.name')} hint={t('coupons.nameHint')} error={errors.name?.message} className="coupon-names">
      {LANGUAGE_CODES.map((lang) => (
        <TextField
          key={lang}
          label={LANGUAGE_NAMES[lang]}
          lang={lang}
          error={errors.name?.[lang]?.message}
          {...props.form.register(`name.${lang}`)}
        />
      ))}
    </FieldSet>
  );
}

/** The visit dates covered and when the code stops being accepted. */
function CoverageFields(props: { form: AnyForm }) {
  const { t } = useTranslation();
  const { register } = props.form;
  const errors = errorsOf(props.form);
  return (
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
  );
}

function ChannelFields(props: { form: AnyForm }) {
  const { t } = useTranslation();
  return (
    <FieldSet legend={t('coupons.channels')} error={errorsOf(props.form).channels?.message}>
      {SALES_CHANNELS.map((channel) => (
        <CheckboxField key={channel} label={t(`salesChannels.${channel}`)} value={channel} {...props.form.register('channels')} />
      ))}
    </FieldSet>
  );
}

function UsageLimitField(props: { form: AnyForm }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('coupons.usageLimit')}
      hint={t('coupons.usageLimitHint')}
      inputMode="numeric"
      error={errorsOf(props.form).usage_limit?.message}
      {...props.form.register('usage_limit')}
    />
  );
}

/** The venue's products to tick; none ticked means the coupon applies to every product. */
function ProductPicker(props: { form: AnyForm; venue: string }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const products = useQuery(couponQueries.products(props.venue));
  const chosen: number[] = props.form.watch('product_ids') ?? [];
  const toggle = (id: number, on: boolean) =>
    props.form.setValue('product_ids', on ? [...chosen, id] : chosen.filter((other) => other !== id), {
      shouldDirty: true,
    });
  return (
    <FieldSet
      legend={t('coupons.products')}
      hint={t('coupons.productsHint')}
      error={errorsOf(props.form).product_ids?.message}
      className="coupon-products"
    >
      {products.isPending ? <Loading /> : null}
      {products.error ? <ProblemNotice error={products.error} /> : null}
      {products.data?.products.length === 0 ? <p className="field-hint">{t('coupons.noProducts')}</p> : null}
      {products.data?.products.map((product) => (
        <CheckboxField
          key={product.id}
          label={localize(product.name, lang)}
          checked={chosen.includes(product.id)}
          onChange={(event) => toggle(product.id, event.target.checked)}
        />
      ))}
    </FieldSet>
  );
}

function SettingsFields(props: { form: AnyForm; venue: string }) {
  const { t } = useTranslation();
  const { register } = props.form;
  const errors = errorsOf(props.form);
  return (
    <>
      <NameFields form={props.form} />
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
      <CoverageFields form={props.form} />
      <ChannelFields form={props.form} />
      <ProductPicker form={props.form} venue={props.venue} />
      <div className="coupon-row">
        <UsageLimitField form={props.form} />
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
  const create = useCreateCoupon(props.venue, {
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
        <SettingsFields form={form} venue={props.venue} />
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

export function GenerateCodesDialog(props: { venue: string; isOpen: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [made, setMade] = useState<CouponBatch | null>(null);
  const form = useForm({
    resolver: contractResolver(BatchForm, t, { prefix: 'coupons.codeFormat' }),
    defaultValues: { ...emptySettings(), prefix: '', count: '100' },
  });
  const generate = useGenerateCoupons(props.venue, {
    onSuccess: (batch) => setMade(batch),
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
          <SettingsFields form={form} venue={props.venue} />
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
