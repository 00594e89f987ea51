import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from './chunk-load.ts';

/** A screen that failed: a chunk that did not load offers a reload; anything else is the error page. */
export function RouteError() {
  const error = useRouteError();
  const isChunk = isChunkLoadError(error);
  return (
    <FailureWithReload
      screen={isChunk ? 'chunk-load-failed' : 'error'}
      titleKey={isChunk ? 'common_chunk_load_failed_title' : 'error_title'}
      textKey={isChunk ? 'common_chunk_load_failed_text' : 'error_text'}
    />
  );
}

function FailureWithReload(props: { screen: string; titleKey: string; textKey: string }) {
  const { t } = useTranslation();
  return (
    <section className="page" role="alert" data-screen={props.screen}>
      <h1>{t(props.titleKey)}</h1>
      <p>{t(props.textKey)}</p>
      <p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t('common_reload')}
        </button>
      </p>
    </section>
  );
}
