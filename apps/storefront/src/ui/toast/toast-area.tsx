import { useStore } from '../external-store.ts';
import { toast } from './toast-store.ts';

/** The toast area at the top of the page; announced politely to screen readers. */
export function ToastArea() {
  const { text, isOpen } = useStore(toast);
  return (
    <div className="toast-area" role="status" aria-live="polite">
      <div className={`toast${isOpen ? ' toast-open' : ''}`} data-open={isOpen} hidden={text === ''}>
        {text}
      </div>
    </div>
  );
}
