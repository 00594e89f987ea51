/** The product's set products (sold with it, each with a price and a capacity per slot) as rows to add, remove and reorder. */
import type { LanguageCode } from '@storefront/domain/constants';
import { type FieldErrors, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/field.tsx';
import { type FormInput, languageName, type ProductFormApi } from './product-form.ts';
import { textIn } from './products-api.ts';
import { RowMoves } from './row-moves.tsx';

export function SetProductsSection(props: {
  form: ProductFormApi;
  errors: FieldErrors<FormInput>;
  tab: LanguageCode;
  disabled: boolean;
  mayWrite: boolean;
  price: string;
  nameError: (message: string | undefined) => string | undefined;
}) {
  const { t } = useTranslation();
  const { form, errors, tab, disabled, price, nameError } = props;
  const sets = useFieldArray({ control: form.control, name: 'set_products' });
  return (
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
  );
}
