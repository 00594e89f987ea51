/**
 * `/venues/:code/texts` (`catalogue:read`; saving needs `catalogue:write`): the shop's texts of
 * the venue in each of the six languages the shop can show. A search by key or text, a filter to
 * the missing ones, inline editing with the shared default as a hint, and a save of the changed
 * keys only. A refusal names its key and shows beside that text.
 */

import { MAX_SHOP_TEXT_LENGTH, placeholdersOf, type ShopText, shopTextProblem } from '@storefront/domain/console/venue-settings';
import { LANGUAGE_CODES, type LanguageCode } from '@storefront/domain/constants';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/client.ts';
import { LANGUAGE_NAMES, LANGUAGE_TAGS } from '../../lib/i18n/i18n.ts';
import { CheckboxField, FieldError, TextField } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { filterTexts } from './editing.ts';
import { useSaveVenueTexts, venueSettingsQueries } from './venue-settings-api.ts';
import './venue-settings.css';

export default function TextsPage() {
  const { t } = useTranslation();
  return (
    <VenueGate screen="venue-texts" title={t('venueSettings.texts.title')}>
      {({ venue, mayWrite }) => <Texts code={venue.code} venueName={venue.name} mayWrite={mayWrite} />}
    </VenueGate>
  );
}

function Texts(props: { code: string; venueName: string; mayWrite: boolean }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<LanguageCode>('ja');
  const tabsId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // Arrow keys move between the language tabs, as a tab list does.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + LANGUAGE_CODES.length) % LANGUAGE_CODES.length;
    setLang(LANGUAGE_CODES[next] ?? 'ja');
    tabRefs.current[next]?.focus();
  };
  return (
    <Screen name="venue-texts" title={t('venueSettings.texts.titleAt', { venue: props.venueName })}>
      <p className="field-hint">{t('venueSettings.texts.intro')}</p>
      <div role="tablist" aria-label={t('venueSettings.texts.languages')} className="language-tabs">
        {LANGUAGE_CODES.map((code, index) => (
          <button
            key={code}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${tabsId}-${code}`}
            aria-selected={code === lang}
            aria-controls={`${tabsId}-panel`}
            tabIndex={code === lang ? 0 : -1}
            lang={LANGUAGE_TAGS[code]}
            className={`tab${code === lang ? ' tab-current' : ''}`}
            onClick={() => setLang(code)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {LANGUAGE_NAMES[code]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${lang}`}>
        {/* A new language starts with nothing edited: the key resets the editor's state. */}
        <TextsEditor key={lang} code={props.code} lang={lang} mayWrite={props.mayWrite} />
      </div>
    </Screen>
  );
}

function TextsEditor(props: { code: string; lang: LanguageCode; mayWrite: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(venueSettingsQueries.texts(props.code, props.lang));
  const [search, setSearch] = useState('');
  const [missingOnly, setMissingOnly] = useState(false);
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const texts = query.data?.texts ?? [];
  const shown = useMemo(() => filterTexts(texts, search, missingOnly), [texts, search, missingOnly]);
  const missingCount = texts.filter((text) => text.missing).length;
  const changed = Object.fromEntries(
    Object.entries(edits).filter(([key, value]) => value !== (texts.find((text) => text.key === key)?.value ?? '')),
  );
  const changedCount = Object.keys(changed).length;

  const save = useSaveVenueTexts(props.code, props.lang, {
    onMutate: () => setSaved(false),
    onSuccess: () => {
      setEdits({});
      setProblems({});
      setSaved(true);
    },
    onError: (error) => {
      const key = isApiError(error) && error.status === 400 ? error.field?.replace(/^texts\./, '') : undefined;
      if (key && key in changed) setProblems({ [key]: t('validation.rejected') });
    },
  });

  function submit() {
    // The same rules as the server's, so most mistakes show before anything is sent.
    const found: Record<string, string> = {};
    for (const [key, value] of Object.entries(changed)) {
      const text = texts.find((entry) => entry.key === key);
      const reference = text?.default ?? text?.value ?? null;
      const problem = shopTextProblem(value, reference);
      if (!problem) continue;
      found[key] = problem.includes('placeholder')
        ? t('venueSettings.texts.placeholders', {
            names: placeholdersOf(reference ?? '')
              .map((name) => `{${name}}`)
              .join(' '),
          })
        : problem.includes('empty')
          ? t('validation.required')
          : t('validation.tooLong', { count: MAX_SHOP_TEXT_LENGTH });
    }
    setProblems(found);
    if (Object.keys(found).length === 0 && changedCount > 0) save.mutate(changed);
  }

  if (query.isPending) return <Loading />;
  if (query.isError) return <ProblemNotice error={query.error} />;
  return (
    <form
      className="texts-editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="texts-toolbar">
        <TextField
          label={t('venueSettings.texts.search')}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <CheckboxField
          label={t('venueSettings.texts.missingOnly', { count: missingCount })}
          checked={missingOnly}
          onChange={(event) => setMissingOnly(event.target.checked)}
        />
        <p className="texts-count" role="status">
          {t('venueSettings.texts.shown', { count: shown.length, total: texts.length })}
        </p>
      </div>
      <ul className="texts-list" aria-label={t('venueSettings.texts.list')}>
        {shown.map((text) => (
          <TextRow
            key={text.key}
            text={text}
            lang={props.lang}
            value={edits[text.key] ?? text.value ?? ''}
            problem={problems[text.key]}
            readOnly={!props.mayWrite}
            onChange={(value) => setEdits((current) => ({ ...current, [text.key]: value }))}
          />
        ))}
      </ul>
      {shown.length === 0 ? <p>{t('venueSettings.texts.none')}</p> : null}
      <div className="texts-save">
        {Object.keys(problems).length > 0 ? <Notice kind="error">{t('venueSettings.fixFields')}</Notice> : null}
        {Object.keys(problems).length === 0 ? <ProblemNotice error={save.error} /> : null}
        {saved && changedCount === 0 ? <Notice kind="success">{t('venueSettings.saved')}</Notice> : null}
        {props.mayWrite ? (
          <button type="submit" className="button button-primary" disabled={save.isPending || changedCount === 0}>
            {t('venueSettings.texts.save', { count: changedCount })}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function TextRow(props: {
  text: ShopText;
  lang: LanguageCode;
  value: string;
  problem: string | undefined;
  readOnly: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { text } = props;
  const hintId = text.default !== null ? `${id}-default` : undefined;
  const errorId = props.problem ? `${id}-error` : undefined;
  return (
    <li className={`text-row${text.missing ? ' text-missing' : ''}`}>
      <label htmlFor={id} className="text-key">
        <code>{text.key}</code>
        {text.missing ? <span className="badge badge-warning">{t('venueSettings.texts.missing')}</span> : null}
      </label>
      <textarea
        id={id}
        lang={LANGUAGE_TAGS[props.lang]}
        rows={Math.min(6, Math.max(1, Math.ceil(props.value.length / 70)))}
        value={props.value}
        readOnly={props.readOnly}
        aria-invalid={props.problem ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {text.default !== null ? (
        <p id={hintId} className="field-hint" lang={LANGUAGE_TAGS[props.lang]}>
          {t('venueSettings.texts.default')} {text.default}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={props.problem} />
    </li>
  );
}
