import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths.ts';
import { Screen } from '../ui/screen.tsx';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Screen name="not-found" title={t('problem.notFoundTitle')}>
      <p>{t('problem.notFound')}</p>
      <p>
        <Link to={paths.start}>{t('nav.start')}</Link>
      </p>
    </Screen>
  );
}
