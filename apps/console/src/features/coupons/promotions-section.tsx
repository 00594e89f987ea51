/**
 * The venue's membership promotions: the discount a signed-in member's order gets (the first
 * active one applies). Shown at venues with membership login; made, deactivated and reactivated
 * with `catalogue:write`.
 */
import { type MembershipPromotion, NewPromotionBody } from '@storefront/domain/console/coupons';
import { DISCOUNT_TYPES, LANGUAGE_CODES } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { currentLanguage, LANGUAGE_NAMES } from '../../lib/i18n/i18n.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { FieldSet, SelectField, TextField } from '../../ui/field.tsx';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { couponQueries, useCreatePromotion, useTogglePromotion } from './coupons-api.ts';

const column = columnsOf<MembershipPromotion>();

const PromotionForm = z
  .object({
    key: z.string(),
    name: z.partialRecord(z.enum(LANGUAGE_CODES), z.string()),
    discount_type: z.enum(DISCOUNT_TYPES),
    discount_amount: z.string(),
  })
  .transform(
    (values): z.input<typeof NewPromotionBody> => ({
      ...values,
      discount_amount: values.discount_amount.trim() === '' ? Number.NaN : Number(values.discount_amount),
    }),
  )
  .pipe(NewPromotionBody);

export function PromotionsSection(props: { venue: string; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const headingId = useId();
  const [isCreating, setCreating] = useState(false);
  const [confirming, setConfirming] = useState<MembershipPromotion | null>(null);
  const promotions = useQuery(couponQueries.promotions(props.venue));
  const toggle = useTogglePromotion(props.venue, { onSuccess: () => setConfirming(null) });
  const columns = useMemo(
    () => [
      column.accessor('name', { header: () => t('coupons.name'), cell: (info) => localize(info.getValue(), lang) }),
      column.accessor('key', { header: () => t('coupons.promotionKey'), cell: (info) => <code>{info.getValue()}</code> }),
      column.accessor('discount_amount', {
        header: () => t('coupons.discount'),
        cell: (info) => (info.row.original.discount_type === 'percent' ? `${info.getValue()}%` : `${info.getValue()}`),
      }),
      column.accessor('is_applied', {
        header: () => t('coupons.status'),
        cell: (info) =>
          info.getValue()
            ? t('coupons.promotionApplied')
            : info.row.original.is_active
              ? t('coupons.statuses.active')
              : t('coupons.statuses.inactive'),
      }),
      ...(props.canWrite
        ? [
            column.display({
              id: 'actions',
              header: () => <span className="visually-hidden">{t('common.actions')}</span>,
              cell: (info) => (
                <button
                  type="button"
                  className="button button-small"
                  disabled={toggle.isPending}
                  onClick={() => setConfirming(info.row.original)}
                >
                  {t(info.row.original.is_active ? 'coupons.deactivate' : 'coupons.reactivate')}
                </button>
              ),
            }),
          ]
        : []),
    ],
    [t, lang, props.canWrite, toggle],
  );
  if (promotions.data && !promotions.data.has_membership_login) return null;
  return (
    <section className="promotions" aria-labelledby={headingId}>
      <div className="promotions-head">
        <h2 id={headingId}>{t('coupons.promotions')}</h2>
        {props.canWrite ? (
          <button type="button" className="button" onClick={() => setCreating(true)}>
            {t('coupons.newPromotion')}
          </button>
        ) : null}
      </div>
      <p className="field-hint">{t('coupons.promotionsHint')}</p>
      <ProblemNotice error={promotions.error ?? toggle.error} />
      {promotions.isPending ? <Loading /> : null}
      {promotions.data ? (
        <DataTable
          caption={t('coupons.promotions')}
          isCaptionHidden
          columns={columns}
          data={promotions.data.promotions}
          rowId={(row) => String(row.id)}
          empty={t('coupons.noPromotions')}
        />
      ) : null}
      <Dialog
        isOpen={confirming !== null}
        title={t(confirming?.is_active ? 'coupons.confirmDeactivate' : 'coupons.confirmReactivate', {
          code: confirming ? localize(confirming.name, lang) : '',
        })}
        onClose={() => setConfirming(null)}
      >
        <ProblemNotice error={toggle.error} />
        <div className="button-row">
          <button
            type="button"
            className="button button-primary"
            disabled={toggle.isPending}
            onClick={() => confirming && toggle.mutate(confirming)}
          >
            {t(confirming?.is_active ? 'coupons.deactivate' : 'coupons.reactivate')}
          </button>
          <button type="button" className="button" onClick={() => setConfirming(null)}>
            {t('common.cancel')}
          </button>
        </div>
      </Dialog>
      <NewPromotionDialog
        venue={props.venue}
        isOpen={isCreating}
        onClose={() => setCreating(false)}
        onCreated={() => setCreating(false)}
      />
    </section>
  );
}

function NewPromotionDialog(props: { venue: string; isOpen: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    resolver: contractResolver(PromotionForm, t),
    defaultValues: {
      key: '',
      name: Object.fromEntries(LANGUAGE_CODES.map((lang) => [lang, ''])),
      discount_type: 'percent' as const,
      discount_amount: '',
    },
  });
  const create = useCreatePromotion(props.venue, {
    onSuccess: () => {
      form.reset();
      props.onCreated();
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409 && error.field === 'key') {
        form.setError('key', { type: 'server', message: t('coupons.keyTaken') });
        return;
      }
      placeFieldError(error, form.setError, ['key', 'name', 'discount_type', 'discount_amount'], t);
    },
  });
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  const close = () => {
    form.reset();
    create.reset();
    props.onClose();
  };
  return (
    <Dialog isOpen={props.isOpen} title={t('coupons.newPromotion')} onClose={close}>
      <form
        className="form"
        noValidate
        aria-label={t('coupons.newPromotion')}
        onSubmit={form.handleSubmit((body) => create.mutate(body))}
      >
        <TextField label={t('coupons.promotionKey')} spellCheck={false} error={errors.key?.message} {...form.register('key')} />
        <FieldSet legend={t('coupons.name')} error={errors.name?.message}>
          {LANGUAGE_CODES.map((lang) => (
            <TextField key={lang} label={LANGUAGE_NAMES[lang]} lang={lang} {...form.register(`name.${lang}`)} />
          ))}
        </FieldSet>
        <SelectField label={t('coupons.discountType')} {...form.register('discount_type')}>
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
          {...form.register('discount_amount')}
        />
        <ProblemNotice error={Object.keys(errors).length > 0 ? null : create.error} />
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
