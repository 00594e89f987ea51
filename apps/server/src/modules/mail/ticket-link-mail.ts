/**
 * Mails that carry a ticket link: a ticket sent on to another address, and the link found again
 * by a reservation inquiry. Pure: the caller puts the result into the outbox.
 */
import type { LanguageCode } from '@storefront/domain/constants';
import { formatDate } from '@storefront/domain/format';
import { escapeHtml } from './escape-html.ts';
import type { RenderedMail } from './order-confirmation-mail.ts';

export type TicketLinkMailData = {
  kind: 'ticket_forward' | 'ticket_inquiry';
  venueName: string;
  reservationNumber: string;
  productName: string;
  /** yyyy-MM-dd, or empty when unknown. */
  visitDate: string;
  ticketUrl: string;
};

type Copy = {
  subject: Record<TicketLinkMailData['kind'], (venue: string, no: string) => string>;
  intro: Record<TicketLinkMailData['kind'], (venue: string) => string>;
  button: string;
  reservationNumber: string;
  date: string;
  colon: string;
};

const COPY: Record<LanguageCode, Copy> = {
  ja: {
    subject: {
      ticket_forward: (venue, no) => `【${venue}】チケットが届きました（予約番号：${no}）`,
      ticket_inquiry: (venue, no) => `【${venue}】ご予約のチケット（予約番号：${no}）`,
    },
    intro: {
      ticket_forward: (venue) => `${venue}のチケットが送られました。ご来場当日は、下のボタンからチケットを表示してください。`,
      ticket_inquiry: (venue) => `${venue}のご予約のお問い合わせを受け付けました。下のボタンからチケットを表示できます。`,
    },
    button: 'チケットを表示する',
    reservationNumber: '予約番号',
    date: 'ご来場日',
    colon: '：',
  },
  en: {
    subject: {
      ticket_forward: (venue, no) => `${venue}: a ticket for you (reservation ${no})`,
      ticket_inquiry: (venue, no) => `${venue}: your ticket (reservation ${no})`,
    },
    intro: {
      ticket_forward: (venue) =>
        `Someone has sent you a ticket for ${venue}. On the day of your visit, open it with the button below.`,
      ticket_inquiry: (venue) =>
        `We received a request to find your reservation at ${venue}. Your ticket opens with the button below.`,
    },
    button: 'View your ticket',
    reservationNumber: 'Reservation number',
    date: 'Date of visit',
    colon: ': ',
  },
  'zh-hans': {
    subject: {
      ticket_forward: (venue, no) => `【${venue}】您收到了门票（预约编号：${no}）`,
      ticket_inquiry: (venue, no) => `【${venue}】您的门票（预约编号：${no}）`,
    },
    intro: {
      ticket_forward: (venue) => `有人向您发送了${venue}的门票。参观当天，请点击下方按钮打开门票。`,
      ticket_inquiry: (venue) => `我们已收到您在${venue}的预约查询。请点击下方按钮查看门票。`,
    },
    button: '查看门票',
    reservationNumber: '预约编号',
    date: '参观日期',
    colon: '：',
  },
  kr: {
    subject: {
      ticket_forward: (venue, no) => `[${venue}] 티켓이 도착했습니다 (예약 번호: ${no})`,
      ticket_inquiry: (venue, no) => `[${venue}] 예약하신 티켓 (예약 번호: ${no})`,
    },
    intro: {
      ticket_forward: (venue) => `${venue} 티켓이 전송되었습니다. 방문 당일 아래 버튼을 눌러 티켓을 열어 주세요.`,
      ticket_inquiry: (venue) => `${venue} 예약 조회 요청을 받았습니다. 아래 버튼을 눌러 티켓을 확인하실 수 있습니다.`,
    },
    button: '티켓 보기',
    reservationNumber: '예약 번호',
    date: '방문일',
    colon: ': ',
  },
  'zh-hant': {
    subject: {
      ticket_forward: (venue, no) => `【${venue}】您收到了門票（預約編號：${no}）`,
      ticket_inquiry: (venue, no) => `【${venue}】您的門票（預約編號：${no}）`,
    },
    intro: {
      ticket_forward: (venue) => `有人寄給您${venue}的門票。參觀當天，請點選下方按鈕開啟門票。`,
      ticket_inquiry: (venue) => `我們已收到您在${venue}的預約查詢。請點選下方按鈕查看門票。`,
    },
    button: '查看門票',
    reservationNumber: '預約編號',
    date: '參觀日期',
    colon: '：',
  },
  th: {
    subject: {
      ticket_forward: (venue, no) => `[${venue}] คุณได้รับบัตรเข้าชม (หมายเลขการจอง ${no})`,
      ticket_inquiry: (venue, no) => `[${venue}] บัตรเข้าชมของคุณ (หมายเลขการจอง ${no})`,
    },
    intro: {
      ticket_forward: (venue) => `มีผู้ส่งบัตรเข้าชม ${venue} ให้คุณ ในวันเข้าชม กรุณากดปุ่มด้านล่างเพื่อเปิดบัตร`,
      ticket_inquiry: (venue) => `เราได้รับคำขอค้นหาการจองของคุณที่ ${venue} กดปุ่มด้านล่างเพื่อเปิดบัตรของคุณ`,
    },
    button: 'ดูบัตรของคุณ',
    reservationNumber: 'หมายเลขการจอง',
    date: 'วันที่เข้าชม',
    colon: ': ',
  },
};

export function renderTicketLinkMail(data: TicketLinkMailData, lang: LanguageCode): RenderedMail {
  const copy = COPY[lang];
  const e = escapeHtml;
  const subject = copy.subject[data.kind](data.venueName, data.reservationNumber);
  const intro = copy.intro[data.kind](data.venueName);
  const date = data.visitDate ? formatDate(data.visitDate, lang) : '';
  const facts = [
    `${copy.reservationNumber}${copy.colon}${data.reservationNumber}`,
    data.productName,
    ...(date ? [`${copy.date}${copy.colon}${date}`] : []),
  ];
  const text = [intro, '', data.ticketUrl, '', ...facts, '', data.venueName, ''].join('\n');
  const html = `<!doctype html><html lang="${lang === 'kr' ? 'ko' : lang}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:sans-serif;color:#1f2328;background:#ffffff;line-height:1.6">
<h1 style="font-size:20px">${e(data.venueName)}</h1>
<p>${e(intro)}</p>
<p><a href="${e(data.ticketUrl)}" style="display:inline-block;padding:12px 20px;background:#0b57d0;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${e(copy.button)}</a></p>
<p style="font-size:13px;word-break:break-all"><a href="${e(data.ticketUrl)}" style="color:#0b57d0">${e(data.ticketUrl)}</a></p>
${facts.map((f) => `<p style="margin:0">${e(f)}</p>`).join('\n')}
</body></html>`;
  return { subject, text, html };
}
