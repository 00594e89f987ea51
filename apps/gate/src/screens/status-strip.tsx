/** Online or offline, when the offline kit was synced, scans waiting to upload, conflicts reported. */
import type { LanguageCode } from '@storefront/domain/constants';
import { useTranslation } from 'react-i18next';
import type { GateState } from '../lib/gate-state.ts';
import { localParts } from '../lib/offline/decide.ts';

export function StatusStrip(props: { state: GateState; lang: LanguageCode; timeZone: string }) {
  const { t } = useTranslation();
  const { state } = props;
  return (
    <div className="strip" data-online={state.online}>
      <span className={state.online ? 'pill online' : 'pill offline'} data-testid="network">
        <span className="dot" aria-hidden="true" />
        {state.online ? t('status_online') : t('status_offline')}
      </span>
      <span className="pill" data-testid="kit">
        {state.kitSyncedAt
          ? t('status_kit', { time: localParts(Date.parse(state.kitSyncedAt), props.timeZone).time })
          : t('status_kit_none')}
      </span>
      <span className="pill" data-testid="waiting" data-count={state.waiting}>
        {t('status_waiting', { count: state.waiting })}
      </span>
      {state.conflicts > 0 && (
        <span className="pill conflicts" data-testid="conflicts" data-count={state.conflicts}>
          {t('status_conflicts', { count: state.conflicts })}
        </span>
      )}
    </div>
  );
}
