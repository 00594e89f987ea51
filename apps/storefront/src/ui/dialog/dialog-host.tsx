import { lazy, Suspense } from 'react';
import { useStore } from '../external-store.ts';
import { dialogQueue } from './dialog-store.ts';

const loadDialog = () => import('./queued-dialog.tsx');
const QueuedDialog = lazy(loadDialog);

/**
 * Shows the first dialog of the queue. The dialog's code is not needed to render a page, so it
 * loads after the first paint (preloadDialog), ready before any request can fail.
 */
export function DialogHost() {
  const [first] = useStore(dialogQueue);
  if (!first) return null;
  return (
    <Suspense fallback={null}>
      <QueuedDialog key={first.number} entry={first} />
    </Suspense>
  );
}

export function preloadDialog(): void {
  void loadDialog();
}
