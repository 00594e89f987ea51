import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '../constants.ts';
import {
  CHUNK_LOAD_FAILED,
  ERROR_CATALOGUE,
  type ErrorEffect,
  GENERIC_CLIENT_ERRORS,
  GENERIC_ERROR,
  genericError,
  lookupError,
  SERVER_ERRORS,
  type ServerError,
  statusOf,
} from './catalogue.ts';

/** The shared texts of the seed, read as files: the domain package does not import the seed. */
const texts = Object.fromEntries(
  LANGUAGE_CODES.map((lang) => [
    lang,
    JSON.parse(readFileSync(new URL(`../../../../seed/src/texts/${lang}.json`, import.meta.url), 'utf8')) as Record<
      string,
      string
    >,
  ]),
) as Record<LanguageCode, Record<string, string>>;

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('server errors', () => {
  it('lists each text of SPEC §8 once', () => {
    expect(new Set(SERVER_ERRORS).size).toBe(SERVER_ERRORS.length);
    expect(SERVER_ERRORS).toHaveLength(40);
    expect(SERVER_ERRORS).toContain('time_change: expired coupon');
    expect(SERVER_ERRORS).toContain('time_change: out of coverage dates');
    expect(SERVER_ERRORS).toContain('out of coverage dates');
  });

  it('has a catalogue entry for every server error and no other', () => {
    expect(SERVER_ERRORS.filter((error) => !Object.hasOwn(ERROR_CATALOGUE, error))).toEqual([]);
    expect(Object.keys(ERROR_CATALOGUE).sort()).toEqual([...SERVER_ERRORS].sort());
  });

  it.each(LANGUAGE_CODES)('points only at dialog keys that exist and are not empty in %s', (lang) => {
    const missing = SERVER_ERRORS.flatMap((error) => {
      const { titleKey, textKey, okKey } = ERROR_CATALOGUE[error];
      return [titleKey, textKey, okKey].filter((key) => !texts[lang][key]?.trim()).map((key) => `${error} → ${key}`);
    });
    expect(missing).toEqual([]);
  });

  it('uses dialog title and text pairs and the common OK button', () => {
    for (const error of SERVER_ERRORS) {
      const { titleKey, textKey, okKey } = ERROR_CATALOGUE[error];
      expect(titleKey, error).toMatch(/^dialog_\w+_title$/);
      expect(textKey, error).toBe(titleKey.replace(/_title$/, '_text'));
      expect(okKey, error).toBe('common_ok');
    }
  });

  it('shares one dialog among the errors the spec groups', () => {
    const titleOf = (error: ServerError) => ERROR_CATALOGUE[error].titleKey;
    expect(
      new Set(
        (
          [
            'multiple flat or fixed discount coupons',
            'invitation with flat coupon',
            'different campaigns',
            'duplicate invitation code',
          ] as const
        ).map(titleOf),
      ).size,
    ).toBe(1);
    expect(
      new Set((['invitation codes exceeding tickets', 'no further discounts', 'discount not calculable'] as const).map(titleOf))
        .size,
    ).toBe(1);
    expect(titleOf('out of coverage dates')).toBe(titleOf('coupon not available'));
    expect(titleOf('time_change_out_of_stock')).toBe(titleOf('no stock has been registered for this product'));
  });
});

describe('effects of SPEC §4', () => {
  const effects: [ServerError, ErrorEffect][] = [
    ['session_timeout', { kind: 'session-timeout' }],
    ['payment_api_failure', { kind: 'back-to-payment' }],
    ['coupon limit reached', { kind: 'back-to-payment' }],
    ['invalid email address', { kind: 'to-order' }],
    ['invalid email address in time change', { kind: 'to-change-date' }],
    ['critical refund error', { kind: 'payment-error', inquiry: true }],
  ];

  it.each(effects)('%s leads to %o', (error, effect) => {
    expect(ERROR_CATALOGUE[error].effect).toEqual(effect);
  });

  it('shows only the dialog for every other error', () => {
    const special = new Set(effects.map(([error]) => error));
    const others = SERVER_ERRORS.filter((error) => !special.has(error) && ERROR_CATALOGUE[error].effect.kind !== 'dialog');
    expect(others).toEqual([]);
  });
});

describe('lookupError', () => {
  it.each(SERVER_ERRORS)('finds the entry for %s', (error) => {
    expect(lookupError({ error, can_retry: false })).toEqual({ error, entry: ERROR_CATALOGUE[error] });
  });

  it('returns null for unknown texts', () => {
    expect(lookupError({ error: 'something else' })).toBeNull();
    expect(lookupError({ error: 'Out of stock' })).toBeNull();
    expect(lookupError({ error: 'toString' })).toBeNull();
    expect(lookupError({ error: '__proto__' })).toBeNull();
    expect(lookupError({ error: 42 })).toBeNull();
  });

  it('returns null for bodies that are not objects or have no error', () => {
    for (const body of [undefined, null, 'out of stock', 42, true, [], {}, { message: 'out of stock' }]) {
      expect(lookupError(body)).toBeNull();
    }
  });
});

describe('generic connection error', () => {
  it('has the exact wording of SPEC §8 in en and ja', () => {
    expect(GENERIC_ERROR.en).toEqual({
      title: 'We were unable to connect to the server',
      text: 'The connection is unstable. Please try again.',
      ok: 'OK',
    });
    expect(GENERIC_ERROR.ja).toEqual({
      title: '通信ができませんでした',
      text: '通信が不安定です。再度お試しください。',
      ok: 'OK',
    });
  });

  it.each(LANGUAGE_CODES)('has no empty text in %s and agrees with its error_connection texts', (lang) => {
    const { title, text, ok } = GENERIC_ERROR[lang];
    expect(title.trim()).not.toBe('');
    expect(text.trim()).not.toBe('');
    expect(ok).toBe('OK');
    expect(title).toBe(texts[lang].error_connection_title);
    expect(text).toBe(texts[lang].error_connection_text);
  });

  it('falls back to the default language for an unknown code', () => {
    expect(genericError('kr')).toBe(GENERIC_ERROR.kr);
    expect(genericError('fr')).toBe(GENERIC_ERROR.ja);
  });
});

describe('generic client errors', () => {
  it('builds the messages of SPEC §8', () => {
    expect(GENERIC_CLIENT_ERRORS.networkError).toBe('Network Error');
    expect(GENERIC_CLIENT_ERRORS.requestAborted).toBe('Request aborted');
    expect(GENERIC_CLIENT_ERRORS.timeoutExceeded(240_000)).toBe('timeout of 240000ms exceeded');
    expect(GENERIC_CLIENT_ERRORS.requestFailed(503)).toBe('Request failed with status code 503');
    expect(CHUNK_LOAD_FAILED).toBe('Loading chunk failed');
    expect(GENERIC_CLIENT_ERRORS.chunkLoadFailed).toBe(CHUNK_LOAD_FAILED);
  });
});

describe('shared text files', () => {
  it.each(LANGUAGE_CODES)('%s has the keys of ja in the same order with the same placeholders', (lang) => {
    expect(Object.keys(texts[lang])).toEqual(Object.keys(texts.ja));
    const mismatched = Object.keys(texts.ja).filter(
      (key) => JSON.stringify(placeholders(texts[lang][key] ?? '')) !== JSON.stringify(placeholders(texts.ja[key] ?? '')),
    );
    expect(mismatched).toEqual([]);
  });
});

describe('the status of each error', () => {
  it('is a client or gateway status for every SPEC §8 error, taken from its catalogue entry', () => {
    const statuses = SERVER_ERRORS.map((error) => statusOf(error));
    expect(statuses.filter((status) => !(status >= 400 && status <= 599))).toEqual([]);
    expect(statusOf('session_timeout')).toBe(410);
    expect(statusOf('out of stock')).toBe(409);
    expect(statusOf('critical refund error')).toBe(502);
    expect(statusOf('membership login failed')).toBe(401);
  });

  it('gives the generic errors their own statuses', () => {
    expect(statusOf('invalid request')).toBe(400);
    expect(statusOf('not found')).toBe(404);
    expect(statusOf('too many requests')).toBe(429);
  });
});
