/**
 * The confirmation of a date change: the ticket's new date and time, what was paid or given back,
 * and the ticket link (the QR codes sent before no longer open the gate). Pure: the caller puts
 * the result into the outbox.
 */
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { RenderedMail } from './order-confirmation-mail.ts';
import { NO_WALLET_LINKS, type WalletLinks, walletLinksHtml, walletLinksText } from './wallet-links.ts';

export type DateChangeMailData = {
  venueName: string;
  reservationNumber: string;
  productName: string;
  /** yyyy-MM-dd and HH:mm (null for all-day products) before and after. */
  from: { date: string; time: string | null };
  to: { date: string; time: string | null };
  paid: number;
  refunded: number;
  currency: Currency;
  ticketUrl: string;
  /** "Add to Apple Wallet" and "Add to Google Wallet", where the venue offers them. */
  walletLinks?: WalletLinks;
};

type Copy = {
  subject: (venue: string, no: string) => string;
  intro: (venue: string) => string;
  oldQr: string;
  button: string;
  reservationNumber: string;
  before: string;
  after: string;
  paid: string;
  refunded: string;
  colon: string;
};

const COPY: Record<LanguageCode, Copy> = {
  ja: {
    subject: (venue, no) => `【${venue}】ご来場日時を変更しました（予約番号：${no}）`,
    intro: (venue) => `${venue}のチケットのご来場日時を変更しました。新しいチケットは下のボタンから表示できます。`,
    oldQr: '変更前のQRコードはご利用いただけません。',
    button: '新しいチケットを表示する',
    reservationNumber: '予約番号',
    before: '変更前',
    after: '変更後',
    paid: 'お支払い額',
    refunded: 'ご返金額',
    colon: '：',
  },
  en: {
    subject: (venue, no) => `${venue}: your visit has been moved (reservation ${no})`,
    intro: (venue) => `The date of your ticket for ${venue} has been changed. Your new ticket opens with the button below.`,
    oldQr: 'The QR codes of the previous ticket can no longer be used.',
    button: 'View your new ticket',
    reservationNumber: 'Reservation number',
    before: 'Before',
    after: 'Now',
    paid: 'Paid',
    refunded: 'Refunded',
    colon: ': ',
  },
  'zh-hans': {
    subject: (venue, no) => `【${venue}】参观日期已变更（预约编号：${no}）`,
    intro: (venue) => `您在${venue}的门票参观日期已变更。请点击下方按钮查看新门票。`,
    oldQr: '变更前的二维码已无法使用。',
    button: '查看新门票',
    reservationNumber: '预约编号',
    before: '变更前',
    after: '变更后',
    paid: '支付金额',
    refunded: '退款金额',
    colon: '：',
  },
  kr: {
    subject: (venue, no) => `[${venue}] 방문 일시가 변경되었습니다 (예약 번호: ${no})`,
    intro: (venue) => `${venue} 티켓의 방문 일시가 변경되었습니다. 아래 버튼을 눌러 새 티켓을 확인해 주세요.`,
    oldQr: '변경 전 QR 코드는 더 이상 사용할 수 없습니다.',
    button: '새 티켓 보기',
    reservationNumber: '예약 번호',
    before: '변경 전',
    after: '변경 후',
    paid: '결제 금액',
    refunded: '환불 금액',
    colon: ': ',
  },
  'zh-hant': {
    subject: (venue, no) => `【${venue}】參觀日期已變更（預約編號：${no}）`,
    intro: (venue) => `您在${venue}的門票參觀日期已變更。請點選下方按鈕查看新門票。`,
    oldQr: '變更前的 QR 碼已無法使用。',
    button: '查看新門票',
    reservationNumber: '預約編號',
    before: '變更前',
    after: '變更後',
    paid: '付款金額',
    refunded: '退款金額',
    colon: '：',
  },
  th: {
    subject: (venue, no) => `[${venue}] เปลี่ยนวันเข้าชมเรียบร้อยแล้ว (หมายเลขการจอง ${no})`,
    intro: (venue) => `วันเข้าชมของบัตร ${venue} ของคุณได้รับการเปลี่ยนแล้ว กดปุ่มด้านล่างเพื่อเปิดบัตรใหม่`,
    oldQr: 'QR โค้ดของบัตรเดิมใช้ไม่ได้อีกต่อไป',
    button: 'ดูบัตรใหม่ของคุณ',
    reservationNumber: 'หมายเลขการจอง',
    before: 'เดิม',
    after: 'ใหม่',
    paid: 'ชำระเพิ่ม',
    refunded: 'คืนเงิน',
    colon: ': ',
  },
};

const when = (slot: { date: string; time: string | null }, lang: LanguageCode) =>
  `${formatDate(slot.date, lang)}${slot.time ? ` ${slot.time}` : ''}`;

export function renderDateChangeMail(data: DateChangeMailData, lang: LanguageCode): RenderedMail {
  const copy = COPY[lang];
  const e = escapeHtml;
  const subject = copy.subject(data.venueName, data.reservationNumber);
  const intro = copy.intro(data.venueName);
  const facts = [
    `${copy.reservationNumber}${copy.colon}${data.reservationNumber}`,
    data.productName,
    `${copy.before}${copy.colon}${when(data.from, lang)}`,
    `${copy.after}${copy.colon}${when(data.to, lang)}`,
    ...(data.paid > 0 ? [`${copy.paid}${copy.colon}${formatPrice(data.paid, data.currency, lang)}`] : []),
    ...(data.refunded > 0 ? [`${copy.refunded}${copy.colon}${formatPrice(data.refunded, data.currency, lang)}`] : []),
  ];
  const walletLinks = data.walletLinks ?? NO_WALLET_LINKS;
  const text = [
    intro,
    copy.oldQr,
    '',
    data.ticketUrl,
    '',
    ...walletLinksText(walletLinks, lang),
    ...facts,
    '',
    data.venueName,
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="${lang === 'kr' ? 'ko' : lang}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:sans-serif;color:#1f2328;background:#ffffff;line-height:1.6">
<h1 style="font-size:20px">${e(data.venueName)}</h1>
<p>${e(intro)}</p>
<p><strong>${e(copy.oldQr)}</strong></p>
<p><a href="${e(data.ticketUrl)}" style="display:inline-block;padding:12px 20px;background:#0b57d0;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${e(copy.button)}</a></p>
<p style="font-size:13px;word-break:break-all"><a href="${e(data.ticketUrl)}" style="color:#0b57d0">${e(data.ticketUrl)}</a></p>
${walletLinksHtml(walletLinks, lang)}
${facts.map((f) => `<p style="margin:0">${e(f)}</p>`).join('\n')}
</body></html>`;
  return { subject, text, html };
}
