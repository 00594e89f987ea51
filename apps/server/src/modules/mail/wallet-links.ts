/**
 * "Add to Apple Wallet" and "Add to Google Wallet" in the mails that carry the holder's ticket link
 * (decisions 027, 028), where the venue offers each and the deployment is configured for it. The
 * wallet modules are asked through a port the mail plugin fills, in the mail's own transaction.
 */
import type { LanguageCode } from '@storefront/domain/constants';
import type { Database } from '../../db/client.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { Site } from '../sites/site.ts';

/** Whether a venue offers each wallet now (the wallet modules' answer, asked by the mail plugin). */
export type WalletOffers = {
  apple(db: Database, siteId: number): Promise<boolean>;
  google(db: Database, siteId: number): Promise<boolean>;
};

/** The links a mail shows; null where the venue does not offer that wallet. */
export type WalletLinks = { apple: string | null; google: string | null };

export const NO_WALLET_LINKS: WalletLinks = { apple: null, google: null };

/** Apple's and Google's own badge words, as the storefront's ticket page shows them. */
const WORDS: Record<LanguageCode, { apple: string; google: string; colon: string }> = {
  ja: { apple: 'Apple Walletに追加', google: 'Google ウォレットに追加', colon: '：' },
  en: { apple: 'Add to Apple Wallet', google: 'Add to Google Wallet', colon: ': ' },
  'zh-hans': { apple: '添加到 Apple 钱包', google: '添加到 Google 钱包', colon: '：' },
  kr: { apple: 'Apple Wallet에 추가', google: 'Google 월렛에 추가', colon: ': ' },
  'zh-hant': { apple: '加入 Apple 錢包', google: '新增至 Google 錢包', colon: '：' },
  th: { apple: 'เพิ่มไปยัง Apple Wallet', google: 'เพิ่มลงใน Google Wallet', colon: ': ' },
};

/**
 * The wallet links of a reservation token's ticket page.
 *
 * Apple: the ticket page itself. A pass is one admission, so a party of four needs four, and the
 * page has a badge per admission saying whose it is; a `.pkpass` link would add only the first
 * person's, and read on a computer it would download a file nothing there opens. On an iPhone the
 * page's badge hands the pass to Wallet in one more tap.
 *
 * Google: the server's redirect to the save link (`tickets/{token}/wallet/google/save`). A mail
 * client cannot run the page's request for the signed link, and the link is made on the tap, with
 * the passes as they stand then, not when the mail was written.
 */
export async function walletLinksOf(
  db: Database,
  offers: WalletOffers | undefined,
  mail: { publicUrl: string; site: Pick<Site, 'id' | 'variant'>; reservationToken: string; ticketUrl: string },
): Promise<WalletLinks> {
  if (!offers) return NO_WALLET_LINKS;
  const [apple, google] = [await offers.apple(db, mail.site.id), await offers.google(db, mail.site.id)];
  const base = mail.publicUrl.replace(/\/$/, '');
  const token = encodeURIComponent(mail.reservationToken);
  return {
    apple: apple ? mail.ticketUrl : null,
    google: google ? `${base}/${encodeURIComponent(mail.site.variant)}/api/v1/tickets/${token}/wallet/google/save` : null,
  };
}

const labelled = (links: WalletLinks, lang: LanguageCode) => {
  const words = WORDS[lang];
  return [
    ...(links.apple ? [{ label: words.apple, url: links.apple }] : []),
    ...(links.google ? [{ label: words.google, url: links.google }] : []),
  ];
};

/** The plain-text lines ("Add to Apple Wallet: <url>"), followed by an empty line; none without links. */
export function walletLinksText(links: WalletLinks, lang: LanguageCode): string[] {
  const lines = labelled(links, lang).map((link) => `${link.label}${WORDS[lang].colon}${link.url}`);
  return lines.length > 0 ? [...lines, ''] : [];
}

/** The HTML badges: black, with the wallets' own words, as both brands' guidelines ask; empty without links. */
export function walletLinksHtml(links: WalletLinks, lang: LanguageCode): string {
  const badges = labelled(links, lang).map(
    (link) =>
      `<a href="${escapeHtml(link.url)}" style="display:inline-block;margin:0 8px 8px 0;padding:10px 18px;background:#000000;color:#ffffff;border-radius:8px;font-size:15px;font-weight:bold;text-decoration:none;">${escapeHtml(link.label)}</a>`,
  );
  return badges.length > 0 ? `<p style="margin:0 0 16px;">${badges.join('')}</p>` : '';
}
