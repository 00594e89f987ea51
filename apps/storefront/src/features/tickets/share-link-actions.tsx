/**
 * What the holder can do with a share link: open the system share sheet (Web Share API) where the
 * browser has one, and always copy the link (the fallback, and for a desktop that shares nowhere).
 */
import { useTranslation } from 'react-i18next';
import { showToast } from '../../ui/toast/toast-store.ts';

type ShareNavigator = Pick<Navigator, 'clipboard'> & { share?: (data: ShareData) => Promise<void> };

/** Whether the browser offers a share sheet for this link. */
export function canShareLink(browser: ShareNavigator, data: ShareData): boolean {
  if (typeof browser.share !== 'function') return false;
  const canShare = (browser as { canShare?: (data: ShareData) => boolean }).canShare;
  return typeof canShare === 'function' ? canShare.call(browser, data) : true;
}

export function ShareLinkActions(props: { link: string; title: string; browser?: ShareNavigator }) {
  const { t } = useTranslation();
  const browser: ShareNavigator = props.browser ?? navigator;
  const data: ShareData = { title: props.title, url: props.link };
  return (
    <div className="share-link-actions">
      {canShareLink(browser, data) && (
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            // Closing the sheet without choosing rejects with AbortError: nothing to say then.
            browser.share?.(data).catch(() => {});
          }}
        >
          {t('share_system')}
        </button>
      )}
      <button
        type="button"
        className={canShareLink(browser, data) ? 'button button-secondary' : 'button button-primary'}
        onClick={() => {
          void browser.clipboard?.writeText(props.link).then(() => showToast(t('share_copied')));
        }}
      >
        {t('share_copy_link')}
      </button>
    </div>
  );
}
