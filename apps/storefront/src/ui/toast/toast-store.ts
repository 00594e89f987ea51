/**
 * The toast of SPEC §4: when its text becomes non-empty it opens and any previous timer is reset;
 * it closes after 3,500 ms and its text is cleared 1,000 ms later.
 */
import { TOAST_CLEAR_DELAY_MS, TOAST_VISIBLE_MS } from '@storefront/domain/constants';
import { createExternalStore } from '../external-store.ts';

export type ToastState = { text: string; isOpen: boolean };

export const toast = createExternalStore<ToastState>({ text: '', isOpen: false });
let closeTimer: ReturnType<typeof setTimeout> | null = null;
let clearTimer: ReturnType<typeof setTimeout> | null = null;

export function showToast(text: string): void {
  if (closeTimer) clearTimeout(closeTimer);
  if (clearTimer) clearTimeout(clearTimer);
  toast.set({ text, isOpen: text !== '' });
  if (text === '') return;
  closeTimer = setTimeout(() => {
    toast.set((state) => ({ ...state, isOpen: false }));
    clearTimer = setTimeout(() => toast.set({ text: '', isOpen: false }), TOAST_CLEAR_DELAY_MS);
  }, TOAST_VISIBLE_MS);
}
