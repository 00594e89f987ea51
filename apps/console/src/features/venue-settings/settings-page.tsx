/**
 * `/venues/:code/settings` (`catalogue:read`; saving needs `catalogue:write`): the settings the
 * shop reads for the venue, in sections saved one at a time.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { AppearanceSection } from './appearance-section.tsx';
import { AppleWalletSection } from './apple-wallet-section.tsx';
import { DateChangeSection } from './date-change-section.tsx';
import { GoogleWalletSection } from './google-wallet-section.tsx';
import { LayoutSection } from './layout-section.tsx';
import { NamesSection } from './names-section.tsx';
import { RegionSection } from './region-section.tsx';
import { SalesSection } from './sales-section.tsx';
import { SignInFormSection } from './sign-in-form-section.tsx';
import { venueSettingsQueries } from './venue-settings-api.ts';
import './venue-settings.css';

export default function SettingsPage() {
  const { t } = useTranslation();
  return (
    <VenueGate screen="venue-settings" title={t('venueSettings.settings.title')}>
      {({ venue, mayWrite }) => <Settings code={venue.code} venueName={venue.name} mayWrite={mayWrite} />}
    </VenueGate>
  );
}

function Settings(props: { code: string; venueName: string; mayWrite: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(venueSettingsQueries.settings(props.code));
  const shared = { code: props.code, mayWrite: props.mayWrite };
  return (
    <Screen name="venue-settings" title={t('venueSettings.settings.titleAt', { venue: props.venueName })}>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <ProblemNotice error={query.error} /> : null}
      {query.data ? (
        <div className="settings-sections">
          <NamesSection {...shared} data={query.data} />
          <AppearanceSection {...shared} data={query.data} />
          <LayoutSection {...shared} data={query.data} />
          <SalesSection {...shared} data={query.data} />
          <SignInFormSection {...shared} data={query.data} />
          <DateChangeSection {...shared} data={query.data} />
          <RegionSection {...shared} data={query.data} />
          <AppleWalletSection {...shared} />
          <GoogleWalletSection {...shared} />
        </div>
      ) : null}
    </Screen>
  );
}
