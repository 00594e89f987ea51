/** `/venues/:code`: the venue's name and facts, and what the staff member may do there. */
import type { Right } from '@storefront/domain/console/rights';
import type { VenueSummary } from '@storefront/domain/console/venues';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { currentLanguage, isLanguageCode, LANGUAGE_NAMES } from '../../lib/i18n/i18n.ts';
import { rightsByArea } from '../../lib/rights.ts';
import { useSession, venueOf } from '../../lib/session.ts';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { venueQueries } from './venues-api.ts';
import './venues.css';

export function localName(names: Record<string, string>, lang: string, fallback: string): string {
  return names[lang] || names.en || names.ja || fallback;
}

export default function VenueHomePage() {
  const { t, i18n } = useTranslation();
  const { code = '' } = useParams();
  const session = useSession();
  const known = venueOf(session, code);
  // A venue the staff member holds no right at is not found, the same answer the server gives.
  const venue = useQuery({ ...venueQueries.one(code), enabled: known !== null });
  if (!known) {
    return (
      <Screen name="venue-not-found" title={t('problem.notFoundTitle')}>
        <p>{t('problem.notFound')}</p>
      </Screen>
    );
  }
  const rights = new Set<Right>([...known.rights, ...session.organisation_rights]);
  const lang = currentLanguage(i18n);
  return (
    <Screen name="venue-home" title={venue.data ? localName(venue.data.name, lang, known.name) : known.name}>
      {venue.isPending ? <Loading /> : null}
      {venue.isError ? <ProblemNotice error={venue.error} /> : null}
      {venue.data ? <VenueFacts venue={venue.data} /> : null}
      <section className="panel" aria-labelledby="venue-rights-title">
        <h2 id="venue-rights-title">{t('venue.yourRights')}</h2>
        {rights.size === 0 ? (
          <p>{t('venue.noRights')}</p>
        ) : (
          <dl className="rights-list">
            {rightsByArea([...rights]).map((group) => (
              <div key={group.area}>
                <dt>{t(`rights.areas.${group.area}`)}</dt>
                {group.rights.map((right) => (
                  <dd key={right}>{t(`rights.names.${right}`)}</dd>
                ))}
              </div>
            ))}
          </dl>
        )}
      </section>
    </Screen>
  );
}

function VenueFacts(props: { venue: VenueSummary }) {
  const { t } = useTranslation();
  const { venue } = props;
  return (
    <section className="panel" aria-labelledby="venue-facts-title">
      <h2 id="venue-facts-title">{t('venue.facts')}</h2>
      <dl className="facts">
        <dt>{t('venue.code')}</dt>
        <dd>
          <code>{venue.code}</code>
        </dd>
        <dt>{t('venue.variant')}</dt>
        <dd>
          <code>/{venue.variant}/</code>
        </dd>
        <dt>{t('venue.kind')}</dt>
        <dd>{t(`venue.kinds.${venue.kind}`)}</dd>
        <dt>{t('venue.languages')}</dt>
        <dd>{venue.languages.map((lang) => (isLanguageCode(lang) ? LANGUAGE_NAMES[lang] : lang)).join(', ')}</dd>
        <dt>{t('venue.currency')}</dt>
        <dd>{venue.currency}</dd>
        <dt>{t('venue.timeZone')}</dt>
        <dd>{venue.time_zone}</dd>
      </dl>
    </section>
  );
}
