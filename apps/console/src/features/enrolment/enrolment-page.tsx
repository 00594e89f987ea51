/**
 * `/enrolment`: a staff member whose team (or ownership) requires two factors sets one up before
 * anything else: an authenticator app (then recovery codes, shown once) or a passkey.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeNext } from '../../lib/paths.ts';
import { invalidateSession, useSession } from '../../lib/session.ts';
import { Notice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { PasskeySetup } from '../../ui/two-factor/passkey-setup.tsx';
import { RecoveryCodesShown } from '../../ui/two-factor/recovery-codes.tsx';
import { TotpSetup } from '../../ui/two-factor/totp-setup.tsx';
import './enrolment.css';

type Step =
  | { kind: 'choose' }
  | { kind: 'totp' }
  | { kind: 'passkey' }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'passkey-added' };

export default function EnrolmentPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: 'choose' });

  // The session is signed in once a factor is set up; it is read again only when the staff member
  // goes on, so the recovery codes stay on screen until then.
  const goOn = async () => {
    await invalidateSession(queryClient);
    void navigate(safeNext(params.get('next')), { replace: true });
  };

  return (
    <Screen name="enrolment" title={t('enrolment.title')} narrow>
      {step.kind === 'choose' ? (
        <>
          <p>{session.stage === 'enrolment' ? t('enrolment.required') : t('enrolment.optional')}</p>
          <div className="enrolment-choices">
            <button type="button" className="choice-card" onClick={() => setStep({ kind: 'totp' })}>
              <span className="choice-title">{t('enrolment.totp')}</span>
              <span className="choice-text">{t('enrolment.totpText')}</span>
            </button>
            <button type="button" className="choice-card" onClick={() => setStep({ kind: 'passkey' })}>
              <span className="choice-title">{t('enrolment.passkey')}</span>
              <span className="choice-text">{t('enrolment.passkeyText')}</span>
            </button>
          </div>
        </>
      ) : null}
      {step.kind === 'totp' ? (
        <TotpSetup onConfirmed={(codes) => setStep({ kind: 'codes', codes })} onCancel={() => setStep({ kind: 'choose' })} />
      ) : null}
      {step.kind === 'codes' ? (
        <RecoveryCodesShown codes={step.codes} doneLabel={t('enrolment.continue')} onDone={() => void goOn()} />
      ) : null}
      {step.kind === 'passkey' ? (
        <PasskeySetup onAdded={() => setStep({ kind: 'passkey-added' })} onCancel={() => setStep({ kind: 'choose' })} />
      ) : null}
      {step.kind === 'passkey-added' ? (
        <>
          <Notice kind="success">{t('enrolment.passkeyAdded')}</Notice>
          <button type="button" className="button button-primary" onClick={() => void goOn()}>
            {t('enrolment.continue')}
          </button>
        </>
      ) : null}
    </Screen>
  );
}
