/**
 * How long the places of an order in progress are held (the order's `expiresAt`): the end in the
 * venue's time zone, named, the time left as a countdown, and whether to warn that it will soon
 * lapse.
 */
import type { LanguageCode } from '@storefront/domain/constants';
import { LOCALES } from '@storefront/domain/format';

/** The warning shows when this little of the hold is left. */
export const HOLD_WARNING_SECONDS = 3 * 60;

export type HoldState = {
  /** The end, "HH:mm" in the venue's time zone. */
  until: string;
  /** The venue's time zone, named in the page's language ("Japan Standard Time", "日本標準時"). */
  zone: string;
  /** The time left, "m:ss" (or "h:mm:ss" for a long hold); "0:00" once over. */
  left: string;
  /** Whole minutes left, rounded up, for the warning's wording. */
  minutesLeft: number;
  isWarning: boolean;
  isOver: boolean;
};

export function holdState(expiresAt: string, now: Date, timeZone: string, lang: LanguageCode): HoldState {
  const end = new Date(expiresAt);
  const seconds = Math.max(0, Math.ceil((end.getTime() - now.getTime()) / 1000));
  const until = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(end);
  const zone =
    new Intl.DateTimeFormat(LOCALES[lang], { timeZone, timeZoneName: 'long' })
      .formatToParts(end)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  const left = hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
  return {
    until,
    zone,
    left,
    minutesLeft: Math.ceil(seconds / 60),
    isWarning: seconds > 0 && seconds <= HOLD_WARNING_SECONDS,
    isOver: seconds === 0,
  };
}
