import { useTranslation } from 'react-i18next';
import { activity, isBusy } from '../lib/api/activity.ts';
import { useStore } from './external-store.ts';

/** Visible while any API request is in flight (SPEC §4). */
export function Loader() {
  const { t } = useTranslation();
  const busy = isBusy(useStore(activity));
  if (!busy) return null;
  return (
    <div className="loader" role="progressbar" aria-label={t('common_loading')} aria-busy="true">
      <span className="loader-bar" />
    </div>
  );
}
