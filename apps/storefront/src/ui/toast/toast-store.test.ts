import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, toast } from './toast-store.ts';

describe('toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens with its text, closes after 3,500 ms and clears the text 1,000 ms later', () => {
    showToast('Saved');
    expect(toast.get()).toEqual({ text: 'Saved', isOpen: true });
    vi.advanceTimersByTime(3_499);
    expect(toast.get().isOpen).toBe(true);
    vi.advanceTimersByTime(1);
    expect(toast.get()).toEqual({ text: 'Saved', isOpen: false });
    vi.advanceTimersByTime(999);
    expect(toast.get().text).toBe('Saved');
    vi.advanceTimersByTime(1);
    expect(toast.get()).toEqual({ text: '', isOpen: false });
  });

  it('resets the timer when a new text arrives', () => {
    showToast('First');
    vi.advanceTimersByTime(3_000);
    showToast('Second');
    vi.advanceTimersByTime(3_000);
    expect(toast.get()).toEqual({ text: 'Second', isOpen: true });
    vi.advanceTimersByTime(500);
    expect(toast.get().isOpen).toBe(false);
  });
});
