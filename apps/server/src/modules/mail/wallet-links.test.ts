import { LANGUAGE_CODES, type LanguageCode } from '@storefront/domain/constants';
import { describe, expect, it } from 'vitest';
import { axeViolations, sampleOrder } from '../../../test/mail.ts';
import type { Database } from '../../db/client.ts';
import { renderDateChangeMail } from './date-change-mail.ts';
import type { RenderedMail } from './order-confirmation-mail.ts';
import { renderOrderConfirmation } from './order-confirmation-mail.ts';
import { renderTicketLinkMail } from './ticket-link-mail.ts';
import { NO_WALLET_LINKS, type WalletLinks, walletLinksOf } from './wallet-links.ts';

const ticketUrl = 'https://shop.example/demo/tickets/?lang=en#/id/AbC_dEf-1234567890123a';
const links: WalletLinks = {
  apple: ticketUrl,
  google: 'https://shop.example/demo/api/v1/tickets/AbC_dEf-1234567890123a/wallet/google/save',
};

/** Apple's and Google's own words in each language (the storefront's badges say the same). */
const WORDS: Record<LanguageCode, [string, string]> = {
  en: ['Add to Apple Wallet', 'Add to Google Wallet'],
  ja: ['Apple Walletに追加', 'Google ウォレットに追加'],
  'zh-hans': ['添加到 Apple 钱包', '添加到 Google 钱包'],
  'zh-hant': ['加入 Apple 錢包', '新增至 Google 錢包'],
  kr: ['Apple Wallet에 추가', 'Google 월렛에 추가'],
  th: ['เพิ่มไปยัง Apple Wallet', 'เพิ่มลงใน Google Wallet'],
};

const mails: Record<string, (walletLinks: WalletLinks, lang: LanguageCode) => RenderedMail> = {
  'the order confirmation': (walletLinks, lang) => renderOrderConfirmation({ ...sampleOrder, ticketUrl, walletLinks }, lang),
  'the reservation inquiry’s ticket link': (walletLinks, lang) =>
    renderTicketLinkMail(
      {
        kind: 'ticket_inquiry',
        venueName: 'Borderless Museum',
        productName: 'Timed entry',
        visitDate: '2026-11-22',
        reservationNumber: 'R7K2-9QXM',
        ticketUrl,
        walletLinks,
      },
      lang,
    ),
  'the date change confirmation': (walletLinks, lang) =>
    renderDateChangeMail(
      {
        venueName: 'Borderless Museum',
        reservationNumber: 'R7K2-9QXM',
        productName: 'Timed entry',
        from: { date: '2026-11-22', time: '10:30' },
        to: { date: '2026-11-23', time: '11:00' },
        paid: 0,
        refunded: 0,
        currency: 'JPY',
        ticketUrl,
        walletLinks,
      },
      lang,
    ),
};

describe.each(Object.entries(mails))('wallet links in %s', (_name, render) => {
  describe.each(LANGUAGE_CODES)('in %s', (lang) => {
    const [apple, google] = WORDS[lang];

    it('names each wallet in its own words, with its link, in the text and the HTML', async () => {
      const mail = render(links, lang);
      expect(mail.text).toContain(`${apple}${lang === 'ja' || lang.startsWith('zh') ? '：' : ': '}${links.apple}`);
      expect(mail.text).toContain(`${google}${lang === 'ja' || lang.startsWith('zh') ? '：' : ': '}${links.google}`);
      expect(mail.html).toContain(`<a href="${links.apple}"`);
      expect(mail.html).toContain(`>${apple}</a>`);
      expect(mail.html).toContain(`<a href="${links.google}"`);
      expect(mail.html).toContain(`>${google}</a>`);
      expect(await axeViolations(mail.html)).toEqual([]);
    });

    it('shows only the wallet the venue offers, and none when it offers neither', () => {
      const appleOnly = render({ ...links, google: null }, lang);
      for (const body of [appleOnly.text, appleOnly.html]) {
        expect(body).toContain(apple);
        expect(body).not.toContain(google);
        expect(body).not.toContain('/wallet/google');
      }
      const none = render(NO_WALLET_LINKS, lang);
      for (const body of [none.text, none.html]) {
        expect(body).not.toContain(apple);
        expect(body).not.toContain(google);
      }
    });
  });
});

it('leaves the wallets out of the forward to a friend, whose link is a share and not yet a ticket', () => {
  const mail = renderTicketLinkMail(
    {
      kind: 'ticket_forward',
      venueName: 'Borderless Museum',
      productName: 'Timed entry',
      visitDate: '2026-11-22',
      ticketUrl: 'https://shop.example/demo/tickets/#/tickets/shared/AbC_dEf-123456789012345',
      senderName: 'Hanako Yamada',
      quantity: 2,
    },
    'en',
  );
  for (const body of [mail.text, mail.html]) expect(body).not.toContain('Wallet');
});

describe('the links of a ticket', () => {
  const db = {} as Database;
  const mail = {
    publicUrl: 'https://shop.example/',
    site: { id: 7, variant: 'demo' },
    reservationToken: 'AbC_dEf-1234567890123a',
    ticketUrl,
  };

  it('asks the wallets in the mail’s transaction and links the ticket page and the Google redirect', async () => {
    const asked: [string, Database, number][] = [];
    const offers = {
      apple: async (tx: Database, siteId: number) => asked.push(['apple', tx, siteId]) > 0,
      google: async (tx: Database, siteId: number) => asked.push(['google', tx, siteId]) > 0,
    };
    expect(await walletLinksOf(db, offers, mail)).toEqual(links);
    expect(asked).toEqual([
      ['apple', db, 7],
      ['google', db, 7],
    ]);
  });

  it('has none where a wallet is not offered, or nothing was wired to ask', async () => {
    const offers = { apple: async () => false, google: async () => true };
    expect(await walletLinksOf(db, offers, mail)).toEqual({ apple: null, google: links.google });
    expect(await walletLinksOf(db, { apple: async () => true, google: async () => false }, mail)).toEqual({
      apple: ticketUrl,
      google: null,
    });
    expect(await walletLinksOf(db, undefined, mail)).toEqual(NO_WALLET_LINKS);
  });
});
