import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDialog, confirmDialog, dialogQueue, dismissDialog, hasNegativeButton, openDialog } from './dialog-store.ts';

describe('dialog queue', () => {
  beforeEach(() => dialogQueue.set([]));

  it('shows the first queued dialog and the next after it closes', () => {
    const first = openDialog({ title: 'One' });
    openDialog({ title: 'Two' });
    expect(dialogQueue.get()[0]?.title).toBe('One');
    closeDialog(first);
    expect(dialogQueue.get().map((d) => d.title)).toEqual(['Two']);
  });

  it('closes the first dialog when no number is given, and only the numbered one otherwise', () => {
    openDialog({ title: 'One' });
    const second = openDialog({ title: 'Two' });
    openDialog({ title: 'Three' });
    closeDialog(second);
    expect(dialogQueue.get().map((d) => d.title)).toEqual(['One', 'Three']);
    closeDialog();
    expect(dialogQueue.get().map((d) => d.title)).toEqual(['Three']);
  });

  it('runs okAction then closes on OK, without onClose', () => {
    const order: string[] = [];
    openDialog({
      title: 'One',
      okAction: () => order.push(`ok:${dialogQueue.get().length}`),
      onClose: () => order.push('close'),
    });
    const [entry] = dialogQueue.get();
    if (!entry) throw new Error('no dialog');
    confirmDialog(entry);
    expect(order).toEqual(['ok:1']);
    expect(dialogQueue.get()).toEqual([]);
  });

  it('closes and runs onClose on the secondary button or the background', () => {
    const onClose = vi.fn();
    const okAction = vi.fn();
    openDialog({ title: 'One', ngButtonTextKey: 'common_cancel', okAction, onClose });
    const [entry] = dialogQueue.get();
    if (!entry) throw new Error('no dialog');
    dismissDialog(entry);
    expect(onClose).toHaveBeenCalledOnce();
    expect(okAction).not.toHaveBeenCalled();
    expect(dialogQueue.get()).toEqual([]);
  });

  it('has a secondary button only when a negative label is given', () => {
    expect(hasNegativeButton({ number: 1, title: 'x' })).toBe(false);
    expect(hasNegativeButton({ number: 1, title: 'x', ngButtonText: 'No' })).toBe(true);
    expect(hasNegativeButton({ number: 1, title: 'x', ngButtonTextKey: 'common_cancel' })).toBe(true);
  });
});
