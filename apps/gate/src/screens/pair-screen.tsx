/**
 * An unpaired scanner: how to pair it (console → Gate devices → its pairing QR), a camera to read
 * that QR, and the staff member's way in: signed in to the console with the scanning right at a
 * venue, they choose the venue and a gate name and scan as themselves.
 */
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, isNetworkError } from '../lib/api.ts';
import { staffScanning } from '../lib/gate-state.ts';
import type { Credentials } from '../lib/storage.ts';
import { useCamera } from '../ui/use-camera.ts';

/** The pairing code of a scanned QR: the link `…/gate/#pair=<code>`, or the code alone. */
export function pairingCodeOf(text: string): string | null {
  const match = /[#&]pair=([\w-]{16,64})\b/.exec(text) ?? /^([\w-]{16,64})$/.exec(text.trim());
  return match?.[1] ?? null;
}

const GATE_NAME = /^[\w.-]{1,40}$/;

type Staff = { email: string; venues: { code: string; name: string }[] };

function StaffStart(props: { staff: Staff; onStart: (credentials: Credentials) => Promise<void> }) {
  const { t } = useTranslation();
  const ids = { venue: useId(), gate: useId(), hint: useId(), error: useId() };
  const [venue, setVenue] = useState(props.staff.venues[0]?.code ?? '');
  const [gate, setGate] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (props.staff.venues.length === 0) return <p>{t('staff_no_venue')}</p>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = gate.trim();
    // The contract's GateName, checked here without loading its schema library into the scanner.
    if (!GATE_NAME.test(name)) {
      setError(t('staff_gate_invalid'));
      return;
    }
    const chosen = props.staff.venues.find((v) => v.code === venue);
    if (!chosen) return;
    setError(null);
    void props.onStart({ kind: 'staff', venue: chosen, gate: name });
  };
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <p>{t('staff_signed_in_as', { email: props.staff.email })}</p>
      <label htmlFor={ids.venue}>{t('staff_venue')}</label>
      <select id={ids.venue} value={venue} onChange={(e) => setVenue(e.target.value)}>
        {props.staff.venues.map((v) => (
          <option key={v.code} value={v.code}>
            {v.name}
          </option>
        ))}
      </select>
      <label htmlFor={ids.gate}>{t('staff_gate')}</label>
      <input
        id={ids.gate}
        value={gate}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setGate(e.target.value)}
      />
      <p id={ids.hint} className="hint">
        {t('staff_gate_hint')}
      </p>
      {error && (
        <p id={ids.error} className="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button primary">
        {t('staff_start')}
      </button>
    </form>
  );
}

export function PairScreen(props: {
  initialCode: string | null;
  pair: (code: string) => Promise<void>;
  start: (credentials: Credentials) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | null>(null);
  const [isPairing, setPairing] = useState(false);
  const [isCameraWanted, setCameraWanted] = useState(false);
  const [staff, setStaff] = useState<Staff | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const tried = useRef(new Set<string>());
  const { pair } = props;

  const pairWith = useCallback(
    async (code: string) => {
      if (tried.current.has(code)) return;
      tried.current.add(code);
      setPairing(true);
      setMessage(null);
      setCameraWanted(false);
      try {
        await pair(code);
      } catch (error) {
        if (isNetworkError(error)) setMessage(t('pair_offline'));
        else if (isApiError(error) && (error.status === 404 || error.status === 400)) setMessage(t('pair_failed'));
        else if (isApiError(error) && error.status === 429) setMessage(t('pair_too_many'));
        else setMessage(t('error_generic'));
        tried.current.delete(code);
      } finally {
        setPairing(false);
      }
    },
    [pair, t],
  );

  useEffect(() => {
    if (props.initialCode) void pairWith(props.initialCode);
  }, [props.initialCode, pairWith]);

  useEffect(() => {
    void staffScanning().then(setStaff);
  }, []);

  const camera = useCamera(video, isCameraWanted, (text) => {
    const code = pairingCodeOf(text);
    if (code) void pairWith(code);
    else setMessage(t('pair_not_a_pairing_qr'));
  });

  return (
    <main className="setup" aria-labelledby="pair-title">
      <h1 id="pair-title">{t('pair_title')}</h1>
      <div className="notice-region" role="status" aria-live="polite">
        {isPairing && <p className="notice">{t('pair_pairing')}</p>}
        {message && <p className="notice error-notice">{message}</p>}
      </div>
      <section className="card" aria-labelledby="pair-how">
        <h2 id="pair-how">{t('pair_how')}</h2>
        <ol className="steps">
          <li>{t('pair_step_1')}</li>
          <li>{t('pair_step_2')}</li>
          <li>{t('pair_step_3')}</li>
        </ol>
        {isCameraWanted && (
          <div className="camera small">
            <video ref={video} muted playsInline aria-label={t('camera_label')} />
          </div>
        )}
        {camera === 'unavailable' && <p className="hint">{t('camera_unavailable_pair')}</p>}
        <button type="button" className="button primary" disabled={isPairing} onClick={() => setCameraWanted((on) => !on)}>
          <CameraIcon />
          {isCameraWanted ? t('camera_stop') : t('pair_scan')}
        </button>
      </section>
      <section className="card" aria-labelledby="staff-title">
        <h2 id="staff-title">{t('staff_title')}</h2>
        {staff ? (
          <StaffStart staff={staff} onStart={props.start} />
        ) : (
          <>
            <p>{t('staff_sign_in_hint')}</p>
            <a className="button" href="/console/">
              {t('staff_sign_in')}
            </a>
          </>
        )}
      </section>
    </main>
  );
}

export function CameraIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 7h3l2-2h6l2 2h3a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <circle cx="12" cy="13" r="3.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
