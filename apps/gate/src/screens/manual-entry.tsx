/**
 * Manual entry (issue 17, part 4): a reservation number, with or without its hyphen, finds the
 * booking; its admissions are checked in one by one, or all that are still valid at once.
 */

import type { GateBooking, GateResult } from '@storefront/domain/console/gate';
import type { LanguageCode } from '@storefront/domain/constants';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, isNetworkError } from '../lib/api.ts';
import { localParts } from '../lib/offline/decide.ts';
import { dayMonth } from '../lib/result-text.ts';

/** A reservation number as the server takes it: 10 letters and digits, hyphen and spaces dropped. */
export function normaliseReservationNumber(text: string): string | null {
  const number = text.trim().toUpperCase().replace(/[\s-]/g, '');
  return /^[0-9A-Z]{10}$/.test(number) ? number : null;
}

export function ManualEntry(props: {
  lang: LanguageCode;
  timeZone: string;
  findBooking: (number: string) => Promise<GateBooking>;
  checkIn: (admissionId: string) => Promise<GateResult>;
  onResult: (result: GateResult) => void;
}) {
  const { t } = useTranslation();
  const ids = { number: useId(), hint: useId(), error: useId() };
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [booking, setBooking] = useState<GateBooking | null>(null);
  const [busy, setBusy] = useState(false);

  const failed = (caught: unknown) => {
    if (isNetworkError(caught)) setError(t('manual_offline'));
    else if (isApiError(caught) && caught.status === 404) setError(t('manual_not_found'));
    else if (isApiError(caught) && caught.status === 400) setError(t('manual_invalid'));
    else setError(t('error_generic'));
  };

  const find = async (event?: FormEvent) => {
    event?.preventDefault();
    const number = normaliseReservationNumber(text);
    if (!number) {
      setError(t('manual_invalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setBooking(await props.findBooking(number));
    } catch (caught) {
      setBooking(null);
      failed(caught);
    } finally {
      setBusy(false);
    }
  };

  const admit = async (admissionIds: string[]) => {
    if (!booking) return;
    setBusy(true);
    setError(null);
    try {
      const results: GateResult[] = [];
      for (const id of admissionIds) results.push(await props.checkIn(id));
      // One result for the attendant: the party admitted, or the first refusal.
      const refused = results.find((r) => r.status !== 'success');
      const admitted = results.filter((r) => r.status === 'success');
      if (refused) props.onResult(refused);
      else if (admitted.length > 0) {
        const first = admitted[0] as GateResult;
        props.onResult({
          ...first,
          admissions: admitted.flatMap((r) => r.admissions),
          admitted: admitted.reduce((sum, r) => sum + r.admitted, 0),
        });
      }
      setBooking(await props.findBooking(booking.reservation_number));
    } catch (caught) {
      failed(caught);
    } finally {
      setBusy(false);
    }
  };

  const valid = booking?.admissions.filter((a) => a.status === 'valid') ?? [];
  const when = (iso: string) => localParts(Date.parse(iso), props.timeZone).time;

  return (
    <section className="manual" aria-labelledby="manual-title">
      <h2 id="manual-title">{t('manual_title')}</h2>
      <form className="manual-form" onSubmit={find} noValidate>
        <label htmlFor={ids.number}>{t('manual_number')}</label>
        <div className="inline">
          <input
            id={ids.number}
            value={text}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            inputMode="text"
            aria-describedby={error ? `${ids.hint} ${ids.error}` : ids.hint}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <button type="submit" className="button primary" disabled={busy}>
            {t('manual_find')}
          </button>
        </div>
        <p id={ids.hint} className="hint">
          {t('manual_number_hint')}
        </p>
        {error && (
          <p id={ids.error} className="error" role="alert">
            {error}
          </p>
        )}
      </form>
      {booking && (
        <div className="booking" data-booking={booking.reservation_number}>
          <h3>
            {booking.product_name} · {booking.reservation_number}
          </h3>
          <p>
            {t('manual_slot', {
              date: dayMonth(booking.slot.date, props.lang),
              start: booking.slot.start_time.slice(0, 5),
              end: booking.slot.end_time.slice(0, 5),
            })}
          </p>
          <ul className="admissions">
            {booking.admissions.map((a) => (
              <li key={a.id} data-admission-status={a.status}>
                <span className="admission-name">{t('manual_admission', { position: a.position, name: a.option_name })}</span>
                <span className={`state state-${a.status}`}>
                  {a.status === 'used'
                    ? a.checked_in_at
                      ? t('manual_state_used', { when: when(a.checked_in_at), gate: a.gate ?? '' })
                      : t('manual_state_used_plain')
                    : t(`manual_state_${a.status}`)}
                </span>
                {a.status === 'valid' && (
                  <button type="button" className="button" disabled={busy} onClick={() => void admit([a.id])}>
                    {t('manual_check_in')}
                    <span className="visually-hidden">
                      {' '}
                      {t('manual_admission', { position: a.position, name: a.option_name })}
                    </span>
                  </button>
                )}
              </li>
            ))}
          </ul>
          {valid.length > 1 && (
            <button type="button" className="button primary" disabled={busy} onClick={() => void admit(valid.map((a) => a.id))}>
              {t('manual_all', { count: valid.length })}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
