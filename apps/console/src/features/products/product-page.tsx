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
  MAX_PER_ORDER_LIMIT,
  type NewProductBody,
  PRODUCT_SALE_TYPES,
} from '@storefront/domain/console/products';
import type { VenueSummary } from '@storefront/domain/console/venues';
import { type LanguageCode, PRODUCT_TYPES, SALES_CHANNELS } from '@storefront/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../lib/api/client.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { hasVenueRight, useSession, venueOf } from '../../lib/session.ts';
import { CheckboxField, FieldSet, SelectField, TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { ImagePicker } from './image-picker.tsx';
import { OptionsSection } from './options-section.tsx';
import { type FormInput, languageName, productForm, toForm } from './product-form.ts';
import { productQueries, textIn, useSaveProduct } from './products-api.ts';
import { SelfCancelSection } from './self-cancel-section.tsx';
import { SetProductsSection } from './set-products-section.tsx';
import { TextsSection } from './texts-section.tsx';
import { WaitingListSection } from './waiting-list-section.tsx';
import './products.css';

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
  const nameError = (message: string | undefined) =>
    message ? `${message} (${t('products.requiredIn', { language: languageName(defaultLanguage) })})` : undefined;
  const price = t('products.priceIn', { currency: props.venue.currency });

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

      <TextsSection
        form={form}
        errors={errors}
        languages={languages}
        defaultLanguage={defaultLanguage}
        tab={tab}
        onTab={setTab}
        disabled={disabled}
        nameError={nameError}
      />

      <OptionsSection
        form={form}
        errors={errors}
        tab={tab}
        disabled={disabled}
        mayWrite={props.mayWrite}
        price={price}
        nameError={nameError}
      />

      <SetProductsSection
        form={form}
        errors={errors}
        tab={tab}
        disabled={disabled}
        mayWrite={props.mayWrite}
        price={price}
        nameError={nameError}
      />

      <SelfCancelSection form={form} errors={errors} disabled={disabled} currency={props.venue.currency} />

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
