/** The product's texts in the venue's languages, one tab each: name, presented by, description and caution. */
import type { LanguageCode } from '@storefront/domain/constants';
import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/field.tsx';
import { type FormInput, languageName, type ProductFormApi } from './product-form.ts';

export function TextsSection(props: {
  form: ProductFormApi;
  errors: FieldErrors<FormInput>;
  languages: readonly LanguageCode[];
  defaultLanguage: LanguageCode;
  tab: LanguageCode;
  onTab: (tab: LanguageCode) => void;
  disabled: boolean;
  nameError: (message: string | undefined) => string | undefined;
}) {
  const { t } = useTranslation();
  const { form, errors, languages, defaultLanguage, tab, disabled, nameError } = props;
  const setTab = props.onTab;
  return (
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
        <TextArea key={`caution-${tab}`} label={t('products.caution')} disabled={disabled} {...form.register(`caution.${tab}`)} />
      </div>
    </section>
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
