import { LANGUAGE_CODES } from '@storefront/domain/constants';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { describe, expect, it } from 'vitest';
import { axeViolations, sampleOrder } from '../../../test/mail.ts';
import { renderOrderConfirmation } from './order-confirmation-mail.ts';

const htmlText = (value: string) => value.replaceAll('&', '&amp;');

describe('order confirmation mail', () => {
  describe.each(LANGUAGE_CODES)('in %s', (lang) => {
    const mail = renderOrderConfirmation(sampleOrder, lang);

    it('names the venue and the reservation number in the subject', () => {
      expect(mail.subject).toContain(sampleOrder.venueName);
      expect(mail.subject).toContain(sampleOrder.reservationNumber);
    });

    it('carries the ticket link in text and HTML', () => {
      expect(mail.text).toContain(sampleOrder.ticketUrl);
      expect(mail.html).toContain(`href="${htmlText(sampleOrder.ticketUrl)}"`);
    });

    it('formats the date, prices, discount and total in the language', () => {
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain(formatDate(sampleOrder.date, lang));
        expect(body).toContain('10:30');
        expect(body).toContain(formatPrice(6400, 'JPY', lang));
        expect(body).toContain(formatPrice(1600, 'JPY', lang));
        expect(body).toContain(formatPrice(-800, 'JPY', lang));
        expect(body).toContain(formatPrice(7200, 'JPY', lang));
        expect(body).toContain(sampleOrder.venueAddress);
        expect(body).toContain(sampleOrder.contactEmail);
      }
    });

    it('is written in the language', () => {
      const other = renderOrderConfirmation(sampleOrder, lang === 'en' ? 'ja' : 'en');
      expect(mail.subject).not.toBe(other.subject);
      expect(mail.html).toMatch(/<html lang="(ja|en|zh-Hans|ko|zh-Hant|th)">/);
    });

    it('has no serious accessibility violations', async () => {
      expect(await axeViolations(mail.html)).toEqual([]);
    });
  });

  it('escapes every interpolated value in the HTML', () => {
    const mail = renderOrderConfirmation(
      {
        ...sampleOrder,
        productName: '<script>alert(1)</script>',
        venueName: 'Tom & "Jerry"',
        lines: [{ name: '<img src=x onerror=alert(1)>', quantity: 1, amount: 100 }],
        ticketUrl: 'https://shop.example/t?a=1&b="2"',
      },
      'en',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Tom &amp; &quot;Jerry&quot;');
    expect(mail.html).toContain('href="https://shop.example/t?a=1&amp;b=&quot;2&quot;"');
    // The text version is plain text: nothing to escape.
    expect(mail.text).toContain('<script>alert(1)</script>');
  });

  it('says all-day instead of an entry time, and leaves out a zero discount', () => {
    const mail = renderOrderConfirmation({ ...sampleOrder, startTime: null, discount: 0, total: 8000 }, 'ja');
    expect(mail.text).toContain('入場時間：終日');
    expect(mail.html).toContain('終日');
    expect(mail.text).not.toContain('割引');
    expect(mail.html).not.toContain('割引');
  });

  it('formats currencies with minor units', () => {
    const mail = renderOrderConfirmation(
      { ...sampleOrder, currency: 'USD', lines: [{ name: 'Adult', quantity: 1, amount: 1250 }], discount: 0, total: 1250 },
      'en',
    );
    expect(mail.text).toContain('$12.50');
    expect(mail.html).toContain('$12.50');
  });
});
