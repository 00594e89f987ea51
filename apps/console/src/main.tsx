// First: before any module makes a zod schema.
import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp, createConsoleQueryClient } from './app/console-app.tsx';
import { createConsoleRouter } from './app/router.tsx';
import { createConsoleI18n, initialLanguage } from './lib/i18n/i18n.ts';
// The page-wide styles, in cascade order.
import './app/base.css';
import './app/forms.css';

const i18n = createConsoleI18n(initialLanguage(window.localStorage, navigator.languages));
const router = createConsoleRouter();
const queryClient = createConsoleQueryClient(() => router);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ConsoleApp router={router} queryClient={queryClient} i18n={i18n} />
  </StrictMode>,
);
