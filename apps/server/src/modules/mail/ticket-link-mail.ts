/**
 * Mails that carry a ticket link: tickets sent to a friend, and the link found again by a
 * reservation inquiry. Pure: the caller puts the result into the outbox.
 *
 * The two differ in what they may tell. The inquiry mail goes to the holder's own address and
 * names the reservation number. The friend's mail carries a share link only and never the number:
 * with the holder's address it would open the whole booking through the inquiry.
 */
import type { LanguageCode } from '@storefront/domain/constants';
import { formatDate } from '@storefront/domain/format';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { RenderedMail } from './order-confirmation-mail.ts';
import { NO_WALLET_LINKS, type WalletLinks, walletLinksHtml, walletLinksText } from './wallet-links.ts';

type Common = {
  venueName: string;
  productName: string;
  /** yyyy-MM-dd, or empty when unknown. */
  visitDate: string;
  ticketUrl: string;
};

export type TicketLinkMailData =
  | (Common & {
      kind: 'ticket_inquiry';
      reservationNumber: string;
      /** "Add to Apple Wallet" and "Add to Google Wallet", where the venue offers them. */
      walletLinks?: WalletLinks;
    })
  | (Common & {
      kind: 'ticket_forward';
      /** The holder's name from the order, or null when the order has none. */
      senderName: string | null;
      quantity: number;
    });

type Copy = {
  inquiry: { subject: (venue: string, no: string) => string; intro: (venue: string) => string; button: string };
  forward: {
    subject: (venue: string, sender: string | null) => string;
    intro: (venue: string, sender: string | null) => string;
    note: string;
    button: string;
    quantity: (count: number) => string;
  };
  reservationNumber: string;
  date: string;
  tickets: string;
  colon: string;
};

const COPY: Record<LanguageCode, Copy> = {
  ja: {
    inquiry: {
      subject: (venue, no) => `【${venue}】ご予約のチケット（予約番号：${no}）`,
      intro: (venue) => `${venue}のご予約のお問い合わせを受け付けました。下のボタンからチケットを表示できます。`,
      button: 'チケットを表示する',
    },
    forward: {
      subject: (venue, sender) =>
        sender ? `【${venue}】${sender}さんからチケットが届きました` : `【${venue}】チケットが届きました`,
      intro: (venue, sender) =>
        `${sender ? `${sender}さんから` : ''}${venue}のチケットが届きました。下のボタンからチケットを受け取り、ご来場当日は入場口でQRコードをご提示ください。`,
      note: 'チケットを受け取れるのは一度だけです。受け取った後は、受け取った端末でチケットを表示できます。お心当たりのない場合は、このメールを破棄してください。',
      button: 'チケットを受け取る',
      quantity: (count) => `${count}枚`,
    },
    reservationNumber: '予約番号',
    date: 'ご来場日',
    tickets: '枚数',
    colon: '：',
  },
  en: {
    inquiry: {
      subject: (venue, no) => `${venue}: your ticket (reservation ${no})`,
      intro: (venue) => `We received a request to find your reservation at ${venue}. Your ticket opens with the button below.`,
      button: 'View your ticket',
    },
    forward: {
      subject: (venue, sender) => (sender ? `${sender} sent you tickets for ${venue}` : `${venue}: tickets for you`),
      intro: (venue, sender) =>
        `${sender ?? 'Someone'} has sent you tickets for ${venue}. Receive them with the button below, then show the QR code at the entrance on the day of your visit.`,
      note: 'The tickets can be received only once; after that they open on the device that received them. If you were not expecting this e-mail, you can ignore it.',
      button: 'Receive your tickets',
      quantity: (count) => String(count),
    },
    reservationNumber: 'Reservation number',
    date: 'Date of visit',
    tickets: 'Tickets',
    colon: ': ',
  },
  'zh-hans': {
    inquiry: {
      subject: (venue, no) => `【${venue}】您的门票（预约编号：${no}）`,
      intro: (venue) => `我们已收到您在${venue}的预约查询。请点击下方按钮查看门票。`,
      button: '查看门票',
    },
    forward: {
      subject: (venue, sender) => (sender ? `【${venue}】${sender}向您发送了门票` : `【${venue}】您收到了门票`),
      intro: (venue, sender) =>
        `${sender ?? '有人'}向您发送了${venue}的门票。请点击下方按钮领取门票，参观当天请在入口出示二维码。`,
      note: '门票只能领取一次，领取后可在领取时使用的设备上查看。如果您没有预料到这封邮件，请忽略。',
      button: '领取门票',
      quantity: (count) => `${count}张`,
    },
    reservationNumber: '预约编号',
    date: '参观日期',
    tickets: '张数',
    colon: '：',
  },
  kr: {
    inquiry: {
      subject: (venue, no) => `[${venue}] 예약하신 티켓 (예약 번호: ${no})`,
      intro: (venue) => `${venue} 예약 조회 요청을 받았습니다. 아래 버튼을 눌러 티켓을 확인하실 수 있습니다.`,
      button: '티켓 보기',
    },
    forward: {
      subject: (venue, sender) => (sender ? `[${venue}] ${sender}님이 티켓을 보냈습니다` : `[${venue}] 티켓이 도착했습니다`),
      intro: (venue, sender) =>
        `${sender ? `${sender}님이 ${venue} 티켓을 보냈습니다.` : `${venue} 티켓이 도착했습니다.`} 아래 버튼을 눌러 티켓을 받으시고, 방문 당일 입구에서 QR 코드를 보여 주세요.`,
      note: '티켓은 한 번만 받을 수 있으며, 받은 후에는 티켓을 받은 기기에서 열 수 있습니다. 받으실 예정이 없으셨다면 이 메일은 무시하셔도 됩니다.',
      button: '티켓 받기',
      quantity: (count) => `${count}매`,
    },
    reservationNumber: '예약 번호',
    date: '방문일',
    tickets: '매수',
    colon: ': ',
  },
  'zh-hant': {
    inquiry: {
      subject: (venue, no) => `【${venue}】您的門票（預約編號：${no}）`,
      intro: (venue) => `我們已收到您在${venue}的預約查詢。請點選下方按鈕查看門票。`,
      button: '查看門票',
    },
    forward: {
      subject: (venue, sender) => (sender ? `【${venue}】${sender}寄給您門票` : `【${venue}】您收到了門票`),
      intro: (venue, sender) => `${sender ?? '有人'}寄給您${venue}的門票。請點選下方按鈕領取門票，參觀當天請於入口出示QR碼。`,
      note: '門票只能領取一次，領取後可在領取時使用的裝置上開啟。若您未預期收到這封郵件，請忽略。',
      button: '領取門票',
      quantity: (count) => `${count}張`,
    },
    reservationNumber: '預約編號',
    date: '參觀日期',
    tickets: '張數',
    colon: '：',
  },
  th: {
    inquiry: {
      subject: (venue, no) => `[${venue}] บัตรเข้าชมของคุณ (หมายเลขการจอง ${no})`,
      intro: (venue) => `เราได้รับคำขอค้นหาการจองของคุณที่ ${venue} กดปุ่มด้านล่างเพื่อเปิดบัตรของคุณ`,
      button: 'ดูบัตรของคุณ',
    },
    forward: {
      subject: (venue, sender) => (sender ? `[${venue}] ${sender} ส่งบัตรเข้าชมให้คุณ` : `[${venue}] คุณได้รับบัตรเข้าชม`),
      intro: (venue, sender) =>
        `${sender ? `${sender} ส่ง` : 'มีผู้ส่ง'}บัตรเข้าชม ${venue} ให้คุณ กดปุ่มด้านล่างเพื่อรับบัตร และแสดงคิวอาร์โค้ดที่ทางเข้าในวันเข้าชม`,
      note: 'รับบัตรได้เพียงครั้งเดียว หลังจากรับแล้วจะเปิดบัตรได้บนอุปกรณ์ที่ใช้รับ หากคุณไม่ได้คาดว่าจะได้รับอีเมลนี้ สามารถละเว้นได้',
      button: 'รับบัตรเข้าชม',
      quantity: (count) => `${count} ใบ`,
    },
    reservationNumber: 'หมายเลขการจอง',
    date: 'วันที่เข้าชม',
    tickets: 'จำนวนบัตร',
    colon: ': ',
  },
};

/**
 * A customer-typed name as it may stand in a subject line and a sentence: one line, no control
 * characters, and short enough that it cannot carry a message of its own.
 */
export function senderDisplayName(name: string | null | undefined, maxLength = 40): string | null {
  const line = (name ?? '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (line === '') return null;
  const characters = [...line];
  return characters.length > maxLength
    ? `${characters
        .slice(0, maxLength - 1)
        .join('')
        .trimEnd()}…`
    : line;
}

export function renderTicketLinkMail(data: TicketLinkMailData, lang: LanguageCode): RenderedMail {
  const copy = COPY[lang];
  const e = escapeHtml;
  const date = data.visitDate ? formatDate(data.visitDate, lang) : '';
  const dateFact = date ? [`${copy.date}${copy.colon}${date}`] : [];
  let subject: string;
  let intro: string;
  let button: string;
  let facts: string[];
  let note: string | null = null;
  // The friend's mail carries a share link, not a reservation token: the passes are theirs once
  // they have received the tickets, from the ticket page that opens then.
  let walletLinks = NO_WALLET_LINKS;
  if (data.kind === 'ticket_inquiry') {
    walletLinks = data.walletLinks ?? NO_WALLET_LINKS;
    subject = copy.inquiry.subject(data.venueName, data.reservationNumber);
    intro = copy.inquiry.intro(data.venueName);
    button = copy.inquiry.button;
    facts = [`${copy.reservationNumber}${copy.colon}${data.reservationNumber}`, data.productName, ...dateFact];
  } else {
    const sender = senderDisplayName(data.senderName);
    subject = copy.forward.subject(data.venueName, sender);
    intro = copy.forward.intro(data.venueName, sender);
    button = copy.forward.button;
    note = copy.forward.note;
    facts = [data.productName, ...dateFact, `${copy.tickets}${copy.colon}${copy.forward.quantity(data.quantity)}`];
  }
  const text = [
    intro,
    '',
    data.ticketUrl,
    '',
    ...walletLinksText(walletLinks, lang),
    ...facts,
    '',
    ...(note ? [note, ''] : []),
    data.venueName,
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="${lang === 'kr' ? 'ko' : lang}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:sans-serif;color:#1f2328;background:#ffffff;line-height:1.6">
<h1 style="font-size:20px">${e(data.venueName)}</h1>
<p>${e(intro)}</p>
<p><a href="${e(data.ticketUrl)}" style="display:inline-block;padding:12px 20px;background:#0b57d0;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${e(button)}</a></p>
<p style="font-size:13px;word-break:break-all"><a href="${e(data.ticketUrl)}" style="color:#0b57d0">${e(data.ticketUrl)}</a></p>
${walletLinksHtml(walletLinks, lang)}
${facts.map((f) => `<p style="margin:0">${e(f)}</p>`).join('\n')}
${note ? `<p style="font-size:13px;color:#59636e">${e(note)}</p>` : ''}
</body></html>`;
  return { subject, text, html };
}
