/**
 * Everything the shell needs before its first paint: which venue, which language, its settings
 * and texts — from the page itself when the server wrote them in it (lib/first-answer.ts), else
 * from the API. Runs the navigation rules that act on the address itself (tickets prefix, `lang`).
 */
import type { Configuration, Language, Product } from '@storefront/domain/api/catalogue';
import { createApiClient } from '../lib/api/client.ts';
import type { AppEnvironment } from '../lib/app-context.tsx';
import { readFirstAnswer } from '../lib/first-answer.ts';
import { chooseLanguage, createI18n, isLanguageCode, langParameter, withoutLangParameter } from '../lib/i18n/i18n.ts';
import { createSessionStore } from '../lib/session/session-store.ts';
import { prefixRedirect, resolveLocation, resolveSiteCode } from '../lib/site.ts';

export type Bootstrapped =
  | {
      kind: 'ready';
      app: AppEnvironment;
      i18n: ReturnType<typeof createI18n>;
      /** The product list in the page's language, when the page came with it. */
      products: Product[] | null;
    }
  | { kind: 'redirecting' };

const defaultOf = (languages: readonly Language[]) => languages.find((language) => language.is_default)?.id ?? null;

export async function bootstrap(isDevelopment: boolean): Promise<Bootstrapped> {
  const location = resolveLocation(window.location.pathname);
  const hashPath = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
  if (!isDevelopment) {
    const target = prefixRedirect(location, hashPath, `${window.location.search}${window.location.hash}`);
    if (target) {
      window.location.replace(target);
      return { kind: 'redirecting' };
    }
  }

  const siteCode = resolveSiteCode(location, document.body, window.localStorage);
  const session = createSessionStore(location.variant, { session: window.sessionStorage, local: window.localStorage });
  const api = createApiClient(`/${encodeURIComponent(siteCode)}/api/v1`);

  const parameter = langParameter(window.location);
  const stored = session.get('languageCode');
  const textsFor = (lang: string) => api.get<Record<string, string>>('texts', { query: { lang } });
  // The page's own copy of the venue's data, when it came with one; else the API's.
  const first = readFirstAnswer(document, siteCode);
  const guess = first ? chooseLanguage(parameter, stored, defaultOf(first.languages)) : chooseLanguage(parameter, stored, null);
  const [config, languages, guessedTexts] = first
    ? [first.configuration, first.languages, guess === first.lang ? first.texts : await textsFor(guess)]
    : await Promise.all([api.get<Configuration>('configurations'), api.get<Language[]>('langs'), textsFor(guess)]);
  const siteDefault = defaultOf(languages);
  const lang = chooseLanguage(parameter, stored, siteDefault);
  const texts = lang === guess ? guessedTexts : await textsFor(lang);
  session.set('languageCode', lang);
  if (isLanguageCode(siteDefault)) session.set('defaultLanguageCode', siteDefault);
  if (parameter !== null) window.history.replaceState(window.history.state, '', withoutLangParameter(window.location));

  applyTheme(config.theme);
  loadTagManager(config);
  return {
    kind: 'ready',
    i18n: createI18n(lang, texts),
    products: first && first.lang === lang ? first.products : null,
    app: { location, siteCode, config, languages, lang, api, session, isDevelopment },
  };
}

/** The venue's colour tokens as CSS custom properties. */
function applyTheme(theme: Configuration['theme']): void {
  const style = document.documentElement.style;
  style.setProperty('--color-primary', theme.primary);
  style.setProperty('--color-on-primary', theme.onPrimary);
  style.setProperty('--color-background', theme.background);
  style.setProperty('--color-text', theme.text);
  style.setProperty('--color-accent', theme.accent);
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) icon.href = `data:image/svg+xml,${encodeURIComponent(theme.logoSvg)}`;
}

/**
 * The site's tag manager (SPEC §7), only in production: demo sites carry made-up ids. Nothing is
 * loaded for a site without one; the purchase pages push their events to `dataLayer` either way.
 */
function loadTagManager(config: Configuration): void {
  const [id] = config.tagManagerIds;
  if (!id || config.appMode !== 'production') return;
  const page = window as unknown as { dataLayer?: unknown[] };
  page.dataLayer = page.dataLayer ?? [];
  page.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}
