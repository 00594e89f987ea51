import { LANGUAGE_CODES } from '@storefront/domain/constants';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../../test/mail.ts';
import { type CancellationMailData, renderCancellationMail } from './cancellation-mail.ts';
import { type RefundMailData, renderRefundMail } from './refund-mail.ts';

const cancellation: CancellationMailData = {
  venueName: 'Borderless Museum',
  reservationNumber: 'R7K2-9QXM',
  productName: 'Timed entry',
  slot: { date: '2026-11-22', time: '10:30' },
  by: 'staff',
  cancelled: 1,
  admissions: [{ name: 'Child', count: 1 }],
  remaining: 1,
  refunded: 1410,
  refundTo: 'Credit card',
  refundWay: 'provider',
  fee: 0,
  currency: 'JPY',
  message: null,
};

const refund: RefundMailData = {
  outcome: 'failed',
  venueName: 'Borderless Museum',
  reservationNumber: 'R7K2-9QXM',
  productName: 'Timed entry',
  slot: { date: '2026-11-22', time: '10:30' },
  amount: 1410,
  currency: 'JPY',
  refundTo: 'Credit card',
  contactEmail: 'info@borderless.example',
};

describe('the mails about a change to a booking', () => {
  describe.each(LANGUAGE_CODES)('in %s', (lang) => {
    const mails = {
      staff: renderCancellationMail(cancellation, lang),
      venue: renderCancellationMail({ ...cancellation, by: 'venue', remaining: 0, message: 'Closed by the storm.' }, lang),
      made: renderRefundMail({ ...refund, outcome: 'made' }, lang),
      failed: renderRefundMail(refund, lang),
    };

    it('names the venue and the reservation number in every subject, each its own', () => {
      for (const mail of Object.values(mails)) {
        expect(mail.subject).toContain('Borderless Museum');
        expect(mail.subject).toContain('R7K2-9QXM');
      }
      expect(new Set(Object.values(mails).map((m) => m.subject)).size).toBe(4);
    });

    it('says what changed and the money, in text and HTML alike', () => {
      for (const mail of Object.values(mails)) {
        for (const body of [mail.text, mail.html]) {
          expect(body).toContain(formatDate('2026-11-22', lang));
          expect(body).toContain('10:30');
          expect(body).toContain(formatPrice(1410, 'JPY', lang));
          expect(body).toContain('Credit card');
        }
      }
      expect(mails.staff.text).toContain('Child');
      expect(mails.venue.text).toContain('Closed by the storm.');
      expect(mails.failed.text).toContain('info@borderless.example');
    });

    it('is written in the language', () => {
      const other = lang === 'en' ? 'ja' : 'en';
      expect(mails.staff.text).not.toBe(renderCancellationMail(cancellation, other).text);
      expect(mails.failed.text).not.toBe(renderRefundMail(refund, other).text);
      expect(mails.failed.html).toContain(`<html lang="${lang === 'kr' ? 'ko' : lang}">`);
    });

    it('has no serious accessibility violations', async () => {
      expect(await axeViolations(mails.staff.html)).toEqual([]);
      expect(await axeViolations(mails.failed.html)).toEqual([]);
    });
  });

  it('tells a refund made outside the shop as paid back by the venue, with no payment method', () => {
    const mail = renderCancellationMail({ ...cancellation, refundWay: 'outside', refundTo: null }, 'en');
    expect(mail.text).toContain('Borderless Museum has paid the refund back to you directly.');
    expect(mail.text).not.toContain('Refunded to');
  });

  it('escapes every interpolated value in the HTML', () => {
    const evil = '<img src=x onerror=alert(1)>';
    const cancelled = renderCancellationMail(
      {
        ...cancellation,
        venueName: evil,
        productName: evil,
        admissions: [{ name: evil, count: 1 }],
        refundTo: evil,
        message: evil,
      },
      'en',
    );
    const failed = renderRefundMail({ ...refund, venueName: evil, productName: evil, refundTo: evil, contactEmail: evil }, 'en');
    for (const html of [cancelled.html, failed.html]) {
      expect(html).not.toContain('<img');
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
  });
});
