/** The small menu: the language, and unpairing this device (or ending a staff member's scanning). */
import type { CheckInMode } from '@storefront/domain/api/tickets';
import { LANGUAGE_CODES, LANGUAGE_TAGS, type LanguageCode } from '@storefront/domain/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode, LANGUAGE_NAMES } from '../lib/i18n.ts';

function LanguageSelect(props: { lang: LanguageCode; onChange: (lang: LanguageCode) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="language">
      <label htmlFor={id}>{t('language')}</label>
      <select
        id={id}
        value={props.lang}
        onChange={(event) => {
          if (isLanguageCode(event.target.value)) props.onChange(event.target.value);
        }}
      >
        {LANGUAGE_CODES.map((lang) => (
          <option key={lang} value={lang} lang={LANGUAGE_TAGS[lang]}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Entry, or handing over the set products a ticket carries (its set pass). */
function ModeSelect(props: { mode: CheckInMode; onChange: (mode: CheckInMode) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="language">
      <label htmlFor={id}>{t('mode_label')}</label>
      <select id={id} value={props.mode} onChange={(event) => props.onChange(event.target.value === 'set' ? 'set' : 'gate')}>
        <option value="gate">{t('mode_gate')}</option>
        <option value="set">{t('mode_set')}</option>
      </select>
    </div>
  );
}

export function Menu(props: {
  lang: LanguageCode;
  onLanguage: (lang: LanguageCode) => void;
  /** What the device scans for, once it scans for someone. */
  mode: { value: CheckInMode; set: (mode: CheckInMode) => void } | null;
  /** null before the device scans for anyone. */
  unpair: { label: string; confirm: string; run: () => void } | null;
}) {
  const { t } = useTranslation();
  const panel = useId();
  const [isOpen, setOpen] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [isOpen]);
  return (
    <div className="menu" ref={root} data-menu-open={isOpen}>
      <button
        type="button"
        className="button menu-button"
        aria-expanded={isOpen}
        aria-controls={panel}
        onClick={() => {
          setOpen((open) => !open);
          setConfirming(false);
        }}
      >
        <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t('menu')}
      </button>
      {isOpen && (
        <div className="menu-panel" id={panel}>
          <LanguageSelect lang={props.lang} onChange={props.onLanguage} />
          {props.mode && <ModeSelect mode={props.mode.value} onChange={props.mode.set} />}
          {props.unpair &&
            (isConfirming ? (
              <div className="confirm">
                <p>{props.unpair.confirm}</p>
                <button
                  type="button"
                  className="button danger"
                  onClick={() => {
                    setOpen(false);
                    props.unpair?.run();
                  }}
                >
                  {props.unpair.label}
                </button>
                <button type="button" className="button" onClick={() => setConfirming(false)}>
                  {t('cancel')}
                </button>
              </div>
            ) : (
              <button type="button" className="button danger" onClick={() => setConfirming(true)}>
                {props.unpair.label}
              </button>
            ))}
        </div>
      )}
    </div>
  );
}
