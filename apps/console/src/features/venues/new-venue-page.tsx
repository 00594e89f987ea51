/** `/venues/new`: a new venue (organisation right `settings:write`). */
import { useTranslation } from 'react-i18next';
import { hasOrganisationRight, useSession } from '../../lib/session.ts';
import { Notice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { NewVenueFormView } from './new-venue-form.tsx';

export default function NewVenuePage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Screen name="new-venue" title={t('venue.newTitle')}>
      {hasOrganisationRight(session, 'settings:write') ? (
        <NewVenueFormView />
      ) : (
        <Notice kind="error">{t('problem.forbidden')}</Notice>
      )}
    </Screen>
  );
}
