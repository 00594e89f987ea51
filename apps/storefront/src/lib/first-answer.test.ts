import { describe, expect, it } from 'vitest';
import { readFirstAnswer } from './first-answer.ts';

/** A page whose data block holds `text`, or none at all. */
const pageWith = (text: string | null) => ({
  getElementById: (id: string) => (text !== null && id === 'first-answer' ? ({ textContent: text } as HTMLElement) : null),
});

const answer = {
  lang: 'en',
  configuration: { siteCode: 'borderless' },
  languages: [{ id: 'en', display_name: 'English', display_position: 1, is_default: true }],
  texts: { order_title: '</script> & \u2028' },
  products: [],
};

describe('the page’s first answer', () => {
  it('is read from the data block, escapes and all', () => {
    const escaped = JSON.stringify(answer).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e').replaceAll('&', '\\u0026');
    expect(readFirstAnswer(pageWith(escaped), 'borderless')).toEqual(answer);
  });

  it('is ignored when absent, broken, incomplete, in an unknown language or for another venue', () => {
    expect(readFirstAnswer(pageWith(null), 'borderless')).toBeNull();
    expect(readFirstAnswer(pageWith(''), 'borderless')).toBeNull();
    expect(readFirstAnswer(pageWith('{"lang":'), 'borderless')).toBeNull();
    expect(readFirstAnswer(pageWith(JSON.stringify({ ...answer, products: undefined })), 'borderless')).toBeNull();
    expect(readFirstAnswer(pageWith(JSON.stringify({ ...answer, texts: null })), 'borderless')).toBeNull();
    expect(readFirstAnswer(pageWith(JSON.stringify({ ...answer, lang: 'fr' })), 'borderless')).toBeNull();
    expect(readFirstAnswer(pageWith(JSON.stringify(answer)), 'okinawa')).toBeNull();
  });
});
