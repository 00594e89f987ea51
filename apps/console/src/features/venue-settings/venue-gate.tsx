/**
 * The three screens of a venue's settings open only at a venue the staff member holds
 * `catalogue:read` at; they may change things with `catalogue:write`. Otherwise the same answer
 * the server gives: not found for a venue they are not attached to, a refusal without the right.
 */
import type { ConsoleVenue } from '@storefront/domain/console/auth';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hasVenueRight, useSession, venueOf } from '../../lib/session.ts';
import { Notice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';

export type VenueAccess = { venue: ConsoleVenue; mayWrite: boolean };

export function VenueGate(props: { screen: string; title: string; children: (access: VenueAccess) => ReactNode }) {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const session = useSession();
  const venue = venueOf(session, code);
  if (!venue) {
    return (
      <Screen name="venue-not-found" title={t('problem.notFoundTitle')}>
        <p>{t('problem.notFound')}</p>
      </Screen>
    );
  }
  if (!hasVenueRight(session, venue, 'catalogue:read')) {
    return (
      <Screen name={props.screen} title={props.title}>
        <Notice kind="error">{t('problem.forbidden')}</Notice>
      </Screen>
    );
  }
  return <>{props.children({ venue, mayWrite: hasVenueRight(session, venue, 'catalogue:write') })}</>;
}
