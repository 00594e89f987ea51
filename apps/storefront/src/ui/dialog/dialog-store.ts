/**
 * The dialog queue of SPEC §4: the first queued dialog is shown; OK runs its okAction and closes
 * it; the secondary button (only when a negative label is given) or the background closes it and
 * runs onClose; closing removes it by number (or the first), and the next appears.
 */
import { createExternalStore } from '../external-store.ts';

export type DialogEntry = {
  number: number;
  title?: string;
  titleKey?: string;
  text?: string;
  textKey?: string;
  /** Values for the {placeholders} of the keyed texts. */
  values?: Record<string, string | number>;
  okButtonText?: string;
  okButtonTextKey?: string;
  ngButtonText?: string;
  ngButtonTextKey?: string;
  okAction?: () => void;
  onClose?: () => void;
};

export type DialogRequest = Omit<DialogEntry, 'number'>;

export const dialogQueue = createExternalStore<DialogEntry[]>([]);
let nextNumber = 1;

export function openDialog(request: DialogRequest): number {
  const number = nextNumber++;
  dialogQueue.set((queue) => [...queue, { ...request, number }]);
  return number;
}

/** Removes the dialog with this number, or the first one when none is given. */
export function closeDialog(number?: number): void {
  dialogQueue.set((queue) => (number === undefined ? queue.slice(1) : queue.filter((entry) => entry.number !== number)));
}

export function hasNegativeButton(entry: DialogEntry): boolean {
  return Boolean(entry.ngButtonText || entry.ngButtonTextKey);
}

/** OK: run okAction, then close. */
export function confirmDialog(entry: DialogEntry): void {
  entry.okAction?.();
  closeDialog(entry.number);
}

/** Secondary button or background: close, then run onClose. */
export function dismissDialog(entry: DialogEntry): void {
  closeDialog(entry.number);
  entry.onClose?.();
}
