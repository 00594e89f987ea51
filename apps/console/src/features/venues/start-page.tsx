/**
 * `/`: the venue chosen last (or the first), the "create venue" form when there is no venue yet
 * and the staff member may create one, else a plain word that there is nothing here yet.
 */
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { hasOrganisationRight, useSession, venueOf } from '../../lib/session.ts';
import { Notice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { NewVenueFormView } from './new-venue-form.tsx';

export default function StartPage() {
  const { t } = useTranslation();
  const session = useSession();
  const last = venueOf(session, window.localStorage.getItem('console-venue') ?? undefined);
  const venue = last ?? session.venues[0];
  if (venue) return <Navigate to={paths.venue(venue.code)} replace />;
  if (hasOrganisationRight(session, 'settings:write')) {
    return (
      <Screen name="first-venue" title={t('venue.firstTitle')}>
        <p>{t('venue.firstIntro')}</p>
        <NewVenueFormView />
      </Screen>
    );
  }
  return (
    <Screen name="no-venue" title={t('venue.noneTitle')}>
      <Notice>{t('venue.noneText')}</Notice>
      <p>
        <Link to={paths.account}>{t('nav.account')}</Link>
      </p>
    </Screen>
  );
}
