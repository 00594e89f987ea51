import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from './screens.ts';

/** A screen that failed: a chunk that did not load offers a reload; anything else is the error page. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isChunkLoadError(error)) {
    return (
      <section className="page" role="alert" data-screen="chunk-load-failed">
        <h1>{t('common_chunk_load_failed_title')}</h1>
        <p>{t('common_chunk_load_failed_text')}</p>
        <p>
          <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
            {t('common_reload')}
          </button>
        </p>
      </section>
    );
  }
  return (
    <section className="page" role="alert" data-screen="error">
      <h1>{t('error_title')}</h1>
      <p>{t('error_text')}</p>
      <p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t('common_reload')}
        </button>
      </p>
    </section>
  );
}
