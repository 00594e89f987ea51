import { registerSW } from 'virtual:pwa-register';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { GateApp } from './app.tsx';
import { createGateI18n, initialLanguage } from './lib/i18n.ts';
import './gate.css';

const i18n = createGateI18n(initialLanguage(window.localStorage, navigator.languages));

// The service worker keeps the app for the next start without the network; a new build replaces
// it at once (autoUpdate), since a scanner has no unsaved work in its page.
if ('serviceWorker' in navigator) registerSW({ immediate: true });

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <GateApp />
    </I18nextProvider>
  </StrictMode>,
);
