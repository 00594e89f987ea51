/**
 * The scanner (issue 17): the back camera reading continuously, a code field that keeps the focus
 * while the scanner is idle (a keyboard-wedge barcode reader types into it and presses Enter), a
 * photo as a last resort, and the result for the queue. A new scan clears the previous result
 * first, so a read that fails never shows an old answer; a result clears to "Ready" by itself.
 */

import type { GateResult } from '@storefront/domain/console/gate';
import type { LanguageCode } from '@storefront/domain/constants';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_SHOWN_MS } from '../lib/contract.ts';
import { playFeedback, unlockAudio } from '../lib/feedback.ts';
import type { GateState } from '../lib/gate-state.ts';
import { invalid } from '../lib/offline/decide.ts';
import { resultView, type Shown } from '../lib/result-text.ts';
import { readPhoto, useCamera } from '../ui/use-camera.ts';
import { ManualEntry } from './manual-entry.tsx';
import { CameraIcon } from './pair-screen.tsx';
import { ResultScreen } from './result-screen.tsx';
import { StatusStrip } from './status-strip.tsx';

/** The same code read again this soon is the same ticket still in front of the camera. */
export const REPEAT_IGNORED_MS = 3000;

/** Drops a code read again within REPEAT_IGNORED_MS of its last reading. */
export function repeatFilter(windowMs = REPEAT_IGNORED_MS) {
  let last: { code: string; at: number } | null = null;
  return (code: string, now: number): boolean => {
    const isRepeat = last !== null && last.code === code && now - last.at < windowMs;
    if (!isRepeat) last = { code, at: now };
    return !isRepeat;
  };
}

type Actions = {
  scan: (code: string) => Promise<Shown>;
  findBooking: Parameters<typeof ManualEntry>[0]['findBooking'];
  checkInAdmission: (id: string) => Promise<GateResult>;
};

export function ScannerScreen(props: { state: GateState; actions: Actions; lang: LanguageCode; menu: React.ReactNode }) {
  const { t } = useTranslation();
  const { state, actions } = props;
  const ids = { wedge: useId(), photo: useId() };
  const [view, setView] = useState<'scan' | 'manual'>('scan');
  const [shown, setShown] = useState<Shown | null>(null);
  const [isChecking, setChecking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [isCameraWanted, setCameraWanted] = useState(true);
  const [isKeyboard, setKeyboard] = useState(false);
  const [code, setCode] = useState('');
  const wedge = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const isNew = useRef(repeatFilter());
  const attempt = useRef(0);
  const timeZone = state.caller?.venue.time_zone ?? 'UTC';

  const show = useCallback((next: Shown) => {
    setShown(next);
    const tone =
      next.kind === 'needs_network' ? 'needs_network' : next.result.status === 'invalid_time' ? 'wrong_time' : next.result.status;
    playFeedback(tone, { sound: true });
  }, []);

  const submit = useCallback(
    async (raw: string, source: 'camera' | 'typed' | 'photo') => {
      const text = raw.trim();
      // The camera sees a code many times a second, and a reader may send it twice; a photo is chosen once.
      if (!text || (!isNew.current(text, Date.now()) && source !== 'photo')) return;
      // The previous answer goes before this one is asked for: a failed read never shows it.
      const mine = ++attempt.current;
      setShown(null);
      setFailure(null);
      setChecking(true);
      try {
        const next = await actions.scan(text);
        if (attempt.current === mine) show(next);
      } catch {
        if (attempt.current === mine) setFailure(t('error_generic'));
      } finally {
        if (attempt.current === mine) setChecking(false);
      }
    },
    [actions, show, t],
  );

  // Back to "Ready" after a while.
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), RESULT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  const camera = useCamera(
    video,
    view === 'scan' && isCameraWanted && state.phase === 'ready',
    (value) => void submit(value, 'camera'),
  );

  // The code field keeps the focus while nothing else is being used.
  useEffect(() => {
    if (view !== 'scan') return;
    const refocus = () => {
      const active = document.activeElement;
      const isElsewhere = active && active !== document.body && active !== wedge.current && !active.closest('.result');
      if (!isElsewhere && !document.querySelector('[data-menu-open="true"]')) wedge.current?.focus({ preventScroll: true });
    };
    refocus();
    const timer = setInterval(refocus, 1000);
    return () => clearInterval(timer);
  }, [view]);

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    const mine = ++attempt.current;
    setShown(null);
    setFailure(null);
    setChecking(true);
    const value = await readPhoto(file);
    if (attempt.current !== mine) return;
    setChecking(false);
    if (value) await submit(value, 'photo');
    else show({ kind: 'result', offline: false, result: invalid('unreadable') });
  };

  const resultScreen = shown ? resultView(shown, { t, lang: props.lang, timeZone, now: new Date() }) : null;
  const credentials = state.credentials;
  const gate = credentials?.kind === 'device' ? credentials.device.gate : credentials?.gate;
  const who =
    credentials?.kind === 'device'
      ? credentials.device.name
      : state.caller?.caller.kind === 'staff'
        ? state.caller.caller.email
        : '';

  return (
    <div className="scanner" data-view={view}>
      <header className="top">
        <div className="where">
          <span className="venue">{state.caller?.venue.name ?? credentials?.venue.name}</span>
          <span className="gate">
            {t('device_gate', { device: who, gate })}
            {state.mode === 'set' && <strong className="mode"> · {t('mode_set')}</strong>}
          </span>
        </div>
        {props.menu}
      </header>
      <StatusStrip state={state} lang={props.lang} timeZone={timeZone} />
      <div className="live visually-hidden" role="status" aria-live="assertive" aria-atomic="true">
        {resultScreen?.announcement ?? (isChecking ? t('checking') : '')}
      </div>
      {view === 'scan' ? (
        <main className="scan" aria-labelledby="scan-title">
          <h1 id="scan-title" className="ready" data-ready={!shown && !isChecking}>
            {isChecking ? t('checking') : t('ready')}
          </h1>
          <p className="ready-hint">{t('ready_hint')}</p>
          {failure && (
            <p className="error" role="alert">
              {failure}
            </p>
          )}
          <div className="camera">
            {isCameraWanted && camera !== 'unavailable' ? (
              <video ref={video} muted playsInline aria-label={t('camera_label')} />
            ) : (
              <p className="camera-off">{camera === 'unavailable' ? t('camera_unavailable') : t('camera_off')}</p>
            )}
            {camera === 'on' && <span className="frame" aria-hidden="true" />}
          </div>
          <form
            className="wedge"
            onSubmit={(event) => {
              event.preventDefault();
              unlockAudio();
              const value = code;
              setCode('');
              void submit(value, 'typed');
            }}
          >
            <label htmlFor={ids.wedge}>{t('wedge_label')}</label>
            <div className="inline">
              <input
                id={ids.wedge}
                ref={wedge}
                name="code"
                value={code}
                autoComplete="off"
                autoCapitalize="off"
                autoCorrect="off"
                spellCheck={false}
                enterKeyHint="go"
                // A barcode reader types as a keyboard; the phone's own keyboard only when asked for.
                inputMode={isKeyboard ? 'text' : 'none'}
                onChange={(e) => setCode(e.target.value)}
              />
              <button type="submit" className="button">
                {t('wedge_submit')}
              </button>
            </div>
          </form>
          <div className="tools">
            <button type="button" className="button" onClick={() => setCameraWanted((on) => !on)}>
              <CameraIcon />
              {isCameraWanted && camera !== 'unavailable' ? t('camera_stop') : t('camera_start')}
            </button>
            <button
              type="button"
              className="button"
              aria-pressed={isKeyboard}
              onClick={() => {
                setKeyboard((on) => !on);
                wedge.current?.focus();
              }}
            >
              {t('keyboard_show')}
            </button>
            <label className="button photo" htmlFor={ids.photo}>
              {t('photo')}
            </label>
            <input
              id={ids.photo}
              className="visually-hidden"
              type="file"
              accept="image/*"
              capture="environment"
              onChange={(e) => {
                void onPhoto(e.currentTarget.files?.[0]);
                e.currentTarget.value = '';
              }}
            />
            <button type="button" className="button" onClick={() => setView('manual')}>
              {t('manual_open')}
            </button>
          </div>
        </main>
      ) : (
        <main className="manual-view">
          <button type="button" className="button back" onClick={() => setView('scan')}>
            {t('scan_open')}
          </button>
          <ManualEntry
            lang={props.lang}
            timeZone={timeZone}
            findBooking={actions.findBooking}
            checkIn={actions.checkInAdmission}
            onResult={(result) => show({ kind: 'result', result, offline: false })}
          />
        </main>
      )}
      {resultScreen && <ResultScreen view={resultScreen} onDismiss={() => setShown(null)} dismissLabel={t('dismiss')} />}
    </div>
  );
}
