/**
 * `/venues/:code/products/new` and `/venues/:code/products/:id`: a product's key, type, sales
 * channels and limit; its texts in the venue's languages (tabs; the default language required);
 * its options and set products as rows to add, remove and reorder; whether visitors may cancel
 * their own booking (until how many hours before, for what fee); its picture; and, saved on its
 * own, its waiting list (`waiting-list-section.tsx`). Read-only without `catalogue:write`.
 */

import {
  type ConsoleImage,
  type ConsoleProduct,
  defaultLanguageProblem,
  MAX_PER_ORDER_LIMIT,
  NewProductBody,
  OPTION_TYPES,
  PRODUCT_SALE_TYPES,
} from '@storefront/domain/console/products';
import type { VenueSummary } from '@storefront/domain/console/venues';
import { type LanguageCode, PRODUCT_TYPES, SALES_CHANNELS } from '@storefront/domain/constants';
import { MAX_SELF_CANCEL_HOURS } from '@storefront/domain/self-cancel';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldErrors, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { currentLanguage, LANGUAGE_NAMES } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { hasVenueRight, useSession, venueOf } from '../../lib/session.ts';
import { CheckboxField, FieldSet, SelectField, TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { ImagePicker } from './image-picker.tsx';
import { productQueries, textIn, useSaveProduct } from './products-api.ts';
import { WaitingListSection } from './waiting-list-section.tsx';
import './products.css';

type FormInput = z.input<typeof NewProductBody>;

/** The contract, plus the venue's rule: names in its default language. */
function productForm(defaultLanguage: LanguageCode) {
  return NewProductBody.superRefine((body, ctx) => {
    const check = (path: (string | number)[], text: Partial<Record<LanguageCode, string>>) => {
      if (defaultLanguageProblem(text, defaultLanguage)) ctx.addIssue({ code: 'custom', path, message: 'default language' });
    };
    check(['name'], body.name);
    for (const [index, option] of body.options.entries()) check(['options', index, 'name'], option.name);
    for (const [index, item] of body.set_products.entries()) check(['set_products', index, 'name'], item.name);
  });
}

function toForm(product: ConsoleProduct | null): FormInput {
  if (!product) {
    return {
      key: '',
      type: 'time',
      sale_type: 'ticket',
      sales_channels: ['web'],
      name: {},
      description: {},
      caution: {},
      presented_by: {},
      max_per_order: 10,
      image_id: null,
      options: [{ type: 'admission', name: {}, price: 0 }],
      set_products: [],
      self_cancel: null,
    };
  }
  return {
    key: product.key,
    type: product.type,
    sale_type: product.sale_type as (typeof PRODUCT_SALE_TYPES)[number],
    sales_channels: product.sales_channels as (typeof SALES_CHANNELS)[number][],
    name: product.name,
    description: product.description,
    caution: product.caution,
    presented_by: product.presented_by,
    max_per_order: product.max_per_order,
    position: product.position,
    image_id: product.image?.id ?? null,
    options: product.options.map((o) => ({ id: o.id, key: o.key, type: o.type, name: o.name, price: o.price })),
    set_products: product.set_products.map((s) => ({
      id: s.id,
      key: s.key,
      name: s.name,
      description: s.description,
      price: s.price,
      capacity_per_slot: s.capacity_per_slot,
    })),
    self_cancel: product.self_cancel,
  };
}

/** The rule a venue starts from when it lets visitors cancel: until the day before, free. */
const FIRST_SELF_CANCEL = { hours_before: 24, fee: 0 };

export default function ProductPage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const { code = '', id } = useParams();
  const venue = venueOf(session, code);
  const productId = id ? Number(id) : null;
  const summary = useQuery({ ...productQueries.venue(code), enabled: venue !== null });
  const product = useQuery({
    ...productQueries.one(code, productId ?? 0),
    enabled: venue !== null && productId !== null && Number.isInteger(productId),
  });
  if (!venue || !hasVenueRight(session, venue, 'catalogue:read')) {
    return (
      <Screen name="product" title={t('products.title')}>
        <Notice kind="error">{venue ? t('problem.forbidden') : t('problem.notFound')}</Notice>
      </Screen>
    );
  }
  const lang = currentLanguage(i18n);
  const title =
    productId === null
      ? t('products.new')
      : product.data
        ? t('products.editNamed', { name: textIn(product.data.name, lang, product.data.key) })
        : t('products.edit');
  const isLoading = summary.isPending || (productId !== null && product.isPending);
  return (
    <Screen name="product" title={title}>
      <p>
        <Link to={paths.venueProducts(code)}>{t('products.back')}</Link>
      </p>
      <ProblemNotice error={summary.error ?? product.error} />
      {isLoading ? <Loading /> : null}
      {!isLoading && summary.data && (productId === null || product.data) ? (
        <ProductForm
          key={product.data?.id ?? 'new'}
          code={code}
          venue={summary.data}
          product={product.data ?? null}
          mayWrite={hasVenueRight(session, venue, 'catalogue:write')}
        />
      ) : null}
      {!isLoading && product.data ? (
        <WaitingListSection
          key={product.data.id}
          code={code}
          productId={product.data.id}
          mayWrite={hasVenueRight(session, venue, 'catalogue:write')}
        />
      ) : null}
    </Screen>
  );
}

function ProductForm(props: { code: string; venue: VenueSummary; product: ConsoleProduct | null; mayWrite: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const languages = props.venue.languages;
  const defaultLanguage = languages[0] ?? 'ja';
  const [tab, setTab] = useState<LanguageCode>(defaultLanguage);
  const [image, setImage] = useState<ConsoleImage | null>(props.product?.image ?? null);
  const form = useForm<FormInput, unknown, z.output<typeof NewProductBody>>({
    resolver: contractResolver(productForm(defaultLanguage), t, {
      name: 'products.nameRequired',
      key: 'products.keyFormat',
      'options.*.name': 'products.nameRequired',
      'set_products.*.name': 'products.nameRequired',
    }),
    defaultValues: toForm(props.product),
  });
  const options = useFieldArray({ control: form.control, name: 'options' });
  const sets = useFieldArray({ control: form.control, name: 'set_products' });
  const save = useSaveProduct(props.code, props.product, {
    onSuccess: (saved) => {
      void navigate(paths.venueProduct(props.code, saved.id), { replace: true });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409 && error.field === 'key') {
        form.setError('key', { type: 'server', message: t('products.keyTaken') });
        return;
      }
      placeFieldError(
        error,
        form.setError,
        ['key', 'name', 'max_per_order', 'sales_channels', 'image_id', 'self_cancel.hours_before', 'self_cancel.fee'],
        t,
      );
    },
  });
  const errors = form.formState.errors as FieldErrors<FormInput>;
  const disabled = !props.mayWrite;
  const languageName = (code: string) => LANGUAGE_NAMES[code as LanguageCode] ?? code;
  const nameError = (message: string | undefined) =>
    message ? `${message} (${t('products.requiredIn', { language: languageName(defaultLanguage) })})` : undefined;
  const price = t('products.priceIn', { currency: props.venue.currency });
  const selfCancel = form.watch('self_cancel');

  return (
    <form
      className="form form-wide product-form"
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate({ ...values, image_id: image?.id ?? null }))}
    >
      {save.isSuccess ? <Notice kind="success">{t('products.saved')}</Notice> : null}
      <ProblemNotice error={save.error && !(isApiError(save.error) && save.error.field) ? save.error : null} />
      {save.error && isApiError(save.error) && save.error.status === 409 && save.error.field !== 'key' ? (
        <Notice kind="error">{t('products.itemNamedByOrders')}</Notice>
      ) : null}
      <div className="product-basics">
        <TextField
          label={t('products.key')}
          hint={t('products.keyHint')}
          error={errors.key?.message}
          disabled={disabled}
          {...form.register('key')}
        />
        <SelectField label={t('products.type')} disabled={disabled} {...form.register('type')}>
          {PRODUCT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`products.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('products.saleType')} disabled={disabled} {...form.register('sale_type')}>
          {PRODUCT_SALE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`products.saleTypes.${type}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('products.maxPerOrder')}
          hint={t('products.maxPerOrderHint', { max: MAX_PER_ORDER_LIMIT })}
          type="number"
          min={1}
          max={MAX_PER_ORDER_LIMIT}
          error={errors.max_per_order?.message}
          disabled={disabled}
          {...form.register('max_per_order', { valueAsNumber: true })}
        />
      </div>
      <FieldSet legend={t('products.channels')} error={errors.sales_channels?.message} className="check-columns">
        {SALES_CHANNELS.map((channel) => (
          <CheckboxField
            key={channel}
            label={t(`salesChannels.${channel}`)}
            value={channel}
            disabled={disabled}
            {...form.register('sales_channels')}
          />
        ))}
      </FieldSet>

      <section className="panel" aria-labelledby="product-texts-title">
        <h2 id="product-texts-title">{t('products.texts')}</h2>
        <div className="language-tabs" role="tablist" aria-label={t('products.textLanguage')}>
          {languages.map((code) => (
            <button
              key={code}
              type="button"
              role="tab"
              id={`product-tab-${code}`}
              aria-selected={tab === code}
              aria-controls="product-texts-panel"
              tabIndex={tab === code ? 0 : -1}
              className={`language-tab${tab === code ? ' is-current' : ''}`}
              onClick={() => setTab(code)}
              onKeyDown={(event) => {
                const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
                if (!step) return;
                const next = languages[(languages.indexOf(code) + step + languages.length) % languages.length] ?? code;
                setTab(next);
                document.getElementById(`product-tab-${next}`)?.focus();
              }}
            >
              {languageName(code)}
              {code === defaultLanguage ? ` (${t('common.required')})` : null}
            </button>
          ))}
        </div>
        <div id="product-texts-panel" role="tabpanel" aria-labelledby={`product-tab-${tab}`} lang={tab}>
          <TextField
            key={`name-${tab}`}
            label={t('products.name')}
            error={nameError(errors.name?.message)}
            disabled={disabled}
            {...form.register(`name.${tab}`)}
          />
          <TextField
            key={`presented-${tab}`}
            label={t('products.presentedBy')}
            disabled={disabled}
            {...form.register(`presented_by.${tab}`)}
          />
          <TextArea
            key={`description-${tab}`}
            label={t('products.description')}
            disabled={disabled}
            {...form.register(`description.${tab}`)}
          />
          <TextArea
            key={`caution-${tab}`}
            label={t('products.caution')}
            disabled={disabled}
            {...form.register(`caution.${tab}`)}
          />
        </div>
      </section>

      <section className="panel" aria-labelledby="product-options-title">
        <h2 id="product-options-title">{t('products.options')}</h2>
        <p className="field-hint">{t('products.optionsHint', { language: languageName(tab) })}</p>
        {errors.options?.message || errors.options?.root?.message ? (
          <p className="field-error" role="alert">
            {errors.options?.message ?? errors.options?.root?.message}
          </p>
        ) : null}
        <ol className="item-rows">
          {options.fields.map((field, index) => (
            <li key={field.id} className="item-row">
              <SelectField label={t('products.optionType')} disabled={disabled} {...form.register(`options.${index}.type`)}>
                {OPTION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`products.optionTypes.${type}`)}
                  </option>
                ))}
              </SelectField>
              <TextField
                key={`option-name-${tab}`}
                label={t('products.optionName', { language: languageName(tab) })}
                lang={tab}
                error={nameError(errors.options?.[index]?.name?.message)}
                disabled={disabled}
                {...form.register(`options.${index}.name.${tab}`)}
              />
              <TextField
                label={price}
                type="number"
                min={0}
                error={errors.options?.[index]?.price?.message}
                disabled={disabled}
                {...form.register(`options.${index}.price`, { valueAsNumber: true })}
              />
              {props.mayWrite ? (
                <RowMoves
                  index={index}
                  count={options.fields.length}
                  name={textIn(form.getValues(`options.${index}.name`) ?? {}, tab, String(index + 1))}
                  onMove={(to) => options.move(index, to)}
                  onRemove={() => options.remove(index)}
                />
              ) : null}
            </li>
          ))}
        </ol>
        {props.mayWrite ? (
          <button type="button" className="button" onClick={() => options.append({ type: 'admission', name: {}, price: 0 })}>
            {t('products.addOption')}
          </button>
        ) : null}
      </section>

      <section className="panel" aria-labelledby="product-sets-title">
        <h2 id="product-sets-title">{t('products.setProducts')}</h2>
        <ol className="item-rows">
          {sets.fields.map((field, index) => (
            <li key={field.id} className="item-row">
              <TextField
                key={`set-name-${tab}`}
                label={t('products.setName', { language: languageName(tab) })}
                lang={tab}
                error={nameError(errors.set_products?.[index]?.name?.message)}
                disabled={disabled}
                {...form.register(`set_products.${index}.name.${tab}`)}
              />
              <TextField
                key={`set-description-${tab}`}
                label={t('products.setDescription', { language: languageName(tab) })}
                lang={tab}
                disabled={disabled}
                {...form.register(`set_products.${index}.description.${tab}`)}
              />
              <TextField
                label={price}
                type="number"
                min={0}
                error={errors.set_products?.[index]?.price?.message}
                disabled={disabled}
                {...form.register(`set_products.${index}.price`, { valueAsNumber: true })}
              />
              <TextField
                label={t('products.capacityPerSlot')}
                type="number"
                min={0}
                error={errors.set_products?.[index]?.capacity_per_slot?.message}
                disabled={disabled}
                {...form.register(`set_products.${index}.capacity_per_slot`, { valueAsNumber: true })}
              />
              {props.mayWrite ? (
                <RowMoves
                  index={index}
                  count={sets.fields.length}
                  name={textIn(form.getValues(`set_products.${index}.name`) ?? {}, tab, String(index + 1))}
                  onMove={(to) => sets.move(index, to)}
                  onRemove={() => sets.remove(index)}
                />
              ) : null}
            </li>
          ))}
        </ol>
        {sets.fields.length === 0 ? <p className="field-hint">{t('products.noSetProducts')}</p> : null}
        {props.mayWrite ? (
          <button
            type="button"
            className="button"
            onClick={() => sets.append({ name: {}, description: {}, price: 0, capacity_per_slot: 0 })}
          >
            {t('products.addSetProduct')}
          </button>
        ) : null}
      </section>

      <section className="panel" aria-labelledby="product-self-cancel-title">
        <h2 id="product-self-cancel-title">{t('products.selfCancel')}</h2>
        <CheckboxField
          label={t('products.selfCancelAllowed')}
          hint={t('products.selfCancelHint')}
          checked={selfCancel !== null && selfCancel !== undefined}
          disabled={disabled}
          onChange={(event) =>
            form.setValue('self_cancel', event.target.checked ? FIRST_SELF_CANCEL : null, { shouldDirty: true })
          }
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
              label={t('products.selfCancelFee', { currency: props.venue.currency })}
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

      <ImagePicker
        code={props.code}
        label={t('products.image')}
        image={image}
        languages={languages}
        mayWrite={props.mayWrite}
        onChange={setImage}
      />

      {props.mayWrite ? (
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {props.product ? t('common.save') : t('products.create')}
          </button>
        </div>
      ) : null}
    </form>
  );
}

function TextArea(
  props: { label: string } & React.TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: React.Ref<HTMLTextAreaElement> },
) {
  const { label, ...area } = props;
  const id = `product-${String(area.name).replaceAll('.', '-')}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} rows={4} {...area} />
    </div>
  );
}

function RowMoves(props: { index: number; count: number; name: string; onMove: (to: number) => void; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="row-moves">
      <button
        type="button"
        className="button button-quiet"
        disabled={props.index === 0}
        aria-label={t('products.moveUp', { name: props.name })}
        onClick={() => props.onMove(props.index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="button button-quiet"
        disabled={props.index === props.count - 1}
        aria-label={t('products.moveDown', { name: props.name })}
        onClick={() => props.onMove(props.index + 1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="button button-quiet"
        aria-label={t('products.removeNamed', { name: props.name })}
        onClick={props.onRemove}
      >
        {t('products.remove')}
      </button>
    </div>
  );
}
