/**
 * The "New coupon" and "Generate codes" dialogs: one code chosen by staff, or a batch of codes of
 * a prefix with random suffixes; both take the same settings and end with what was made (a batch
 * with its download link).
 */
import type { CouponBatch } from '@storefront/domain/console/coupons';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { TextField } from '../../ui/field.tsx';
import { Notice, ProblemNotice } from '../../ui/notice.tsx';
import { BatchForm, emptySettings, NewCouponForm, SETTINGS_FIELDS, SettingsFields } from './coupon-fields.tsx';
import { couponsApi, useCreateCoupon, useGenerateCoupons } from './coupons-api.ts';

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
