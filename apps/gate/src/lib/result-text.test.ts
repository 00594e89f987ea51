import type { GateResult } from '@storefront/domain/console/gate';
import { describe, expect, it } from 'vitest';
import { createGateI18n, RESOURCES } from './i18n.ts';
import { partyLine, resultView, type Shown } from './result-text.ts';

const TZ = 'Asia/Tokyo';
// 2026-11-25 14:40 in Tokyo.
const NOW = new Date('2026-11-25T05:40:00Z');

const base: GateResult = {
  status: 'success',
  reason: null,
  product_name: 'Garden entry',
  admissions: [
    { id: 'a1', option_name: 'Adult', position: 1 },
    { id: 'a2', option_name: 'Child', position: 2 },
    { id: 'a3', option_name: 'Adult', position: 3 },
  ],
  admitted: 3,
  slot: null,
  used: null,
  checked_in_at: '2026-11-25T05:40:00Z',
};

function view(result: Partial<GateResult>, options: { lang?: 'en' | 'ja'; offline?: boolean } = {}) {
  const lang = options.lang ?? 'en';
  const i18n = createGateI18n(lang);
  const shown: Shown = { kind: 'result', result: { ...base, ...result }, offline: options.offline ?? false };
  return resultView(shown, { t: i18n.t.bind(i18n) as never, lang, timeZone: TZ, now: NOW });
}

describe('the result’s words', () => {
  it('success: how many to admit, the admission types with their counts, the party size', () => {
    const v = view({});
    expect(v.tone).toBe('success');
    expect(v.headline).toBe('Admit 3');
    expect(v.details).toEqual(['2 × Adult, 1 × Child', 'Party of 3', 'Garden entry']);
    expect(v.announcement).toBe('Admit 3. 2 × Adult, 1 × Child. Party of 3. Garden entry');
  });

  it('success offline: no type names known, the party size and that the device decided', () => {
    const v = view({ admissions: [{ id: 'a1', option_name: '', position: 1 }], admitted: 1 }, { offline: true });
    expect(v.headline).toBe('Admit 1');
    expect(v.details).toEqual(['Party of 1', 'Garden entry', 'Checked on this device, offline']);
  });

  it('wrong time: the ticket’s time today, its date and time another day', () => {
    const today = view({
      status: 'invalid_time',
      admitted: 0,
      slot: { id: 1, date: '2026-11-25', start_time: '14:30:00', end_time: '15:00' },
    });
    expect(today.tone).toBe('wrong_time');
    expect(today.headline).toBe('Wrong time');
    expect(today.details[0]).toBe('This ticket is for 14:30');
    const tomorrow = view({
      status: 'invalid_time',
      admitted: 0,
      slot: { id: 2, date: '2026-11-26', start_time: '14:30', end_time: '15:00' },
    });
    expect(tomorrow.details[0]).toBe('This ticket is for 26 Nov, 14:30');
  });

  it('used: when (in the venue’s time zone) and at which gate', () => {
    const v = view({ status: 'used', admitted: 0, used: { at: '2026-11-25T04:02:00Z', gate: 'north gate' } });
    expect(v.tone).toBe('used');
    expect(v.headline).toBe('Already used');
    expect(v.details[0]).toBe('Used at 13:02 at north gate');
    const yesterday = view({ status: 'used', admitted: 0, used: { at: '2026-11-24T01:15:00Z', gate: 'east' } });
    expect(yesterday.details[0]).toBe('Used at 24 Nov, 10:15 at east');
  });

  it('changed: the date it moved to, always with its date', () => {
    const v = view({
      status: 'changed',
      admitted: 0,
      slot: { id: 3, date: '2026-11-26', start_time: '14:30', end_time: '15:00' },
    });
    expect(v.tone).toBe('changed');
    expect(v.details[0]).toBe('Changed to another date: 26 Nov, 14:30');
  });

  it.each([
    ['cancelled', 'This ticket was cancelled'],
    ['other_venue', 'A ticket for another venue'],
    ['unreadable', 'No ticket code could be read'],
    ['replaced', 'This code was replaced: the ticket was shared'],
  ] as const)('invalid (%s): the reason in words', (reason, words) => {
    const v = view({ status: 'invalid', reason, admitted: 0, product_name: null });
    expect(v.tone).toBe('invalid');
    expect(v.headline).toBe('Invalid');
    expect(v.details).toEqual([words]);
  });

  it('a code that needs the network says so', () => {
    const i18n = createGateI18n('en');
    const v = resultView({ kind: 'needs_network' }, { t: i18n.t.bind(i18n) as never, lang: 'en', timeZone: TZ, now: NOW });
    expect(v.tone).toBe('needs_network');
    expect(v.headline).toBe('Needs the network');
  });

  it('speaks Japanese too', () => {
    const v = view({ status: 'used', admitted: 0, used: { at: '2026-11-25T04:02:00Z', gate: '北門' } }, { lang: 'ja' });
    expect(v.headline).not.toBe('Already used');
    expect(v.details[0]).toContain('13:02');
    expect(v.details[0]).toContain('北門');
  });

  it('groups a party’s admission types in the order they come', () => {
    expect(partyLine(base.admissions)).toBe('2 × Adult, 1 × Child');
    expect(partyLine([])).toBeNull();
  });
});

describe('the scanner’s texts', () => {
  const english = RESOURCES.en as Record<string, string>;
  it.each(Object.keys(RESOURCES).filter((lang) => lang !== 'en'))('%s has every English text, translated', (lang) => {
    const texts = RESOURCES[lang as keyof typeof RESOURCES] as Record<string, string>;
    // Plural forms differ by language (Japanese, Thai, Korean and Chinese have one): compare the base keys.
    const baseKeys = (keys: string[]) => [...new Set(keys.map((key) => key.replace(/_(one|other)$/, '')))].sort();
    expect(baseKeys(Object.keys(texts))).toEqual(baseKeys(Object.keys(english)));
    const same = Object.keys(texts).filter(
      (key) => texts[key] === english[key] && !/^\{\{[^}]+\}\}[^\p{L}]*(\{\{[^}]+\}\})?$/u.test(texts[key] ?? ''),
    );
    expect(same).toEqual([]);
    for (const key of Object.keys(texts)) {
      const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      const englishText = english[key] ?? english[`${key.replace(/_(one|other)$/, '')}_other`] ?? '';
      expect(placeholders(texts[key] ?? ''), `${lang} ${key}`).toEqual(placeholders(englishText));
    }
  });
});
