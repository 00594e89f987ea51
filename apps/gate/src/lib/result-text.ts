/**
 * The words of a scan's result for a queue to read from two metres: a headline, its details, and
 * the sentence a screen reader announces. Times are the venue's (GateCaller.venue.time_zone),
 * a slot's date is named only when it is not today's. Pure: the caller gives the texts and clock.
 */

import type { GateResult, GateSlot } from '@storefront/domain/console/gate';
import { LANGUAGE_TAGS, type LanguageCode } from '@storefront/domain/constants';
import { localParts } from './offline/decide.ts';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The five answers, plus a code only the server can check while it cannot be reached. */
export type Tone = 'success' | 'wrong_time' | 'used' | 'invalid' | 'changed' | 'needs_network';

export type ResultView = { tone: Tone; word: string; headline: string; details: string[]; announcement: string };

export type Shown = { kind: 'result'; result: GateResult; offline: boolean } | { kind: 'needs_network' };

const TONES: Record<GateResult['status'], Tone> = {
  success: 'success',
  invalid_time: 'wrong_time',
  used: 'used',
  invalid: 'invalid',
  changed: 'changed',
};

type Context = { t: Translate; lang: LanguageCode; timeZone: string; now: Date };

/** `14:30`, from `14:30` or `14:30:00`. */
const hhmm = (time: string) => time.slice(0, 5);

/** `26 Nov` (or the language's way of writing a day of a month) of an ISO date. */
export function dayMonth(date: string, lang: LanguageCode): string {
  const [year, month, day] = date.split('-').map(Number);
  // English as the venues write it: "26 Nov".
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : LANGUAGE_TAGS[lang], {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)));
}

/** A slot's start, with its date when that is not the venue's today. */
function slotWhen(slot: GateSlot, context: Context, alwaysDate = false): string {
  const today = localParts(context.now.getTime(), context.timeZone).date;
  const time = hhmm(slot.start_time);
  if (!alwaysDate && slot.date === today) return time;
  return context.t('date_time', { date: dayMonth(slot.date, context.lang), time });
}

/** An instant in the venue's time zone, with its date when not today. */
function instantWhen(iso: string, context: Context): string {
  const at = localParts(Date.parse(iso), context.timeZone);
  const today = localParts(context.now.getTime(), context.timeZone).date;
  return at.date === today ? at.time : context.t('date_time', { date: dayMonth(at.date, context.lang), time: at.time });
}

/** "2 × Adult, 1 × Child": the party's admission types with their counts, in the order they come. */
export function partyLine(admissions: GateResult['admissions']): string | null {
  const counts = new Map<string, number>();
  for (const admission of admissions) {
    if (!admission.option_name) continue;
    counts.set(admission.option_name, (counts.get(admission.option_name) ?? 0) + 1);
  }
  if (counts.size === 0) return null;
  return [...counts].map(([name, count]) => `${count} × ${name}`).join(', ');
}

export function resultView(shown: Shown, context: Context): ResultView {
  const { t } = context;
  if (shown.kind === 'needs_network') {
    const headline = t('result_needs_network');
    const details = [t('result_needs_network_detail')];
    return {
      tone: 'needs_network',
      word: t('word_needs_network'),
      headline,
      details,
      announcement: [headline, ...details].join('. '),
    };
  }
  const { result } = shown;
  const tone = TONES[result.status];
  const details: string[] = [];
  let headline: string;
  switch (result.status) {
    case 'success': {
      const count = result.admitted || result.admissions.length;
      headline = t('result_success', { count });
      const party = partyLine(result.admissions);
      if (party) details.push(party);
      details.push(t('result_party', { count: result.admissions.length }));
      break;
    }
    case 'invalid_time':
      headline = t('result_wrong_time');
      if (result.slot) details.push(t('result_wrong_time_detail', { when: slotWhen(result.slot, context) }));
      break;
    case 'used':
      headline = t('result_used');
      if (result.used)
        details.push(t('result_used_detail', { when: instantWhen(result.used.at, context), gate: result.used.gate }));
      break;
    case 'changed':
      headline = t('result_changed');
      details.push(
        result.slot ? t('result_changed_detail', { when: slotWhen(result.slot, context, true) }) : t('result_changed_unknown'),
      );
      break;
    default:
      headline = t('result_invalid');
      details.push(t(`reason_${result.reason ?? 'unknown'}`));
  }
  if (result.product_name) details.push(result.product_name);
  if (shown.offline) details.push(t('result_offline'));
  return { tone, word: t(`word_${tone}`), headline, details, announcement: [headline, ...details].join('. ') };
}
