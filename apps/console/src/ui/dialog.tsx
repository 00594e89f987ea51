/**
 * A modal dialog on the native <dialog>: the browser traps focus, Escape closes it and focus goes
 * back to what opened it. Labelled by its heading.
 */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './dialog.css';

export function Dialog(props: { isOpen: boolean; title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { isOpen, onClose } = props;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!isOpen && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [isOpen]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, [onClose]);

  return (
    <dialog ref={ref} className={`dialog${props.wide ? ' dialog-wide' : ''}`} aria-labelledby={titleId}>
      {isOpen ? (
        <>
          <header className="dialog-header">
            <h2 id={titleId}>{props.title}</h2>
            <button type="button" className="button button-quiet" onClick={onClose}>
              {t('common.close')}
            </button>
          </header>
          <div className="dialog-body">{props.children}</div>
        </>
      ) : null}
    </dialog>
  );
}
