/** The entry for a coupon code, shared by the confirm page and the spot payment page. */
import type { ApplyCouponResult } from '@storefront/domain/api/orders';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FieldError } from './field-error.tsx';
import { showToast } from './toast/toast-store.ts';

type Applied = z.infer<typeof ApplyCouponResult>;

export function CouponEntry(props: {
  /** The input's id; its error is `{id}-error`. */
  id: string;
  className: string;
  rowClassName: string;
  apply: (code: string) => Promise<Applied>;
  onApplied: (result: Applied) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const { register, handleSubmit, reset, formState } = useForm<{ coupon: string }>({
    defaultValues: { coupon: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const apply = useMutation({
    mutationFn: props.apply,
    onSuccess: async (result) => {
      reset({ coupon: '' });
      showToast(t('order_coupon_applied', { name: result.coupon_name }));
      await props.onApplied(result);
    },
  });
  const error = formState.errors.coupon?.message;
  const errorId = `${props.id}-error`;
  return (
    <form className={props.className} onSubmit={handleSubmit((values) => apply.mutate(values.coupon.trim()))} noValidate>
      <label className="checkout-label" htmlFor={props.id}>
        {t('order_coupon_label')}
      </label>
      <div className={props.rowClassName}>
        <input
          id={props.id}
          className="checkout-input"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('order_coupon_placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...register('coupon', { validate: (value) => (value.trim() === '' ? t('common_validate_required') : true) })}
        />
        <button type="submit" className="button button-secondary" disabled={apply.isPending}>
          {t('order_coupon_apply')}
        </button>
      </div>
      <FieldError id={errorId} message={error} />
    </form>
  );
}
