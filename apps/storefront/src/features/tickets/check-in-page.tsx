/**
 * `/id/{reservationToken}/{id}/{type}`: the visitor's gate pass (SPEC §4 `tap_ticket`, decision
 * 021). The visitor cannot check themselves in: the page is what staff scan with a gate device.
 * It shows the admission's code (or the party's, for `all`) large, with the product, date, slot
 * and party, under a moving band and a running clock, so staff can tell a live page from a
 * screenshot. While it is shown it reads the ticket again every few seconds and turns to
 * "Checked in at 13:02" once the gate has recorded the admission(s). `type` is `gate` (entry) or
 * `set` (set products handed over).
 *
 * The staff gate station that lived at `/id/gate/{gate}/{mode}` is now the gate app at `/gate/`:
 * an old bookmark opens it.
 */
import { DISPLAY_TIME_ZONE } from '@storefront/domain/constants';
import { timeOfDayIn } from '@storefront/domain/dates';
import { formatDate } from '@storefront/domain/format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { isTicketNotFound, ticketQueries } from './api/ticket-queries.ts';
import type { TicketView } from './api/tickets-api.ts';
import { partyOf, passOf } from './gate-pass.ts';
import { QrCode } from './qr-code.tsx';
import { GATE_APP_PATH, GATE_STATION, ticketPaths } from './ticket-links.ts';
import { TicketHeader } from './ticket-page.tsx';
import { VisitValidity } from './visit-validity.tsx';

/** How often the pass asks whether the gate has let the visitor in. */
const PASS_REFRESH_MS = 5_000;

type PassMode = 'gate' | 'set';
const modeOf = (type: unknown): PassMode => (type === 'set' ? 'set' : 'gate');

/** The device's own wall clock, to the second: a screenshot stops, this does not. */
function RunningClock() {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    // Tick on the second, so the seconds change together with the phone's own clock.
    const tick = () => {
      setNow(new Date());
      timer = setTimeout(tick, 1000 - (Date.now() % 1000));
    };
    timer = setTimeout(tick, 1000 - (Date.now() % 1000));
    return () => clearTimeout(timer);
  }, []);
  const text = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(now);
  return (
    <p className="pass-clock">
      <span className="pass-clock-label">{t('pass_time_now')}</span>
      <time className="pass-clock-time" role="timer" dateTime={now.toISOString()}>
        {text}
      </time>
    </p>
  );
}

/** Keeps the screen on while the pass is shown, where the browser allows it (a queue can be slow). */
function useScreenAwake(isWanted: boolean) {
  useEffect(() => {
    if (!isWanted || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let isActive = true;
    const acquire = () => {
      if (document.visibilityState !== 'visible') return;
      navigator.wakeLock
        .request('screen')
        .then((sentinel) => {
          if (isActive) lock = sentinel;
          else void sentinel.release();
        })
        .catch(() => undefined);
    };
    acquire();
    // The browser releases the lock when the page is hidden; take it again when it comes back.
    document.addEventListener('visibilitychange', acquire);
    return () => {
      isActive = false;
      document.removeEventListener('visibilitychange', acquire);
      void lock?.release().catch(() => undefined);
    };
  }, [isWanted]);
}

function GatePass(props: { token: string; admission: string; mode: PassMode }) {
  const app = useApp();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const options = ticketQueries.ticket(app, props.token);
  const isIn = (view: TicketView | undefined) => !!view && passOf(view, props.admission, props.mode).state === 'checked-in';
  const ticket = useQuery({
    ...options,
    // Asked again only while the tab is visible: TanStack Query pauses intervals in the background.
    refetchInterval: (query) => (isIn(query.state.data) ? false : PASS_REFRESH_MS),
    meta: {
      // At a gate with a weak signal a missed refresh is not worth a dialog over the code: the
      // pass keeps what it has and says it is offline.
      showsOwnFailure: (error) => isTicketNotFound(error) || queryClient.getQueryData(options.queryKey) !== undefined,
    },
  });
  const view = ticket.data;
  const pass = view ? passOf(view, props.admission, props.mode) : null;
  const state = pass?.state;
  useScreenAwake(state === 'live');
  const title = t(props.mode === 'set' ? 'pass_title_set' : 'pass_title');

  if (ticket.isError && !view) {
    return (
      <section className="page ticket-page pass-page" data-screen="check-in" data-pass="missing">
        <h1>{t('dialog_inquiry_error_title')}</h1>
        <p>{t('ticket_not_found_text')}</p>
      </section>
    );
  }
  if (!view || !pass) return <section className="page ticket-page pass-page" data-screen="check-in" aria-busy="true" />;

  const people = pass.admissions.length;
  return (
    <section className="page ticket-page pass-page" data-screen="check-in" data-mode={props.mode} data-pass={state}>
      <article className="ticket-card pass-card">
        <TicketHeader title={title} />
        {state === 'live' && <div className="pass-band" aria-hidden="true" />}
        <div className="ticket-body pass-body">
          <p className="ticket-product">{view.product.name}</p>
          <p className="pass-visit">
            <time dateTime={view.date}>{formatDate(view.date, app.lang)}</time>
            {!view.isAllDay && (
              <>
                {' · '}
                <span className="pass-slot">
                  <time dateTime={view.reservationFrom}>{timeOfDayIn(new Date(view.reservationFrom), DISPLAY_TIME_ZONE)}</time>–
                  <time dateTime={view.reservationTo}>{timeOfDayIn(new Date(view.reservationTo), DISPLAY_TIME_ZONE)}</time>
                </span>
              </>
            )}
          </p>
          {people > 0 && (
            <>
              {props.admission === 'all' && <p className="pass-party">{t('pass_party', { count: people })}</p>}
              <ul className="ticket-lines pass-lines">
                {partyOf(pass.admissions).map(([name, count]) => (
                  <li key={name}>
                    {name} × {count}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div className="pass-code-area" role="status">
          {state === 'live' && pass.code ? (
            <>
              <p className="pass-instruction">{t(props.mode === 'set' ? 'pass_instruction_set' : 'pass_instruction')}</p>
              <QrCode value={pass.code} label={title} className="pass-qr" />
              {pass.isOutsideSlot && <VisitValidity slot={view} />}
            </>
          ) : state === 'checked-in' ? (
            <p className="pass-done">
              <span className="pass-done-mark" aria-hidden="true">
                ✓
              </span>{' '}
              {pass.checkedInAt
                ? t(props.mode === 'set' ? 'pass_handed_over_at' : 'pass_checked_in_at', {
                    time: timeOfDayIn(new Date(pass.checkedInAt), DISPLAY_TIME_ZONE),
                  })
                : t(props.mode === 'set' ? 'pass_handed_over' : 'pass_checked_in')}
            </p>
          ) : state === 'cancelled' ? (
            <p className="ticket-status ticket-status-cancelled">{t('ticket_cancelled')}</p>
          ) : (
            <p className="ticket-status ticket-status-used">
              {t(view.admissions.length === 0 ? 'ticket_all_handed_on' : 'ticket_used')}
            </p>
          )}
        </div>
        {state === 'live' && <RunningClock />}
        {ticket.isRefetchError && <p className="pass-offline">{t('pass_offline')}</p>}
      </article>
      <p>
        <Link to={ticketPaths.ticket(props.token)}>{t('ticket_back')}</Link>
      </p>
    </section>
  );
}

/** `/id/gate/…`: staff scanning moved to the gate app; a full page load takes them there. */
function GateMoved() {
  const { t } = useTranslation();
  useEffect(() => {
    window.location.replace(GATE_APP_PATH);
  }, []);
  return (
    <section className="page ticket-page" data-screen="check-in" data-pass="moved">
      <h1>{t('pass_gate_moved_title')}</h1>
      <p>
        <a href={GATE_APP_PATH}>{t('pass_gate_moved_link')}</a>
      </p>
    </section>
  );
}

export default function CheckInPage(props: ScreenProps) {
  const token = String(props.reservationToken ?? '');
  if (token === GATE_STATION) return <GateMoved />;
  return <GatePass token={token} admission={String(props.id ?? '')} mode={modeOf(props.type)} />;
}
