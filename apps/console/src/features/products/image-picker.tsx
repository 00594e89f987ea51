/**
 * Choosing a picture: upload a file (JPEG, PNG, WebP or AVIF, at most 15 MB), see its preview,
 * write its alternative text in the venue's languages, or remove it. Used by the product editor
 * and the venue images screen.
 */
import type { ConsoleImage } from '@storefront/domain/console/products';
import { IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES } from '@storefront/domain/images';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../lib/i18n/i18n.ts';
import { Notice, ProblemNotice } from '../../ui/notice.tsx';
import { useSetImageAlt, useUploadImage } from './products-api.ts';

export function ImagePicker(props: {
  code: string;
  label: string;
  image: ConsoleImage | null;
  languages: readonly string[];
  mayWrite: boolean;
  onChange: (image: ConsoleImage | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [tooLarge, setTooLarge] = useState(false);
  const [alt, setAlt] = useState<Record<string, string>>(props.image?.alt ?? {});
  const [isAltSaved, setAltSaved] = useState(false);
  const upload = useUploadImage(props.code, {
    onSuccess: (image) => {
      setAlt(image.alt);
      props.onChange(image);
    },
  });
  const saveAlt = useSetImageAlt(props.code, {
    onSuccess: (image) => {
      setAltSaved(true);
      props.onChange(image);
    },
  });
  const image = props.image;
  return (
    <fieldset className="fieldset image-picker">
      <legend>{props.label}</legend>
      {image ? (
        <img
          className="image-preview"
          src={image.preview_url}
          width={image.width}
          height={image.height}
          alt={t('products.imagePreview', { alt: alt.en || alt.ja || '' })}
        />
      ) : (
        <p className="field-hint">{t('products.noImage')}</p>
      )}
      {props.mayWrite ? (
        <div className="field">
          <label htmlFor={`${id}-file`}>{image ? t('products.replaceImage') : t('products.uploadImage')}</label>
          <p id={`${id}-hint`} className="field-hint">
            {t('products.imageHint')}
          </p>
          <input
            id={`${id}-file`}
            type="file"
            accept={IMAGE_CONTENT_TYPES.join(',')}
            aria-describedby={`${id}-hint`}
            disabled={upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              setTooLarge(file.size > MAX_IMAGE_BYTES);
              if (file.size <= MAX_IMAGE_BYTES) upload.mutate(file);
            }}
          />
        </div>
      ) : null}
      {upload.isPending ? <p aria-live="polite">{t('products.uploading')}</p> : null}
      {tooLarge ? <Notice kind="error">{t('products.imageTooLarge')}</Notice> : null}
      <ProblemNotice error={upload.error ?? saveAlt.error} />
      {image ? (
        <div className="image-alt">
          {props.languages.map((lang) => (
            <div className="field" key={lang}>
              <label htmlFor={`${id}-alt-${lang}`}>
                {t('products.altIn', { language: LANGUAGE_NAMES[lang as keyof typeof LANGUAGE_NAMES] ?? lang })}
              </label>
              <input
                id={`${id}-alt-${lang}`}
                lang={lang}
                value={alt[lang] ?? ''}
                disabled={!props.mayWrite}
                maxLength={300}
                onChange={(event) => {
                  setAltSaved(false);
                  setAlt({ ...alt, [lang]: event.target.value });
                }}
              />
            </div>
          ))}
          {props.mayWrite ? (
            <div className="actions">
              <button
                type="button"
                className="button"
                disabled={saveAlt.isPending}
                onClick={() => saveAlt.mutate({ id: image.id, alt })}
              >
                {t('products.saveAlt')}
              </button>
              <button type="button" className="button button-quiet" onClick={() => props.onChange(null)}>
                {t('products.removeImage')}
              </button>
              {isAltSaved ? <span aria-live="polite">{t('products.altSaved')}</span> : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
