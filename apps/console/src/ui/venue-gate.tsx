/**
 * A venue screen opens only at a venue the staff member holds the screen's right at (by default
 * `catalogue:read`); `mayWrite` says whether they hold the right to change things there (by default
 * `catalogue:write`). Otherwise the same answer the server gives: not found for a venue they are not
 * attached to, a refusal without the right.
 */
import type { ConsoleVenue } from '@storefront/domain/console/auth';
import type { Right } from '@storefront/domain/console/rights';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { hasVenueRight, useSession, venueOf } from '../lib/session.ts';
import { Notice } from './notice.tsx';
import { Screen } from './screen.tsx';

export type VenueAccess = { venue: ConsoleVenue; mayWrite: boolean };

export function VenueGate(props: {
  screen: string;
  title: string | ((venue: ConsoleVenue) => string);
  right?: Right;
  writeRight?: Right;
  children: (access: VenueAccess) => ReactNode;
}) {
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
  if (!hasVenueRight(session, venue, props.right ?? 'catalogue:read')) {
    return (
      <Screen name={props.screen} title={typeof props.title === 'string' ? props.title : props.title(venue)}>
        <Notice kind="error">{t('problem.forbidden')}</Notice>
      </Screen>
    );
  }
  return <>{props.children({ venue, mayWrite: hasVenueRight(session, venue, props.writeRight ?? 'catalogue:write') })}</>;
}
