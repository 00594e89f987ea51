import { DISPLAY_TIME_ZONE } from '@storefront/domain/constants';
import { timeOfDayIn } from '@storefront/domain/dates';
import { useTranslation } from 'react-i18next';

/** Until when the new slot is held for the visitor. */
export function HoldUntil(props: { expiresAt: string }) {
  const { t } = useTranslation();
  return (
    <p className="change-result change-hold">
      {t('changedate_hold_until', { time: timeOfDayIn(new Date(props.expiresAt), DISPLAY_TIME_ZONE) })}
    </p>
  );
}
