import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../lib/app-context.tsx';

/** `/error`: where a failure that cannot be retried ends up. */
export default function ErrorPage() {
  const { t } = useTranslation();
  const { config } = useApp();
  return (
    <section className="page" data-screen="error">
      <h1>{t('error_title')}</h1>
      <p>{t('error_text')}</p>
      <p className="actions">
        {!config.isStartMailConfirmOnly && (
          <Link className="button button-primary" to="/order">
            {t('footer_order')}
          </Link>
        )}
        <Link className="button button-secondary" to="/reservation-inquiry">
          {t('footer_reservation_inquiry')}
        </Link>
      </p>
    </section>
  );
}
