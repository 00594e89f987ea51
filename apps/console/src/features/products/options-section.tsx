/** The product's options (admission types and their prices) as rows to add, remove and reorder. */
import { OPTION_TYPES } from '@storefront/domain/console/products';
import type { LanguageCode } from '@storefront/domain/constants';
import { type FieldErrors, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../ui/field.tsx';
import { type FormInput, languageName, type ProductFormApi } from './product-form.ts';
import { textIn } from './products-api.ts';
import { RowMoves } from './row-moves.tsx';

export function OptionsSection(props: {
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
  const options = useFieldArray({ control: form.control, name: 'options' });
  return (
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
  );
}
