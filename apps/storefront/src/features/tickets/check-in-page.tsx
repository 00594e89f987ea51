/**
 * `/id/{reservationToken}/{id}/{type}`: check-in (SPEC §4), in mode `gate` or `set`.
 * - On the visitor's own page (`{id}` an admission, or `all` for the party): staff tap it
 *   (`tap_ticket`), and the tap goes init → tap → success or error.
 * - As a staff gate station (`/id/gate/{gate}/{mode}`): the device reads ticket QRs (`read_qr`)
 *   with the camera or from an image, with manual entry when there is no camera.
 * Each answer is a ticket check status: success, used, invalid_time or invalid.
 */
import type { CheckInMode, TapState } from '@storefront/domain/api/tickets';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { type CheckInResult, ticketsApi } from './api/tickets-api.ts';
import { GATE_STATION, ticketPaths } from './ticket-links.ts';
import { TicketHeader, useTicket } from './ticket-page.tsx';
import './ticket-card.css';
import './share.css';
import './check-in.css';
import './receipt.css';

const STATUS_KEYS: Record<string, string> = {
  available: 'checkin_status_available',
  success: 'checkin_status_success',
  used: 'checkin_status_used',
  invalid_time: 'checkin_status_invalid_time',
  invalid: 'checkin_status_invalid',
};

function CheckInOutcome(props: { result: CheckInResult }) {
  const { t } = useTranslation();
  const { result } = props;
  return (
    <div className={`checkin-result checkin-result-${result.status}`} data-status={result.status}>
      <p className="checkin-result-status">{t(STATUS_KEYS[result.status] ?? 'checkin_status_invalid')}</p>
      {result.productName && <p className="checkin-result-product">{result.productName}</p>}
      {result.status === 'success' && <p>{t('checkin_admitted', { count: result.checkedIn })}</p>}
      {result.admissions.length > 0 && (
        <ul className="ticket-lines">
          {result.admissions.map((a) => (
            <li key={a.id}>{a.optionName}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function modeOf(type: unknown): CheckInMode {
  return type === 'set' ? 'set' : 'gate';
}

/** The staff device at a gate: camera or image scanning, and manual entry. */
function GateStation(props: { gate: string; mode: CheckInMode }) {
  const app = useApp();
  const { t } = useTranslation();
  const ids = { manual: useId(), image: useId() };
  const manualForm = useForm({ defaultValues: { code: '' } });
  const [cameraState, setCameraState] = useState<'off' | 'on' | 'unavailable'>('off');
  const [unreadable, setUnreadable] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const lastPayload = useRef<{ value: string; at: number } | null>(null);
  const gateName = /^[\w.-]{1,40}$/.test(props.gate) ? props.gate : 'gate';
  const checkIn = useMutation({
    mutationFn: (payload: string) =>
      ticketsApi(app.api, app.lang).checkIn({ method: 'read_qr', payload, gate: gateName, mode: props.mode }),
  });
  const submit = useCallback(
    (payload: string, source: 'camera' | 'image' | 'manual') => {
      // The camera sees the same code many times a second: one check-in per code per few seconds.
      const now = Date.now();
      const last = lastPayload.current;
      if (source === 'camera' && last && last.value === payload && now - last.at < 3000) return;
      lastPayload.current = { value: payload, at: now };
      setUnreadable(false);
      checkIn.mutate(payload);
    },
    [checkIn],
  );

  useEffect(() => {
    if (cameraState !== 'on') return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isRunning = true;
    (async () => {
      try {
        const { readQr } = await import('./qr-reader.ts');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (!video.current || !isRunning) return;
        video.current.srcObject = stream;
        await video.current.play();
        const scan = async () => {
          if (!isRunning || !video.current) return;
          const value = await readQr(video.current).catch(() => null);
          if (value) submit(value, 'camera');
          timer = setTimeout(scan, 250);
        };
        void scan();
      } catch {
        setCameraState('unavailable');
      }
    })();
    return () => {
      isRunning = false;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [cameraState, submit]);

  const onImage = async (file: File | undefined) => {
    if (!file) return;
    const { readQr } = await import('./qr-reader.ts');
    const value = await readQr(file).catch(() => null);
    if (value) submit(value, 'image');
    else setUnreadable(true);
  };

  // An empty entry is ignored, without a message: staff just type again.
  const onManual = manualForm.handleSubmit(({ code }) => {
    if (code.trim()) submit(code.trim(), 'manual');
  });

  return (
    <section className="page ticket-page checkin-page" data-screen="check-in" data-method="read_qr">
      <article className="ticket-card">
        <TicketHeader title={t('checkin_gate_title')} />
        <div className="ticket-body">
          <p className="checkin-gate">
            {t('checkin_gate_name', { gate: gateName })} · {t(props.mode === 'set' ? 'checkin_mode_set' : 'checkin_mode_gate')}
          </p>
          <div className="checkin-live" role="status" aria-live="polite">
            {checkIn.data && <CheckInOutcome result={checkIn.data} />}
            {unreadable && <p className="checkin-result checkin-result-invalid">{t('checkin_no_qr_found')}</p>}
          </div>
          <div className="checkin-camera">
            {cameraState === 'on' ? (
              <>
                <video ref={video} className="checkin-video" muted playsInline aria-label={t('checkin_scan_qr')} />
                <button type="button" className="button button-secondary" onClick={() => setCameraState('off')}>
                  {t('checkin_scan_stop')}
                </button>
              </>
            ) : (
              <button
                type="button"
                className="button button-primary"
                onClick={() => setCameraState('mediaDevices' in navigator ? 'on' : 'unavailable')}
              >
                {t('checkin_scan_qr')}
              </button>
            )}
            {cameraState === 'unavailable' && <p className="ticket-note">{t('checkin_camera_unavailable')}</p>}
          </div>
          <div className="checkin-image">
            <label htmlFor={ids.image}>{t('checkin_scan_image')}</label>
            <input
              id={ids.image}
              type="file"
              accept="image/*"
              capture="environment"
              onChange={(e) => {
                void onImage(e.currentTarget.files?.[0]);
                e.currentTarget.value = '';
              }}
            />
          </div>
          <form className="stack-form checkin-manual" onSubmit={onManual} noValidate>
            <label htmlFor={ids.manual}>{t('checkin_manual_entry')}</label>
            <input id={ids.manual} autoComplete="off" spellCheck={false} {...manualForm.register('code')} />
            <div className="actions">
              <button type="submit" className="button button-secondary" disabled={checkIn.isPending}>
                {t('checkin_manual_submit')}
              </button>
            </div>
          </form>
        </div>
      </article>
    </section>
  );
}

/** The visitor's own page, tapped by staff. */
function TapTicket(props: { token: string; admission: string; mode: CheckInMode }) {
  const app = useApp();
  const { t } = useTranslation();
  const ticket = useTicket(props.token);
  const [tapState, setTapState] = useState<TapState>('init');
  const tap = useMutation({
    mutationFn: () =>
      ticketsApi(app.api, app.lang).checkIn({
        method: 'tap_ticket',
        reservation_token: props.token,
        ticket_id: props.admission,
        gate: 'tap',
        mode: props.mode,
      }),
    onMutate: () => setTapState('tap'),
    onSuccess: (result) => {
      setTapState(result.status === 'success' ? 'success' : 'error');
      void ticket.refetch();
    },
    onError: () => setTapState('error'),
  });
  const view = ticket.data;
  const admissions = view?.admissions.filter((a) => props.admission === 'all' || a.id === props.admission) ?? [];
  const before = admissions.find((a) => a.status === 'available')?.status ?? admissions[0]?.status ?? null;
  return (
    <section className="page ticket-page checkin-page" data-screen="check-in" data-method="tap_ticket" data-tap-state={tapState}>
      <article className="ticket-card">
        <TicketHeader title={t('checkin_title')} />
        <div className="ticket-body">
          {view && (
            <>
              <p className="ticket-product">{view.product.name}</p>
              {view.reservationNumber !== null && (
                <p>
                  {t('ticket_reservation_number')}: <span className="ticket-number">{view.reservationNumber}</span>
                </p>
              )}
              <ul className="ticket-lines">
                {admissions.map((a) => (
                  <li key={a.id}>{a.optionName}</li>
                ))}
              </ul>
              <p className="checkin-gate">{t(props.mode === 'set' ? 'checkin_mode_set' : 'checkin_mode_gate')}</p>
            </>
          )}
          <div className="checkin-live" role="status" aria-live="polite">
            {tap.data ? (
              <CheckInOutcome result={tap.data} />
            ) : (
              before &&
              tapState === 'init' && <p className={`checkin-result checkin-result-${before}`}>{t(STATUS_KEYS[before] ?? '')}</p>
            )}
            {tapState === 'error' && !tap.data && <p className="checkin-result checkin-result-invalid">{t('checkin_error')}</p>}
          </div>
          {tapState !== 'success' && (
            <>
              <p className="ticket-note">{t('checkin_tap_note')}</p>
              <button
                type="button"
                className="button button-primary checkin-tap"
                disabled={tapState === 'tap' || !view || admissions.length === 0}
                onClick={() => tap.mutate()}
              >
                {tapState === 'tap' ? t('checkin_tapping') : t('checkin_tap')}
              </button>
            </>
          )}
        </div>
      </article>
      <p>
        <Link to={ticketPaths.ticket(props.token)}>{t('ticket_back')}</Link>
      </p>
    </section>
  );
}

export default function CheckInPage(props: ScreenProps) {
  const token = String(props.reservationToken ?? '');
  const id = String(props.id ?? '');
  const mode = modeOf(props.type);
  if (token === GATE_STATION) return <GateStation gate={id} mode={mode} />;
  return <TapTicket token={token} admission={id} mode={mode} />;
}
