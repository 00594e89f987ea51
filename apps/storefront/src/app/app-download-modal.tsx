/**
 * The smartphone-app download modal some venues show (SPEC §2 per-site layout settings): once
 * per visit, on the order page. Loaded on demand, so pages that never show it do not carry it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../lib/app-context.tsx';
import { Modal } from '../ui/modal.tsx';

export default function AppDownloadModal(props: { url: string }) {
  const app = useApp();
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(true);
  const close = () => {
    app.session.set('showSmartphoneAppDownloadModal', false);
    setIsOpen(false);
  };
  return (
    <Modal isOpen={isOpen} onClose={close} title={t('app_download_title')}>
      <p className="dialog-text">{t('app_download_text')}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={close}>
          {t('app_download_not_now')}
        </button>
        <a className="button button-primary" href={props.url} target="_blank" rel="noreferrer noopener" onClick={close}>
          {t('app_download_button')}
        </a>
      </div>
    </Modal>
  );
}
