/** Screens before the console proper (sign-in, invitation, resets, enrolment): a centred card. */
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from '../ui/language-switcher.tsx';
import './public-layout.css';

export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="public-page">
      <header className="public-header">
        <span className="brand">{t('app.name')}</span>
        <LanguageSwitcher />
      </header>
      <main className="public-main" id="main">
        <Outlet />
      </main>
    </div>
  );
}
