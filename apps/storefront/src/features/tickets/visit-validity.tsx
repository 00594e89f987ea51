/**
 * When a ticket is valid, said calmly (issue 17 part 6; the wording's rule is the domain's
 * `validityOf`): "Valid on 2026/11/25 (Wed), 12:00–12:30" rather than a red "not valid at this
 * time", and once the day has passed that the validity ended, in the same neutral style.
 */
import { DISPLAY_TIME_ZONE } from '@storefront/domain/constants';
import { type VisitSlot, validityOf } from '@storefront/domain/visit-validity';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../lib/app-context.tsx';
import { todayInZone } from '../../ui/calendar-month.ts';

/** "Valid on …" or "Validity ended …", in a neutral badge (never the red of an invalid ticket). */
export function VisitValidity(props: { slot: VisitSlot; className?: string }) {
  const app = useApp();
  const { t } = useTranslation();
  const validity = validityOf(props.slot, app.lang, todayInZone(app.config.timeZone || DISPLAY_TIME_ZONE));
  return (
    <p className={`ticket-validity ${props.className ?? ''}`} data-validity={validity.hasEnded ? 'ended' : 'upcoming'}>
      {t(validity.key, validity.values)}
    </p>
  );
}
