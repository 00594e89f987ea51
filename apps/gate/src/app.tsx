/** The gate scanner: unpaired → paired (or a staff member scanning as themselves) → scanning. */
import type { LanguageCode } from '@storefront/domain/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGate } from './lib/gate-state.ts';
import { rememberLanguage } from './lib/i18n.ts';
import { Menu } from './screens/menu.tsx';
import { PairScreen, pairingCodeOf } from './screens/pair-screen.tsx';
import { ScannerScreen } from './screens/scanner-screen.tsx';

/** The pairing code of `/gate/#pair=<code>`, taken out of the address so it is not kept or shared. */
function takePairingCode(): string | null {
  const code = pairingCodeOf(window.location.hash);
  if (window.location.hash) window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return code;
}

export function GateApp() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as LanguageCode;
  const { state, actions } = useGate(lang);
  const [pairingCode, setPairingCode] = useState<string | null>(() => takePairingCode());
  const changeLanguage = (next: LanguageCode) => {
    rememberLanguage(window.localStorage, next);
    void i18n.changeLanguage(next);
  };

  // A pairing link opened while this device is paired already (re-pairing) replaces the pairing.
  useEffect(() => {
    const onHash = () => {
      const code = takePairingCode();
      if (code) setPairingCode(code);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    if (pairingCode && state.phase === 'ready') void actions.unpair();
  }, [pairingCode, state.phase, actions]);

  useEffect(() => {
    document.title =
      state.phase === 'ready' && state.credentials ? `${t('app_title')} · ${state.credentials.venue.name}` : t('app_title');
  }, [state.phase, state.credentials, t]);

  const unpair =
    state.credentials?.kind === 'staff'
      ? { label: t('stop_staff'), confirm: t('stop_staff_confirm'), run: () => void actions.unpair() }
      : state.credentials
        ? { label: t('unpair'), confirm: t('unpair_confirm'), run: () => void actions.unpair() }
        : null;
  const menu = (
    <Menu
      lang={lang}
      onLanguage={changeLanguage}
      unpair={unpair}
      mode={state.phase === 'ready' ? { value: state.mode, set: actions.setMode } : null}
    />
  );

  if (state.phase === 'loading') {
    return (
      <main className="setup" aria-busy="true">
        <p>{t('loading')}</p>
      </main>
    );
  }
  if (state.phase === 'revoked') {
    return (
      <div className="app-frame">
        <header className="top">
          <span className="venue">{t('app_title')}</span>
          {menu}
        </header>
        <main className="setup">
          <h1>{state.credentials?.kind === 'staff' ? t('staff_signed_out_title') : t('revoked_title')}</h1>
          <p>{state.credentials?.kind === 'staff' ? t('staff_signed_out') : t('revoked_body')}</p>
          {state.waiting > 0 && <p>{t('status_waiting', { count: state.waiting })}</p>}
          <button type="button" className="button primary" onClick={() => void actions.unpair()}>
            {t('pair_again')}
          </button>
        </main>
      </div>
    );
  }
  if (state.phase === 'unpaired') {
    return (
      <div className="app-frame">
        <header className="top">
          <span className="venue">{t('app_title')}</span>
          {menu}
        </header>
        <PairScreen
          initialCode={pairingCode}
          pair={async (code) => {
            setPairingCode(null);
            await actions.pair(code);
          }}
          start={actions.start}
        />
      </div>
    );
  }
  return <ScannerScreen state={state} actions={actions} lang={lang} menu={menu} />;
}
