import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { AppContext, type AppEnvironment } from '../lib/app-context.tsx';
import { createSessionStore } from '../lib/session/session-store.ts';
import AppDownloadBanner from './app-download-banner.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
});

describe('the app invitation', () => {
  it('is a banner in the page from the first tap, not a modal over the product list, and "not now" puts it away for the visit', async () => {
    const session = createSessionStore('demo', { session: sessionStorage, local: localStorage });
    const app = { session } as unknown as AppEnvironment;
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <AppContext.Provider value={app}>
          <AppDownloadBanner url="https://apps.example/storefront" />
          <ul className="order-products">
            <li>
              <button type="button">Admission</button>
            </li>
          </ul>
        </AppContext.Provider>,
      );
    });
    // Nothing until the visitor's first tap or key: the page they opened is what they see first.
    expect(container.querySelector('.app-banner')).toBeNull();
    await act(async () => {
      window.dispatchEvent(new Event('pointerdown'));
    });
    // Nothing modal: no dialog, no aria-modal, nothing made inert, and the banner sits inside the page.
    expect(document.querySelector('[role="dialog"], [role="alertdialog"], [aria-modal="true"], dialog')).toBeNull();
    expect(document.querySelector('[aria-hidden="true"] .order-products, [inert]')).toBeNull();
    const banner = container.querySelector('aside.app-banner');
    expect(banner).not.toBeNull();
    expect(banner?.querySelector('a')?.getAttribute('href')).toBe('https://apps.example/storefront');

    const notNow = [...(banner?.querySelectorAll('button') ?? [])].find(
      (button) => button.textContent === 'app_download_not_now',
    );
    expect(notNow).toBeDefined();
    await act(async () => notNow?.click());
    expect(container.querySelector('.app-banner')).toBeNull();
    expect(session.get('showSmartphoneAppDownloadModal')).toBe(false);
    expect(container.querySelector('.order-products button')).not.toBeNull();
    act(() => root.unmount());
  });
});
