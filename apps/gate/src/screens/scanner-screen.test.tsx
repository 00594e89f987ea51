import type { GateResult } from '@storefront/domain/console/gate';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESULT_SHOWN_MS } from '../lib/contract.ts';
import type { GateState } from '../lib/gate-state.ts';
import { createGateI18n } from '../lib/i18n.ts';
import type { Shown } from '../lib/result-text.ts';
import { ScannerScreen } from './scanner-screen.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const STATE: GateState = {
  phase: 'ready',
  credentials: {
    kind: 'device',
    token: 't',
    device: { id: 'd', name: 'Phone 1', gate: 'north' },
    venue: { code: 'demo', name: 'Demo' },
  },
  caller: {
    venue: { code: 'demo', name: 'Demo Garden', time_zone: 'Asia/Tokyo' },
    caller: { kind: 'device', id: 'd', name: 'Phone 1', gate: 'north' },
  },
  kit: null,
  kitSyncedAt: '2026-11-25T05:00:00Z',
  online: true,
  waiting: 2,
  conflicts: 1,
  lastUpload: null,
  mode: 'gate',
};

const SUCCESS: GateResult = {
  status: 'success',
  reason: null,
  product_name: 'Garden entry',
  admissions: [
    { id: 'a1', option_name: 'Adult', position: 1 },
    { id: 'a2', option_name: 'Child', position: 2 },
  ],
  admitted: 2,
  slot: null,
  used: null,
  checked_in_at: '2026-11-25T05:00:00Z',
};

describe('the scanner screen', () => {
  let container: HTMLDivElement;
  let root: Root;
  let scan: ReturnType<typeof vi.fn<(code: string) => Promise<Shown>>>;

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-25T05:10:00Z'));
    scan = vi.fn<(code: string) => Promise<Shown>>();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    const actions = { scan, findBooking: vi.fn(), checkInAdmission: vi.fn() };
    await act(async () => {
      root.render(
        <I18nextProvider i18n={createGateI18n('en')}>
          <ScannerScreen state={STATE} actions={actions} lang="en" menu={null} />
        </I18nextProvider>,
      );
    });
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.useRealTimers();
  });

  const field = () => container.querySelector<HTMLInputElement>('form.wedge input[name="code"]') as HTMLInputElement;
  /** A barcode reader types the code and presses Enter. */
  async function wedge(code: string) {
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(field(), code);
      field().dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      field().form?.requestSubmit();
    });
  }
  const result = () => container.querySelector('.result');

  it('shows the strip, keeps the code field focused, and shows a result full screen until it clears to Ready', async () => {
    expect(container.querySelector('[data-testid="waiting"]')?.textContent).toBe('2 scans waiting to upload');
    expect(container.querySelector('[data-testid="conflicts"]')?.textContent).toBe('1 conflict reported to the console');
    expect(document.activeElement).toBe(field());

    scan.mockResolvedValueOnce({ kind: 'result', result: SUCCESS, offline: false });
    await wedge('SF2.k1.code.sig');
    expect(scan).toHaveBeenCalledWith('SF2.k1.code.sig');
    expect(result()?.getAttribute('data-result')).toBe('success');
    expect(result()?.textContent).toContain('Admit 2');
    expect(result()?.textContent).toContain('1 × Adult, 1 × Child');
    expect(container.querySelector('[role="status"][aria-live="assertive"]')?.textContent).toContain('Admit 2');
    expect(field().value).toBe('');

    await act(async () => {
      vi.advanceTimersByTime(RESULT_SHOWN_MS - 100);
    });
    expect(result()).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(result()).toBeNull();
    expect(container.querySelector('h1')?.textContent).toBe('Ready');
  });

  it('clears the previous result as soon as a new scan starts, so a failed read never shows it', async () => {
    scan.mockResolvedValueOnce({ kind: 'result', result: SUCCESS, offline: false });
    await wedge('SF2.k1.first.sig');
    expect(result()).not.toBeNull();
    // The next answer has not come yet.
    scan.mockReturnValueOnce(new Promise(() => {}));
    await wedge('SF2.k1.second.sig');
    expect(result()).toBeNull();
    expect(container.querySelector('h1')?.textContent).toBe('Checking…');
  });

  it('ignores the same code within 3 s and takes it again after', async () => {
    scan.mockResolvedValue({ kind: 'result', result: SUCCESS, offline: false });
    await wedge('SF2.k1.same.sig');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    await wedge('SF2.k1.same.sig');
    expect(scan).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(2100);
    });
    await wedge('SF2.k1.same.sig');
    expect(scan).toHaveBeenCalledTimes(2);
  });

  it('says a code needs the network when the device cannot check it', async () => {
    scan.mockResolvedValueOnce({ kind: 'needs_network' });
    await wedge('SF1.body.mac');
    expect(result()?.getAttribute('data-result')).toBe('needs_network');
    expect(result()?.textContent).toContain('This code needs the network');
  });
});
