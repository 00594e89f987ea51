import { useTranslation } from 'react-i18next';
import { useApp } from '../../lib/app-context.tsx';

/** `/sended-mail`: the link is on its way. */
export default function SendedMailPage() {
  const app = useApp();
  const { t } = useTranslation();
  return (
    <section className="page" data-screen="sended-mail">
      <h1>{t('sended_mail_title')}</h1>
      <p>{t('sended_mail_text')}</p>
      <p>{t('sended_mail_expiry', { minutes: app.config.holdMinutes })}</p>
      <p>{t('sended_mail_note')}</p>
    </section>
  );
}
