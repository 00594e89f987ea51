/** `/account`: the staff member's sessions, password and second factors. */
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.ts';
import { Screen } from '../../ui/screen.tsx';
import { PasskeysSection } from './passkeys-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import './account.css';

export default function AccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Screen name="account" title={t('account.title')}>
      <p className="screen-lead">
        {session.staff.name} · {session.staff.email}
      </p>
      <SessionsSection />
      <div className="account-columns">
        <PasswordSection />
        <TwoFactorSection />
      </div>
      <PasskeysSection />
    </Screen>
  );
}
