/** A screen that failed to load or threw: a plain message and a way to try again. */
import { useTranslation } from 'react-i18next';

export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="public-main" id="main">
      <section className="screen screen-narrow" data-screen="route-error">
        <h1>{t('problem.brokenTitle')}</h1>
        <p>{t('problem.generic')}</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </button>
      </section>
    </main>
  );
}
