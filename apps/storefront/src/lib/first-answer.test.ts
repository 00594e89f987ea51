import type { TicketView } from '@storefront/domain/api/tickets';
import { describe, expect, it } from 'vitest';
import { readFirstAnswer, takeFirstTicket } from './first-answer.ts';

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

describe('the ticket the page’s guard fetched', () => {
  const holder = window as { __storefrontFirstTicket?: unknown };
  const ticket = { reservationNumber: 'A4FG5-0H94Y' } as TicketView;

  it('is given once, for its own token and language', () => {
    holder.__storefrontFirstTicket = { token: 'token-of-the-page-1', lang: 'ja', ticket };
    expect(takeFirstTicket('another-token-0000', 'ja')).toBeUndefined();
    expect(takeFirstTicket('token-of-the-page-1', 'en')).toBeUndefined();
    expect(takeFirstTicket('token-of-the-page-1', 'ja')).toBe(ticket);
    // A later visit to the screen reads the ticket fresh.
    expect(takeFirstTicket('token-of-the-page-1', 'ja')).toBeUndefined();
  });

  it('is nothing on a page whose guard fetched none', () => {
    delete holder.__storefrontFirstTicket;
    expect(takeFirstTicket('token-of-the-page-1', 'ja')).toBeUndefined();
  });
});
