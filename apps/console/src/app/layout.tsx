/**
 * The console's frame: a header with the venue switcher and the account menu, the navigation the
 * staff member's rights allow, and the screen. The chosen venue is the one in the address
 * (`/venues/:code/...`); elsewhere the switcher shows the last one chosen.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useNavigate, useParams } from 'react-router';
import { api } from '../lib/api/client.ts';
import { paths } from '../lib/paths.ts';
import { SESSION_KEY, useSession, venueOf } from '../lib/session.ts';
import { DisclosureMenu } from '../ui/disclosure-menu.tsx';
import { LanguageSwitcher } from '../ui/language-switcher.tsx';
import { accountNavigation, type NavItem, organisationNavigation, venueNavigation } from './navigation.ts';
import './layout.css';

const LAST_VENUE_KEY = 'console-venue';

function NavList(props: { label: string; items: NavItem[] }) {
  const { t } = useTranslation();
  if (props.items.length === 0) return null;
  return (
    <div className="nav-group">
      <p className="nav-group-label" aria-hidden="true">
        {props.label}
      </p>
      <ul aria-label={props.label}>
        {props.items.map((item) => (
          <li key={item.key}>
            <NavLink to={item.to} end={item.end ?? false} className="nav-link">
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ConsoleLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const params = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inAddress = params.code ? venueOf(session, params.code) : null;
  const remembered = venueOf(session, window.localStorage.getItem(LAST_VENUE_KEY) ?? undefined);
  const venue = inAddress ?? (params.code ? null : remembered);

  useEffect(() => {
    if (inAddress) window.localStorage.setItem(LAST_VENUE_KEY, inAddress.code);
  }, [inAddress]);

  const signOut = async () => {
    try {
      await api.delete('session');
    } finally {
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, null);
      void navigate(paths.signIn, { replace: true });
    }
  };

  const venueItems = venueNavigation(session, venue);
  const organisationItems = organisationNavigation(session);
  const accountItems = accountNavigation(session);
  return (
    <div className="console">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <header className="console-header">
        <Link to={paths.start} className="brand">
          {t('app.name')}
        </Link>
        {session.venues.length > 0 ? (
          <DisclosureMenu
            className="venue-switcher"
            label={
              <>
                <span className="venue-switcher-caption">{t('nav.venue')}</span>
                <span className="venue-switcher-name">{venue?.name ?? t('nav.chooseVenue')}</span>
              </>
            }
          >
            {(close) => (
              <ul className="menu-list" aria-label={t('nav.venues')}>
                {session.venues.map((item) => (
                  <li key={item.code}>
                    <Link
                      to={paths.venue(item.code)}
                      className="menu-item"
                      aria-current={item.code === venue?.code ? 'true' : undefined}
                      onClick={close}
                    >
                      {item.name}
                      <span className="menu-item-note">{item.code}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </DisclosureMenu>
        ) : null}
        <div className="header-spacer" />
        <DisclosureMenu
          className="account-menu"
          align="end"
          label={
            <>
              <span className="visually-hidden">{t('nav.accountMenu')}</span>
              <span className="account-name">{session.staff.name}</span>
            </>
          }
        >
          {(close) => (
            <div className="account-panel">
              <p className="account-email">{session.staff.email}</p>
              <ul className="menu-list">
                {accountItems.map((item) => (
                  <li key={item.key}>
                    <Link to={item.to} className="menu-item" onClick={close}>
                      {t(item.label)}
                    </Link>
                  </li>
                ))}
                <li>
                  <button type="button" className="menu-item" onClick={() => void signOut()}>
                    {t('nav.signOut')}
                  </button>
                </li>
              </ul>
              <LanguageSwitcher />
            </div>
          )}
        </DisclosureMenu>
      </header>
      <div className="console-body">
        <nav className="console-nav" aria-label={t('nav.main')}>
          {venue ? <NavList label={venue.name} items={venueItems} /> : null}
          <NavList label={t('nav.organisation')} items={organisationItems} />
          <NavList label={t('nav.you')} items={accountItems} />
        </nav>
        <main className="console-main" id="main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
