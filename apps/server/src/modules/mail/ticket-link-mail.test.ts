import { LANGUAGE_CODES } from '@storefront/domain/constants';
import { formatDate } from '@storefront/domain/format';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../../test/mail.ts';
import { renderTicketLinkMail, senderDisplayName, type TicketLinkMailData } from './ticket-link-mail.ts';

const forward: TicketLinkMailData = {
  kind: 'ticket_forward',
  venueName: 'Borderless Museum',
  productName: 'Timed entry',
  visitDate: '2026-11-22',
  ticketUrl: 'https://shop.example/borderless/tickets/#/tickets/shared/AbC_dEf-123456789012345',
  senderName: 'Hanako Yamada',
  quantity: 3,
};

describe('tickets sent to a friend', () => {
  describe.each(LANGUAGE_CODES)('in %s', (lang) => {
    const mail = renderTicketLinkMail(forward, lang);
    const anonymous = renderTicketLinkMail({ ...forward, senderName: null }, lang);

    it('names the sender in the subject, the text and the HTML', () => {
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).toContain('Hanako Yamada');
    });

    it('carries the share link, the product, the date and the number of tickets', () => {
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain(forward.ticketUrl);
        expect(body).toContain(forward.productName);
        expect(body).toContain(formatDate(forward.visitDate, lang));
        expect(body).toMatch(/3/);
      }
    });

    it('reads as a whole sentence without a sender name', () => {
      for (const part of [anonymous.subject, anonymous.text, anonymous.html]) {
        expect(part).not.toMatch(/null|undefined/);
        expect(part).toContain(forward.venueName);
      }
      expect(anonymous.subject).not.toBe(mail.subject);
    });

    it('is written in the language, unlike the inquiry mail', () => {
      const other = renderTicketLinkMail(forward, lang === 'en' ? 'ja' : 'en');
      expect(mail.subject).not.toBe(other.subject);
      const inquiry = renderTicketLinkMail(
        {
          kind: 'ticket_inquiry',
          venueName: forward.venueName,
          productName: forward.productName,
          visitDate: forward.visitDate,
          reservationNumber: 'R7K2-9QXM',
          ticketUrl: 'https://shop.example/borderless/tickets/#/id/AbC_dEf-123456789012345',
        },
        lang,
      );
      expect(inquiry.subject).toContain('R7K2-9QXM');
      expect(inquiry.subject).not.toContain('Hanako Yamada');
    });

    it('has no serious accessibility violations', async () => {
      expect(await axeViolations(mail.html)).toEqual([]);
    });
  });

  it('keeps a typed name to one short line and escapes it in the HTML', () => {
    const mail = renderTicketLinkMail(
      { ...forward, senderName: '<b>Eve</b>\r\nBcc: victim@example.com\u0000 and a very long name that keeps going on' },
      'en',
    );
    expect(mail.subject).toBe('<b>Eve</b> Bcc: victim@example.com and… sent you tickets for Borderless Museum');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(senderDisplayName('  Hanako \t Yamada ')).toBe('Hanako Yamada');
    expect(senderDisplayName('x'.repeat(60))).toBe(`${'x'.repeat(39)}…`);
    expect(senderDisplayName(' \n ')).toBeNull();
  });
});
