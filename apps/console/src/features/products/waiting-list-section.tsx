/**
 * A product's waiting list (issue 22): whether a sold-out slot offers visitors a place on its list,
 * and for how long places that come back are held for the next in line. Saved on its own, apart
 * from the product's form. Turning it off takes the visitors still waiting off the lists (an offer
 * already made holds until it ends). Read-only without `catalogue:write`.
 */
import {
  MAX_OFFER_MINUTES,
  MIN_OFFER_MINUTES,
  type ProductWaitingList,
  ProductWaitingListBody,
} from '@storefront/domain/console/waiting-list';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { CheckboxField, TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { productQueries, useSaveWaitingList } from './products-api.ts';

export function WaitingListSection(props: { code: string; productId: number; mayWrite: boolean }) {
  const { t } = useTranslation();
  const list = useQuery(productQueries.waitingList(props.code, props.productId));
  return (
    <section className="panel product-waiting-list" aria-labelledby="product-waiting-list-title">
      <h2 id="product-waiting-list-title">{t('products.waitingList.title')}</h2>
      <ProblemNotice error={list.error} />
      {list.isPending ? <Loading /> : null}
      {list.data ? <WaitingListFields {...props} list={list.data} /> : null}
    </section>
  );
}

/**
 * The contract's rules, with the console's own words for an offer time out of range (its issues
 * speak of characters for a number's bounds).
 */
const WaitingListForm = z.object({ enabled: z.boolean(), offer_minutes: z.number() }).superRefine((body, ctx) => {
  if (!ProductWaitingListBody.shape.offer_minutes.safeParse(body.offer_minutes).success)
    ctx.addIssue({ code: 'custom', path: ['offer_minutes'], message: 'out of range' });
});

type FormInput = z.input<typeof WaitingListForm>;

function WaitingListFields(props: { code: string; productId: number; mayWrite: boolean; list: ProductWaitingList }) {
  const { t } = useTranslation();
  const form = useForm<FormInput, unknown, z.output<typeof WaitingListForm>>({
    resolver: contractResolver(WaitingListForm, t, { offer_minutes: 'products.waitingList.offerMinutesRange' }),
    defaultValues: props.list,
  });
  const save = useSaveWaitingList(props.code, props.productId, {
    onSuccess: (saved) => form.reset(saved),
    onError: (error) => placeFieldError(error, form.setError, ['offer_minutes', 'enabled'], t),
  });
  const disabled = !props.mayWrite;
  const enabled = form.watch('enabled');
  const errors = form.formState.errors;
  return (
    <form
      className="form waiting-list-form"
      aria-labelledby="product-waiting-list-title"
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      {save.isSuccess ? (
        <Notice kind="success">{t(save.data.enabled ? 'products.waitingList.savedOn' : 'products.waitingList.savedOff')}</Notice>
      ) : null}
      <ProblemNotice error={save.error && !(isApiError(save.error) && save.error.field) ? save.error : null} />
      <CheckboxField
        label={t('products.waitingList.enabled')}
        hint={t('products.waitingList.enabledHint')}
        disabled={disabled}
        {...form.register('enabled')}
      />
      <TextField
        label={t('products.waitingList.offerMinutes')}
        hint={t(enabled ? 'products.waitingList.offerMinutesHint' : 'products.waitingList.offerMinutesOffHint', {
          min: MIN_OFFER_MINUTES,
          max: MAX_OFFER_MINUTES,
        })}
        type="number"
        inputMode="numeric"
        min={MIN_OFFER_MINUTES}
        max={MAX_OFFER_MINUTES}
        step={1}
        error={errors.offer_minutes?.message}
        disabled={disabled}
        {...form.register('offer_minutes', { valueAsNumber: true })}
      />
      {!enabled && props.list.enabled ? <Notice>{t('products.waitingList.turningOff')}</Notice> : null}
      {props.mayWrite ? (
        <div className="actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {t('products.waitingList.save')}
          </button>
        </div>
      ) : null}
    </form>
  );
}
