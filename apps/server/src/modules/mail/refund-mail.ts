/**
 * The mail telling a visitor about money going back on their booking on its own, not with a
 * cancellation that already told them: a refund staff made (again) and a refund that failed (the
 * provider refused it, or reported it failed later), with the amount, the payment method and what
 * happens next. Pure: the caller puts the result into the outbox.
 */
import type { Currency, LanguageCode } from '@storefront/domain/constants';
import { formatDate, formatPrice } from '@storefront/domain/format';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { RenderedMail } from './order-confirmation-mail.ts';

export type RefundMailData = {
  /** `made`: the money is on its way back; `failed`: it could not be given back this way. */
  outcome: 'made' | 'failed';
  venueName: string;
  /** Null for a payment that never completed its order (no reservation was made). */
  reservationNumber: string | null;
  productName: string;
  /** yyyy-MM-dd and HH:mm in the venue's time (null for all-day products) of the booked visit. */
  slot: { date: string; time: string | null };
  amount: number;
  currency: Currency;
  /** The payment method the refund goes back to, in the mail's language; null when unknown. */
  refundTo: string | null;
  /** Where the visitor writes to the venue. */
  contactEmail: string;
};

type Copy = {
  subjectMade: (venue: string) => string;
  subjectFailed: (venue: string) => string;
  /** The reservation number as the subject carries it. */
  ref: (no: string) => string;
  made: (venue: string) => string;
  failed: (venue: string) => string;
  madeNote: string;
  failedNote: (contact: string) => string;
  reservationNumber: string;
  visit: string;
  amount: string;
  refundTo: string;
  paidWith: string;
  colon: string;
};

const COPY: Record<LanguageCode, Copy> = {
  ja: {
    subjectMade: (venue) => `【${venue}】ご返金の手続きをしました`,
    subjectFailed: (venue) => `【${venue}】ご返金ができませんでした`,
    ref: (no) => `（予約番号：${no}）`,
    made: (venue) => `${venue}にて、下記のご予約のご返金の手続きをいたしました。`,
    failed: (venue) =>
      `誠に申し訳ございませんが、下記のご予約のご返金が決済会社で完了できませんでした。${venue}より改めてご返金いたします。`,
    madeNote:
      'ご返金はお支払いに使われた方法に行われます。通常は数日以内、クレジットカードの場合はカード会社により最大10営業日ほどで反映されます。',
    failedNote: (contact) => `ご返金の方法について改めてご連絡いたします。お急ぎの場合は ${contact} までお問い合わせください。`,
    reservationNumber: '予約番号',
    visit: 'ご来場日時',
    amount: 'ご返金額',
    refundTo: 'ご返金先',
    paidWith: 'お支払い方法',
    colon: '：',
  },
  en: {
    subjectMade: (venue) => `${venue}: a refund is on its way`,
    subjectFailed: (venue) => `${venue}: your refund could not be made`,
    ref: (no) => ` (reservation ${no})`,
    made: (venue) => `${venue} has refunded the amount below on your booking.`,
    failed: (venue) =>
      `We are sorry: the payment provider could not complete the refund below on your booking. ${venue} will pay it back to you another way.`,
    madeNote:
      'The refund goes back to the way you paid. It usually appears within a few days; on a card it can take up to 10 business days, depending on your card issuer.',
    failedNote: (contact) => `We will write to you about how the money comes back. If it is urgent, write to ${contact}.`,
    reservationNumber: 'Reservation number',
    visit: 'Visit',
    amount: 'Refund',
    refundTo: 'Refunded to',
    paidWith: 'Paid with',
    colon: ': ',
  },
  'zh-hans': {
    subjectMade: (venue) => `【${venue}】已为您办理退款`,
    subjectFailed: (venue) => `【${venue}】退款未能完成`,
    ref: (no) => `（预约编号：${no}）`,
    made: (venue) => `${venue}已为您的以下预约办理退款。`,
    failed: (venue) => `非常抱歉，支付机构未能完成您以下预约的退款。${venue}将以其他方式为您退款。`,
    madeNote: '退款将退回至您的付款方式。通常几天内到账；信用卡视发卡机构而定，最长可能需要约10个工作日。',
    failedNote: (contact) => `我们将另行联系您说明退款方式。如有急事，请联系 ${contact}。`,
    reservationNumber: '预约编号',
    visit: '参观日期',
    amount: '退款金额',
    refundTo: '退款至',
    paidWith: '付款方式',
    colon: '：',
  },
  kr: {
    subjectMade: (venue) => `[${venue}] 환불이 진행되었습니다`,
    subjectFailed: (venue) => `[${venue}] 환불을 완료하지 못했습니다`,
    ref: (no) => ` (예약 번호: ${no})`,
    made: (venue) => `${venue}에서 아래 예약의 환불을 진행했습니다.`,
    failed: (venue) =>
      `죄송합니다. 결제사에서 아래 예약의 환불을 완료하지 못했습니다. ${venue}에서 다른 방법으로 환불해 드리겠습니다.`,
    madeNote:
      '환불은 결제하신 수단으로 진행됩니다. 보통 며칠 안에 반영되며, 카드는 카드사에 따라 영업일 기준 최대 10일 정도 걸릴 수 있습니다.',
    failedNote: (contact) => `환불 방법은 다시 연락드리겠습니다. 급하신 경우 ${contact} 으로 문의해 주십시오.`,
    reservationNumber: '예약 번호',
    visit: '방문 일시',
    amount: '환불 금액',
    refundTo: '환불 수단',
    paidWith: '결제 수단',
    colon: ': ',
  },
  'zh-hant': {
    subjectMade: (venue) => `【${venue}】已為您辦理退款`,
    subjectFailed: (venue) => `【${venue}】退款未能完成`,
    ref: (no) => `（預約編號：${no}）`,
    made: (venue) => `${venue}已為您的以下預約辦理退款。`,
    failed: (venue) => `非常抱歉，支付機構未能完成您以下預約的退款。${venue}將以其他方式為您退款。`,
    madeNote: '退款將退回至您的付款方式。通常幾天內入帳；信用卡視發卡機構而定，最長可能需要約10個工作天。',
    failedNote: (contact) => `我們將另行聯繫您說明退款方式。如有急事，請聯繫 ${contact}。`,
    reservationNumber: '預約編號',
    visit: '參觀日期',
    amount: '退款金額',
    refundTo: '退款至',
    paidWith: '付款方式',
    colon: '：',
  },
  th: {
    subjectMade: (venue) => `[${venue}] ดำเนินการคืนเงินแล้ว`,
    subjectFailed: (venue) => `[${venue}] ไม่สามารถคืนเงินได้`,
    ref: (no) => ` (หมายเลขการจอง ${no})`,
    made: (venue) => `${venue} ได้ดำเนินการคืนเงินสำหรับการจองด้านล่างแล้ว`,
    failed: (venue) => `ขออภัย ผู้ให้บริการชำระเงินไม่สามารถคืนเงินสำหรับการจองด้านล่างได้ ${venue} จะคืนเงินให้คุณด้วยวิธีอื่น`,
    madeNote: 'เงินจะคืนไปยังช่องทางที่คุณชำระ โดยปกติภายในไม่กี่วัน หากเป็นบัตรอาจใช้เวลาถึงประมาณ 10 วันทำการ ขึ้นอยู่กับผู้ออกบัตร',
    failedNote: (contact) => `เราจะติดต่อคุณอีกครั้งเรื่องวิธีการคืนเงิน หากเร่งด่วน โปรดติดต่อ ${contact}`,
    reservationNumber: 'หมายเลขการจอง',
    visit: 'วันเข้าชม',
    amount: 'จำนวนเงินที่คืน',
    refundTo: 'คืนเงินไปยัง',
    paidWith: 'ชำระด้วย',
    colon: ': ',
  },
};

export function renderRefundMail(data: RefundMailData, lang: LanguageCode): RenderedMail {
  const copy = COPY[lang];
  const e = escapeHtml;
  const subject = `${(data.outcome === 'made' ? copy.subjectMade : copy.subjectFailed)(data.venueName)}${
    data.reservationNumber ? copy.ref(data.reservationNumber) : ''
  }`;
  const intro = data.outcome === 'made' ? copy.made(data.venueName) : copy.failed(data.venueName);
  const visit = `${formatDate(data.slot.date, lang)}${data.slot.time ? ` ${data.slot.time}` : ''}`;
  const facts = [
    ...(data.reservationNumber ? [`${copy.reservationNumber}${copy.colon}${data.reservationNumber}`] : []),
    data.productName,
    `${copy.visit}${copy.colon}${visit}`,
    `${copy.amount}${copy.colon}${formatPrice(data.amount, data.currency, lang)}`,
    ...(data.refundTo ? [`${data.outcome === 'made' ? copy.refundTo : copy.paidWith}${copy.colon}${data.refundTo}`] : []),
  ];
  const note = data.outcome === 'made' ? copy.madeNote : copy.failedNote(data.contactEmail);
  const text = [intro, '', ...facts, '', note, '', data.venueName, ''].join('\n');
  const html = `<!doctype html><html lang="${lang === 'kr' ? 'ko' : lang}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:sans-serif;color:#1f2328;background:#ffffff;line-height:1.6">
<h1 style="font-size:20px">${e(data.venueName)}</h1>
<p>${e(intro)}</p>
${facts.map((f) => `<p style="margin:0">${e(f)}</p>`).join('\n')}
<p>${e(note)}</p>
</body></html>`;
  return { subject, text, html };
}
