/** The settings every coupon has (name, coverage, expiry, channels, usage limit, products), as form fields shared by the dialogs. */
import { NewCouponBatchBody, NewCouponBody } from '@storefront/domain/console/coupons';
import { DISCOUNT_TYPES, LANGUAGE_CODES, type LanguageCode, SALES_CHANNELS } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { currentLanguage, LANGUAGE_NAMES } from '../../lib/i18n/i18n.ts';
import { CheckboxField, FieldSet, SelectField, TextField } from '../../ui/field.tsx';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { couponQueries } from './coupons-api.ts';

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
export const toInstant = (local: string) => (local ? `${local.length === 16 ? `${local}:00` : local}+09:00` : '');

export const usageLimitOf = (text: string) => (text.trim() === '' ? null : Number(text));

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

export const NewCouponForm = SettingsForm.extend({ code: z.string() })
  .transform((values): z.input<typeof NewCouponBody> => ({ ...settingsOf(values), code: values.code }))
  .pipe(NewCouponBody);
export const BatchForm = SettingsForm.extend({ prefix: z.string(), count: z.string() })
  .transform(
    (values): z.input<typeof NewCouponBatchBody> => ({
      ...settingsOf(values),
      prefix: values.prefix,
      count: Number(values.count),
    }),
  )
  .pipe(NewCouponBatchBody);

export const SETTINGS_FIELDS = [
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
export const emptySettings = (): SettingsValues => ({
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
export function NameFields(props: { form: AnyForm }) {
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
export function CoverageFields(props: { form: AnyForm }) {
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

export function ChannelFields(props: { form: AnyForm }) {
  const { t } = useTranslation();
  return (
    <FieldSet legend={t('coupons.channels')} error={errorsOf(props.form).channels?.message}>
      {SALES_CHANNELS.map((channel) => (
        <CheckboxField key={channel} label={t(`salesChannels.${channel}`)} value={channel} {...props.form.register('channels')} />
      ))}
    </FieldSet>
  );
}

export function UsageLimitField(props: { form: AnyForm }) {
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

export function SettingsFields(props: { form: AnyForm; venue: string }) {
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
