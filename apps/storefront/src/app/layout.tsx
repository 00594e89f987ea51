import { SCROLL_TO_TOP_DELAY_MS } from '@storefront/domain/constants';
import { localize } from '@storefront/domain/localize';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useApp } from '../lib/app-context.tsx';
import { catalogueQueries } from '../lib/catalogue-queries.ts';
import { withLangParameter } from '../lib/i18n/i18n.ts';
import { prefixRedirect } from '../lib/site.ts';
import { DialogHost } from '../ui/dialog/dialog-host.tsx';
import { Loader } from '../ui/loader.tsx';
import { ToastArea } from '../ui/toast/toast-area.tsx';
import { focusHeadingSoon } from './focus-heading.ts';
import { scrollToTopSoon } from './scroll-to-top.ts';

const AppDownloadBanner = lazy(() => import('./app-download-banner.tsx'));

/** The root shell (SPEC §2): toast area, header, the routed view with a fade, footer, loader, dialogs. */
export function Layout() {
  const app = useApp();
  const { t } = useTranslation();
  const location = useLocation();

  const appDownloadUrl = typeof app.config.values.app_download_url === 'string' ? app.config.values.app_download_url : null;
  const isOrderPage = location.pathname === '/' || location.pathname === '/order';
  // The screen that replaces the static first view appears without the fade: it is already there.
  const [stillPath, setStillPath] = useState(app.startsFromFirstView ? location.pathname : null);
  useEffect(() => {
    if (stillPath !== null && location.pathname !== stillPath) setStillPath(null);
  }, [stillPath, location.pathname]);
  // Each new step's heading takes the focus (not on the first page of the visit).
  const shownPath = useRef<string | null>(null);
  useEffect(() => {
    const isFirst = shownPath.current === null;
    shownPath.current = location.pathname;
    if (isFirst) return;
    const main = document.getElementById('main');
    return main ? focusHeadingSoon(main) : undefined;
  }, [location.pathname]);
  const appModalUrl =
    app.config.showsSmartphoneAppModal &&
    appDownloadUrl &&
    isOrderPage &&
    app.session.get('showSmartphoneAppDownloadModal') !== false
      ? appDownloadUrl
      : null;

  // On load: payment methods (web), products, languages and configuration, each only once.
  useQuery(catalogueQueries.paymentMethods(app, 'web'));
  useQuery(catalogueQueries.products(app));

  useEffect(() => {
    document.title = app.config.pageTitle[app.lang] ?? localize(app.config.venue.name, app.lang) ?? 'Storefront';
    if (!app.isDevelopment) {
      const target = prefixRedirect(app.location, location.pathname, `#${location.pathname}${location.search}`);
      if (target) {
        window.location.replace(target);
        return;
      }
    }
    return scrollToTopSoon(SCROLL_TO_TOP_DELAY_MS);
  }, [app, location.pathname, location.search]);

  return (
    <div className="shell">
      <button type="button" className="skip-link" onClick={skipToMain}>
        {t('common_skip_to_content')}
      </button>
      {app.config.appMode === 'demo' && <div className="demo-banner">{t('demo_banner')}</div>}
      <ToastArea />
      <Header />
      <main id="main" tabIndex={-1}>
        <div key={location.pathname} className={location.pathname === stillPath ? 'route-view route-view-still' : 'route-view'}>
          <Outlet />
        </div>
        {/* After the screen, in the page's flow: it covers nothing and moves nothing the first view painted. */}
        {appModalUrl && (
          <Suspense fallback={null}>
            <AppDownloadBanner url={appModalUrl} />
          </Suspense>
        )}
      </main>
      <Footer />
      <Loader />
      <DialogHost />
    </div>
  );
}

/** The hash belongs to the router, so skipping to the content moves focus instead of linking. */
function skipToMain() {
  document.getElementById('main')?.focus();
}

function Header() {
  const app = useApp();
  const { t } = useTranslation();
  const languages = [...app.languages].sort((a, b) => a.display_position - b.display_position);
  const venueName = localize(app.config.venue.name, app.lang);
  const logo = app.config.logos.header;
  return (
    <header className="site-header">
      <Link to="/" className="brand" aria-label={`${venueName} — ${t('header_home')}`}>
        {logo ? (
          <img src={logo} alt="" className="brand-logo" />
        ) : (
          // The venue's own SVG mark from its settings.
          <span className="brand-mark" aria-hidden="true" dangerouslySetInnerHTML={{ __html: app.config.theme.logoSvg }} />
        )}
        <span className="brand-name">{venueName}</span>
      </Link>
      <label className="language-select">
        <span className="visually-hidden">{t('header_language')}</span>
        <select
          value={app.lang}
          onChange={(event) => {
            app.session.set('languageCode', event.target.value as typeof app.lang);
            // Through `lang`, so the page comes back from the server already in the new language.
            window.location.replace(withLangParameter(window.location, event.target.value));
          }}
        >
          {languages.map((language) => (
            <option key={language.id} value={language.id} lang={language.id}>
              {language.display_name}
            </option>
          ))}
        </select>
      </label>
    </header>
  );
}

type FooterLink = { key: string; to?: string; href?: string };

/** Footer links of SPEC §2, each only when its condition holds. */
function footerLinks(app: Pick<ReturnType<typeof useApp>, 'config'>, hasText: (key: string) => boolean): FooterLink[] {
  const values = app.config.values;
  const url = (key: string) => (typeof values[key] === 'string' && values[key] ? (values[key] as string) : null);
  const links: (FooterLink | null)[] = [
    app.config.isStartMailConfirmOnly ? null : { key: 'footer_order', to: '/order' },
    hasText('footer_reservation_inquiry') && values.reservation_inquiry_enabled !== false
      ? { key: 'footer_reservation_inquiry', to: '/reservation-inquiry' }
      : null,
    url('app_download_url') ? { key: 'footer_app_download', href: url('app_download_url') as string } : null,
    url('exhibition_info_url') ? { key: 'footer_exhibition_info', href: url('exhibition_info_url') as string } : null,
    url('help_url') ? { key: 'footer_help', href: url('help_url') as string } : null,
    url('extra_link_1_url') ? { key: 'footer_extra_link_1', href: url('extra_link_1_url') as string } : null,
    url('extra_link_2_url') ? { key: 'footer_extra_link_2', href: url('extra_link_2_url') as string } : null,
    { key: 'footer_terms', to: '/terms' },
    { key: 'footer_legal', to: '/specified' },
    { key: 'footer_privacy', to: '/privacy' },
    url('optional_link_url') ? { key: 'footer_optional_link', href: url('optional_link_url') as string } : null,
  ];
  return links.filter((link): link is FooterLink => link !== null);
}

function Footer() {
  const app = useApp();
  const { t, i18n } = useTranslation();
  return (
    <footer className="site-footer">
      <nav aria-label={t('footer_navigation')}>
        <ul>
          {footerLinks(app, (key) => i18n.exists(key)).map((link) => (
            <li key={link.key}>
              {link.to ? (
                <Link to={link.to}>{t(link.key)}</Link>
              ) : (
                <a href={link.href} target="_blank" rel="noreferrer noopener">
                  {t(link.key)}
                </a>
              )}
            </li>
          ))}
        </ul>
      </nav>
      {i18n.exists('footer_copyright') && (
        <p className="copyright">
          <span className="brand-mark" aria-hidden="true" dangerouslySetInnerHTML={{ __html: app.config.theme.logoSvg }} />
          {t('footer_copyright')}
        </p>
      )}
    </footer>
  );
}
