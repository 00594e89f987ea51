import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { confirmDialog, type DialogEntry, dismissDialog, hasNegativeButton } from './dialog-store.ts';

/** One queued dialog, with focus trap, Esc and aria from Radix. */
export default function QueuedDialog({ entry }: { entry: DialogEntry }) {
  const { t } = useTranslation();
  const text = (plain: string | undefined, key: string | undefined, fallbackKey?: string) =>
    plain ?? (key ? t(key, entry.values) : fallbackKey ? t(fallbackKey) : '');
  const title = text(entry.title, entry.titleKey);
  const body = text(entry.text, entry.textKey);
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) dismissDialog(entry);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" data-dialog-number={entry.number}>
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          {body ? (
            <Dialog.Description className="dialog-text">{body}</Dialog.Description>
          ) : (
            <Dialog.Description className="visually-hidden">{title}</Dialog.Description>
          )}
          <div className="dialog-actions">
            {hasNegativeButton(entry) && (
              <button type="button" className="button button-secondary" onClick={() => dismissDialog(entry)}>
                {text(entry.ngButtonText, entry.ngButtonTextKey)}
              </button>
            )}
            <button type="button" className="button button-primary" onClick={() => confirmDialog(entry)}>
              {text(entry.okButtonText, entry.okButtonTextKey, 'common_ok')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
