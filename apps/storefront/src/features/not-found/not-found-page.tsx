import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page" data-screen="not-found">
      <h1>{t('error_page_not_found_title')}</h1>
      <p>{t('error_page_not_found_content')}</p>
      <p>
        <Link className="button button-primary" to="/">
          {t('common_back_to_top')}
        </Link>
      </p>
    </section>
  );
}
