/** Whether visitors may cancel their own booking, until how many hours before and for what fee. */
import { MAX_SELF_CANCEL_HOURS } from '@storefront/domain/self-cancel';
import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '../../ui/field.tsx';
import type { FormInput, ProductFormApi } from './product-form.ts';

/** The rule a venue starts from when it lets visitors cancel: until the day before, free. */
const FIRST_SELF_CANCEL = { hours_before: 24, fee: 0 };

export function SelfCancelSection(props: {
  form: ProductFormApi;
  errors: FieldErrors<FormInput>;
  disabled: boolean;
  currency: string;
}) {
  const { t } = useTranslation();
  const { form, errors, disabled } = props;
  const selfCancel = form.watch('self_cancel');
  return (
    <section className="panel" aria-labelledby="product-self-cancel-title">
      <h2 id="product-self-cancel-title">{t('products.selfCancel')}</h2>
      <CheckboxField
        label={t('products.selfCancelAllowed')}
        hint={t('products.selfCancelHint')}
        checked={selfCancel !== null && selfCancel !== undefined}
        disabled={disabled}
        onChange={(event) => form.setValue('self_cancel', event.target.checked ? FIRST_SELF_CANCEL : null, { shouldDirty: true })}
      />
      {selfCancel ? (
        <div className="product-basics self-cancel-fields">
          <TextField
            label={t('products.selfCancelHours')}
            hint={t('products.selfCancelHoursHint')}
            type="number"
            min={0}
            max={MAX_SELF_CANCEL_HOURS}
            error={errors.self_cancel?.hours_before?.message}
            disabled={disabled}
            {...form.register('self_cancel.hours_before', { valueAsNumber: true })}
          />
          <TextField
            label={t('products.selfCancelFee', { currency: props.currency })}
            hint={t('products.selfCancelFeeHint')}
            type="number"
            min={0}
            error={errors.self_cancel?.fee?.message}
            disabled={disabled}
            {...form.register('self_cancel.fee', { valueAsNumber: true })}
          />
        </div>
      ) : null}
    </section>
  );
}
