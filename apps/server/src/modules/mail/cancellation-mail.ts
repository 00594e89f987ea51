/**
 * The mail telling a visitor their booking (or some of its admissions) is cancelled: by the venue
 * (a slot or a day called off), by its staff (some admissions, from the console) or by themselves
 * from the ticket page, with which admissions, what is refunded, to what and when to expect it.
 * One mail per cancellation, the refund in it. Pure: the caller puts the result into the outbox.
 */
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { RenderedMail } from './order-confirmation-mail.ts';

export type CancellationMailData = {
  venueName: string;
  reservationNumber: string;
  productName: string;
  /** yyyy-MM-dd and HH:mm (null for all-day products) of the visit that is called off. */
  slot: { date: string; time: string | null };
  /** Who cancelled: the venue (a slot or day called off), its staff, or the visitor from their ticket page. */
  by: 'venue' | 'staff' | 'visitor';
  /** The admissions cancelled by name in the mail's language, and how many of each (none: only the count is told). */
  admissions?: { name: string; count: number }[];
  /** The payment method the refund goes back to, in the mail's language; null when unknown. */
  refundTo?: string | null;
  /** How the money goes back: through the payment (the provider), or by the venue itself outside the shop. */
  refundWay?: 'provider' | 'outside';
  /** Admissions cancelled, and how many of the order's remain valid. */
  cancelled: number;
  remaining: number;
  refunded: number;
  /** Kept from the refund (a visitor's own cancellation under the venue's fee). */
  fee: number;
  currency: Currency;
  /** The venue's own words to its visitors (why the slot was called off); null for none. */
  message: string | null;
};

type Copy = {
  subject: (venue: string, no: string) => string;
  subjectPart: (venue: string, no: string) => string;
  byVenue: (venue: string) => string;
  byStaff: (venue: string) => string;
  byVisitor: (venue: string) => string;
  admissions: string;
  times: (n: number) => string;
  refundTo: string;
  outsideNote: (venue: string) => string;
  remaining: (n: number) => string;
  reservationNumber: string;
  visit: string;
  cancelled: string;
  refunded: string;
  fee: string;
  refundNote: string;
  colon: string;
};

const COPY: Record<LanguageCode, Copy> = {
  ja: {
    subject: (venue, no) => `【${venue}】ご予約をキャンセルしました（予約番号：${no}）`,
    subjectPart: (venue, no) => `【${venue}】ご予約の一部をキャンセルしました（予約番号：${no}）`,
    byVenue: (venue) => `誠に申し訳ございませんが、${venue}の都合により、下記のご予約をキャンセルいたしました。`,
    byStaff: (venue) => `${venue}にて、下記のご予約のチケットをキャンセルいたしました。`,
    byVisitor: (venue) => `${venue}のご予約のキャンセルを承りました。`,
    remaining: (n) => `残りの${n}枚のチケットは引き続きご利用いただけます。`,
    admissions: 'キャンセルしたチケット',
    times: (n) => ` ×${n}`,
    refundTo: 'ご返金先',
    outsideNote: (venue) => `ご返金は${venue}から直接お渡ししました。`,
    reservationNumber: '予約番号',
    visit: 'ご来場日時',
    cancelled: 'キャンセル枚数',
    refunded: 'ご返金額',
    fee: 'キャンセル手数料',
    refundNote:
      'ご返金はお支払いに使われた方法に行われます。通常は数日以内、クレジットカードの場合はカード会社により最大10営業日ほどで反映されます。',
    colon: '：',
  },
  en: {
    subject: (venue, no) => `${venue}: your booking is cancelled (reservation ${no})`,
    subjectPart: (venue, no) => `${venue}: part of your booking is cancelled (reservation ${no})`,
    byVenue: (venue) => `We are sorry: ${venue} has had to call off the visit below, and your booking is cancelled.`,
    byStaff: (venue) => `${venue} has cancelled the tickets below of your booking.`,
    byVisitor: (venue) => `Your booking at ${venue} is cancelled, as you asked.`,
    remaining: (n) => `Your other ${n} ticket(s) remain valid.`,
    admissions: 'Tickets cancelled',
    times: (n) => ` × ${n}`,
    refundTo: 'Refunded to',
    outsideNote: (venue) => `${venue} has paid the refund back to you directly.`,
    reservationNumber: 'Reservation number',
    visit: 'Visit',
    cancelled: 'Tickets cancelled',
    refunded: 'Refunded',
    fee: 'Cancellation fee',
    refundNote:
      'The refund goes back to the way you paid. It usually appears within a few days; on a card it can take up to 10 business days, depending on your card issuer.',
    colon: ': ',
  },
  'zh-hans': {
    subject: (venue, no) => `【${venue}】您的预约已取消（预约编号：${no}）`,
    subjectPart: (venue, no) => `【${venue}】您的部分预约已取消（预约编号：${no}）`,
    byVenue: (venue) => `非常抱歉，因${venue}的原因，以下预约已被取消。`,
    byStaff: (venue) => `${venue}已取消您预约中的以下门票。`,
    byVisitor: (venue) => `已按您的要求取消在${venue}的预约。`,
    remaining: (n) => `其余${n}张门票仍可使用。`,
    admissions: '已取消的门票',
    times: (n) => ` ×${n}`,
    refundTo: '退款至',
    outsideNote: (venue) => `退款已由${venue}直接退还给您。`,
    reservationNumber: '预约编号',
    visit: '参观日期',
    cancelled: '取消张数',
    refunded: '退款金额',
    fee: '取消手续费',
    refundNote: '退款将退回至您的付款方式。通常几天内到账；信用卡视发卡机构而定，最长可能需要约10个工作日。',
    colon: '：',
  },
  kr: {
    subject: (venue, no) => `[${venue}] 예약이 취소되었습니다 (예약 번호: ${no})`,
    subjectPart: (venue, no) => `[${venue}] 예약의 일부가 취소되었습니다 (예약 번호: ${no})`,
    byVenue: (venue) => `죄송합니다. ${venue}의 사정으로 아래 예약이 취소되었습니다.`,
    byStaff: (venue) => `${venue}에서 예약하신 아래 티켓을 취소했습니다.`,
    byVisitor: (venue) => `요청하신 대로 ${venue} 예약이 취소되었습니다.`,
    remaining: (n) => `나머지 티켓 ${n}장은 계속 사용하실 수 있습니다.`,
    admissions: '취소된 티켓',
    times: (n) => ` ×${n}`,
    refundTo: '환불 수단',
    outsideNote: (venue) => `환불 금액은 ${venue}에서 직접 돌려드렸습니다.`,
    reservationNumber: '예약 번호',
    visit: '방문 일시',
    cancelled: '취소 매수',
    refunded: '환불 금액',
    fee: '취소 수수료',
    refundNote:
      '환불은 결제하신 수단으로 진행됩니다. 보통 며칠 안에 반영되며, 카드는 카드사에 따라 영업일 기준 최대 10일 정도 걸릴 수 있습니다.',
    colon: ': ',
  },
  'zh-hant': {
    subject: (venue, no) => `【${venue}】您的預約已取消（預約編號：${no}）`,
    subjectPart: (venue, no) => `【${venue}】您的部分預約已取消（預約編號：${no}）`,
    byVenue: (venue) => `非常抱歉，因${venue}的因素，以下預約已被取消。`,
    byStaff: (venue) => `${venue}已取消您預約中的以下門票。`,
    byVisitor: (venue) => `已依您的要求取消在${venue}的預約。`,
    remaining: (n) => `其餘${n}張門票仍可使用。`,
    admissions: '已取消的門票',
    times: (n) => ` ×${n}`,
    refundTo: '退款至',
    outsideNote: (venue) => `退款已由${venue}直接退還給您。`,
    reservationNumber: '預約編號',
    visit: '參觀日期',
    cancelled: '取消張數',
    refunded: '退款金額',
    fee: '取消手續費',
    refundNote: '退款將退回至您的付款方式。通常幾天內入帳；信用卡視發卡機構而定，最長可能需要約10個工作天。',
    colon: '：',
  },
  th: {
    subject: (venue, no) => `[${venue}] การจองของคุณถูกยกเลิกแล้ว (หมายเลขการจอง ${no})`,
    subjectPart: (venue, no) => `[${venue}] การจองบางส่วนของคุณถูกยกเลิกแล้ว (หมายเลขการจอง ${no})`,
    byVenue: (venue) => `ขออภัย ${venue} จำเป็นต้องยกเลิกการเข้าชมด้านล่าง การจองของคุณจึงถูกยกเลิก`,
    byStaff: (venue) => `${venue} ได้ยกเลิกบัตรด้านล่างในการจองของคุณแล้ว`,
    byVisitor: (venue) => `การจองของคุณที่ ${venue} ถูกยกเลิกตามที่คุณขอแล้ว`,
    remaining: (n) => `บัตรอีก ${n} ใบของคุณยังใช้ได้ตามปกติ`,
    admissions: 'บัตรที่ยกเลิก',
    times: (n) => ` × ${n}`,
    refundTo: 'คืนเงินไปยัง',
    outsideNote: (venue) => `${venue} ได้คืนเงินให้คุณโดยตรงแล้ว`,
    reservationNumber: 'หมายเลขการจอง',
    visit: 'วันเข้าชม',
    cancelled: 'จำนวนบัตรที่ยกเลิก',
    refunded: 'คืนเงิน',
    fee: 'ค่าธรรมเนียมการยกเลิก',
    refundNote: 'เงินจะคืนไปยังช่องทางที่คุณชำระ โดยปกติภายในไม่กี่วัน หากเป็นบัตรอาจใช้เวลาถึงประมาณ 10 วันทำการ ขึ้นอยู่กับผู้ออกบัตร',
    colon: ': ',
  },
};

export function renderCancellationMail(data: CancellationMailData, lang: LanguageCode): RenderedMail {
  const copy = COPY[lang];
  const e = escapeHtml;
  const price = (amount: number) => formatPrice(amount, data.currency, lang);
  const subject = (data.remaining > 0 ? copy.subjectPart : copy.subject)(data.venueName, data.reservationNumber);
  const intro =
    data.by === 'venue'
      ? copy.byVenue(data.venueName)
      : data.by === 'staff'
        ? copy.byStaff(data.venueName)
        : copy.byVisitor(data.venueName);
  const visit = `${formatDate(data.slot.date, lang)}${data.slot.time ? ` ${data.slot.time}` : ''}`;
  const named = (data.admissions ?? []).filter((a) => a.count > 0);
  const refundWay = data.refundWay ?? 'provider';
  const facts = [
    `${copy.reservationNumber}${copy.colon}${data.reservationNumber}`,
    data.productName,
    `${copy.visit}${copy.colon}${visit}`,
    named.length > 0
      ? `${copy.admissions}${copy.colon}${named.map((a) => `${a.name}${copy.times(a.count)}`).join(', ')}`
      : `${copy.cancelled}${copy.colon}${data.cancelled}`,
    ...(data.fee > 0 ? [`${copy.fee}${copy.colon}${price(data.fee)}`] : []),
    `${copy.refunded}${copy.colon}${price(data.refunded)}`,
    ...(data.refunded > 0 && refundWay === 'provider' && data.refundTo ? [`${copy.refundTo}${copy.colon}${data.refundTo}`] : []),
  ];
  const notes = [
    ...(data.remaining > 0 ? [copy.remaining(data.remaining)] : []),
    ...(data.refunded > 0 ? [refundWay === 'outside' ? copy.outsideNote(data.venueName) : copy.refundNote] : []),
  ];
  const message = data.message?.trim() ? data.message.trim() : null;
  const text = [intro, ...(message ? ['', message] : []), '', ...facts, '', ...notes, '', data.venueName, ''].join('\n');
  const html = `<!doctype html><html lang="${lang === 'kr' ? 'ko' : lang}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:sans-serif;color:#1f2328;background:#ffffff;line-height:1.6">
<h1 style="font-size:20px">${e(data.venueName)}</h1>
<p>${e(intro)}</p>
${message ? `<p style="white-space:pre-wrap;border-left:4px solid #d0d7de;padding-left:12px">${e(message)}</p>` : ''}
${facts.map((f) => `<p style="margin:0">${e(f)}</p>`).join('\n')}
${notes.map((n) => `<p>${e(n)}</p>`).join('\n')}
</body></html>`;
  return { subject, text, html };
}
