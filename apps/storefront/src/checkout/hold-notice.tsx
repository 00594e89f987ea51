/**
 * The hold on the order's places, from the first step after the order page to the confirm page:
 * until when (in the venue's time zone, named), a countdown, and a warning shortly before it lapses.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../lib/app-context.tsx';
import { holdState } from './hold-timer.ts';
import './hold-notice.css';

export function HoldNotice(props: { expiresAt: string; now?: () => Date }) {
  const app = useApp();
  const { t } = useTranslation();
  const clock = props.now ?? (() => new Date());
  const [now, setNow] = useState(clock);
  useEffect(() => {
    const timer = setInterval(() => setNow(clock()), 1000);
    return () => clearInterval(timer);
  });
  const state = holdState(props.expiresAt, now, app.config.timeZone, app.lang);
  return (
    <div
      className={state.isWarning || state.isOver ? 'confirm-hold hold-notice hold-notice-warning' : 'confirm-hold hold-notice'}
    >
      <p className="hold-notice-line">
        <time dateTime={props.expiresAt}>{t('confirm_hold_until', { time: `${state.until} (${state.zone})` })}</time>{' '}
        {/* The countdown is not read out every second; the warning below is announced once. */}
        <span className="hold-notice-left" role="timer" aria-live="off">
          {t('hold_time_left', { left: state.left })}
        </span>
      </p>
      <p className="hold-notice-warning-text" role="alert">
        {state.isOver ? t('hold_over') : state.isWarning ? t('hold_warning', { minutes: state.minutesLeft }) : ''}
      </p>
    </div>
  );
}
