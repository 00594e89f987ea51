import { describe, expect, it } from 'vitest';
import { isTimeZone, NewVenueBody, venueKeyProblem } from './venues.ts';

const body = {
  code: 'harbour-hall',
  variant: 'harbour',
  kind: 'exhibition',
  name: { en: ' Harbour Hall ' },
  languages: ['en', 'ja'],
  currency: 'EUR',
  time_zone: 'Europe/Lisbon',
};

/** The path of the first problem zod finds, as the server's error names the field. */
const refusedField = (input: unknown) => {
  const result = NewVenueBody.safeParse(input);
  return result.success ? null : result.error.issues[0]?.path.join('.');
};

describe('the new venue contract', () => {
  it('takes a venue named in its default language, trimming the name', () => {
    expect(NewVenueBody.parse(body).name).toEqual({ en: 'Harbour Hall' });
  });

  it.each([
    ['code', { code: 'Harbour' }],
    ['variant', { variant: 'api' }],
    ['variant', { variant: 'x' }],
    ['kind', { kind: 'museum' }],
    ['name', { name: { ja: 'ハーバー' } }],
    ['name', { name: { en: 'Harbour', th: 'ฮาร์เบอร์' } }],
    ['name', { name: { en: 'Harbour', fr: 'Port' } }],
    ['languages', { languages: [] }],
    ['languages', { languages: ['en', 'en'] }],
    ['currency', { currency: 'GBP' }],
    ['time_zone', { time_zone: 'Mars/Olympus_Mons' }],
    ['code', { code: 'a\u0000b' }],
  ])('refuses a wrong %s', (field, change) => {
    expect(refusedField({ ...body, ...change })?.split('.')[0]).toBe(field);
  });

  it('says what is wrong with a code or variant', () => {
    expect(venueKeyProblem('harbour-hall')).toBeNull();
    expect(venueKeyProblem('tickets')).toContain('a path the server uses');
    expect(venueKeyProblem('Harbour')).toContain('lowercase');
  });

  it('knows IANA time zones', () => {
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Nowhere/Special')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
