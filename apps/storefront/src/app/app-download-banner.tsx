/**
 * The smartphone-app invitation some venues show (SPEC §2 per-site layout settings), on the order
 * page from the visitor's first tap or key until they dismiss it. A banner after the screen, not a
 * modal: it never covers the product list, so a visitor who opens the shop in a new tab can choose
 * at once, and it moves nothing the server's first view painted. Loaded on demand, so pages that
 * never show it do not carry it.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../lib/app-context.tsx';
import './app-banner.css';

export default function AppDownloadBanner(props: { url: string }) {
  const app = useApp();
  const [isOpen, setIsOpen] = useState(true);
  // It waits for the visitor's first tap or key: the page they opened is what they see first, and
  // the largest thing painted on arrival stays the venue's own content.
  const hasActed = useFirstAction();
  const close = () => {
    app.session.set('showSmartphoneAppDownloadModal', false);
    setIsOpen(false);
  };
  if (!isOpen || !hasActed) return null;
  return <AppDownloadBannerView url={props.url} onClose={close} />;
}

function AppDownloadBannerView(props: { url: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <aside className="app-banner" aria-label={t('app_download_title')}>
      <p className="app-banner-text">
        <strong>{t('app_download_title')}</strong> {t('app_download_text')}
      </p>
      <div className="app-banner-actions">
        <a className="button button-primary" href={props.url} target="_blank" rel="noreferrer noopener" onClick={props.onClose}>
          {t('app_download_button')}
        </a>
        <button type="button" className="button button-secondary" onClick={props.onClose}>
          {t('app_download_not_now')}
        </button>
      </div>
    </aside>
  );
}

/** Whether the visitor has tapped, clicked or pressed a key since the component was shown. */
function useFirstAction(): boolean {
  const [hasActed, setHasActed] = useState(false);
  useEffect(() => {
    if (hasActed) return;
    const acted = () => setHasActed(true);
    const options = { capture: true, once: true, passive: true } as const;
    window.addEventListener('pointerdown', acted, options);
    window.addEventListener('keydown', acted, options);
    return () => {
      window.removeEventListener('pointerdown', acted, options);
      window.removeEventListener('keydown', acted, options);
    };
  }, [hasActed]);
  return hasActed;
}
