/**
 * Recovery codes, shown once (only their hashes are kept): copy, download or print them, and say
 * they are stored before going on.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../field.tsx';
import './two-factor.css';

export function RecoveryCodesShown(props: { codes: string[]; onDone: () => void; doneLabel: string }) {
  const { t } = useTranslation();
  const [isStored, setStored] = useState(false);
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const headingId = useId();
  const text = props.codes.join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <section className="recovery-codes print-area" aria-labelledby={headingId} data-testid="recovery-codes">
      <h2 id={headingId}>{t('recovery.title')}</h2>
      <p>{t('recovery.intro')}</p>
      <ol className="recovery-code-list">
        {props.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="button-row no-print">
        <button type="button" className="button" onClick={() => void copy()}>
          {t('recovery.copy')}
        </button>
        <button type="button" className="button" onClick={download}>
          {t('recovery.download')}
        </button>
        <button type="button" className="button" onClick={() => window.print()}>
          {t('recovery.print')}
        </button>
        <span role="status" className="field-hint">
          {copied === 'copied' ? t('recovery.copied') : copied === 'failed' ? t('recovery.copyFailed') : ''}
        </span>
      </div>
      <div className="no-print">
        <CheckboxField label={t('recovery.stored')} checked={isStored} onChange={(event) => setStored(event.target.checked)} />
        <button type="button" className="button button-primary" disabled={!isStored} onClick={props.onDone}>
          {props.doneLabel}
        </button>
      </div>
    </section>
  );
}
