/** `/mail-release-completion`: the address no longer receives the magazine (SPEC §2). */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function MailReleaseCompletionPage() {
  const { t } = useTranslation();
  return (
    <section className="page" data-screen="mail-release-completion">
      <h1>{t('mail_release_completion_title')}</h1>
      <p>{t('mail_release_completion_text')}</p>
      <p>
        <Link to="/order">{t('footer_order')}</Link>
      </p>
    </section>
  );
}
