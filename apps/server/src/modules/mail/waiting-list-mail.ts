/**
 * The waiting list's mails (issue 22): on joining, where the visitor stands; on an offer, the link
 * that opens the order holding their places and until when it holds them. Both carry the link that
 * takes the visitor off the list. Pure: the caller puts the result into the outbox.
 */
import type { LanguageCode } from '@storefront/domain/constants';
import { formatDate, formatDateTime } from '@storefront/domain/format';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { RenderedMail } from './order-confirmation-mail.ts';

type Common = {
  venueName: string;
  productName: string;
  /** yyyy-MM-dd */
  visitDate: string;
  /** The slot's start, "10:30". */
  startTime: string;
  quantity: number;
  leaveUrl: string;
};

export type WaitingListMailData =
  | (Common & { kind: 'waiting_list_joined'; position: number })
  | (Common & { kind: 'waiting_list_offer'; offerUrl: string; offerExpiresAt: Date });

type Copy = {
  joined: { subject: (venue: string) => string; intro: (venue: string, position: number) => string };
  offer: {
    subject: (venue: string) => string;
    intro: (venue: string, until: string) => string;
    button: string;
    note: string;
  };
  leave: string;
  date: string;
  tickets: string;
  colon: string;
};

const COPY: Record<LanguageCode, Copy> = {
  ja: {
    joined: {
      subject: (venue) => `【${venue}】キャンセル待ちに登録しました`,
      intro: (venue, position) =>
        `${venue}のキャンセル待ちに登録しました（現在${position}番目）。空きが出ると順番にお席を確保し、このアドレスにご案内をお送りします。`,
    },
    offer: {
      subject: (venue) => `【${venue}】キャンセル待ちのチケットをご購入いただけます`,
      intro: (venue, until) =>
        `${venue}に空きが出たため、お待ちいただいていたチケットを${until}まで確保しています。下のボタンからお支払いへお進みください。`,
      button: 'チケットを購入する',
      note: '期限を過ぎると、確保したお席は次にお待ちの方へご案内します。',
    },
    leave: 'キャンセル待ちをやめる場合はこちら',
    date: 'ご来場日時',
    tickets: '枚数',
    colon: '：',
  },
  en: {
    joined: {
      subject: (venue) => `${venue}: you are on the waiting list`,
      intro: (venue, position) =>
        `You are on the waiting list at ${venue} (number ${position} in line). When places come back they are held for the people on the list in turn, and we will write to this address.`,
    },
    offer: {
      subject: (venue) => `${venue}: your tickets from the waiting list`,
      intro: (venue, until) =>
        `Places came back at ${venue}, and the tickets you waited for are held for you until ${until}. Go on to payment with the button below.`,
      button: 'Buy your tickets',
      note: 'After that time the places are offered to the next person on the list.',
    },
    leave: 'Leave the waiting list',
    date: 'Date and time',
    tickets: 'Tickets',
    colon: ': ',
  },
  'zh-hans': {
    joined: {
      subject: (venue) => `【${venue}】您已加入候补名单`,
      intro: (venue, position) =>
        `您已加入${venue}的候补名单（当前第${position}位）。有空位时将按顺序为候补者保留，并发送邮件至此地址。`,
    },
    offer: {
      subject: (venue) => `【${venue}】候补的门票现在可以购买`,
      intro: (venue, until) => `${venue}有了空位，您候补的门票已为您保留至${until}。请点击下方按钮前往付款。`,
      button: '购买门票',
      note: '超过期限后，保留的名额将提供给下一位候补者。',
    },
    leave: '退出候补名单',
    date: '参观日期和时间',
    tickets: '张数',
    colon: '：',
  },
  kr: {
    joined: {
      subject: (venue) => `[${venue}] 대기자 명단에 등록되었습니다`,
      intro: (venue, position) =>
        `${venue} 대기자 명단에 등록되었습니다(현재 ${position}번째). 자리가 나면 순서대로 확보해 드리고 이 주소로 안내해 드립니다.`,
    },
    offer: {
      subject: (venue) => `[${venue}] 대기하신 티켓을 구매하실 수 있습니다`,
      intro: (venue, until) =>
        `${venue}에 자리가 나서 기다리신 티켓을 ${until}까지 확보해 두었습니다. 아래 버튼을 눌러 결제를 진행해 주세요.`,
      button: '티켓 구매하기',
      note: '기한이 지나면 확보한 자리는 다음 대기자에게 안내됩니다.',
    },
    leave: '대기자 명단에서 나가기',
    date: '방문 일시',
    tickets: '매수',
    colon: ': ',
  },
  'zh-hant': {
    joined: {
      subject: (venue) => `【${venue}】您已加入候補名單`,
      intro: (venue, position) =>
        `您已加入${venue}的候補名單（目前第${position}位）。有空位時將依序為候補者保留，並寄送郵件至此地址。`,
    },
    offer: {
      subject: (venue) => `【${venue}】候補的門票現在可以購買`,
      intro: (venue, until) => `${venue}有了空位，您候補的門票已為您保留至${until}。請點選下方按鈕前往付款。`,
      button: '購買門票',
      note: '超過期限後，保留的名額將提供給下一位候補者。',
    },
    leave: '退出候補名單',
    date: '參觀日期與時間',
    tickets: '張數',
    colon: '：',
  },
  th: {
    joined: {
      subject: (venue) => `${venue}: คุณอยู่ในรายชื่อรอแล้ว`,
      intro: (venue, position) =>
        `คุณอยู่ในรายชื่อรอของ ${venue} แล้ว (ลำดับที่ ${position}) เมื่อมีที่ว่าง เราจะกันที่ให้ผู้ที่รออยู่ตามลำดับและแจ้งไปยังอีเมลนี้`,
    },
    offer: {
      subject: (venue) => `${venue}: บัตรที่คุณรออยู่พร้อมให้ซื้อแล้ว`,
      intro: (venue, until) => `มีที่ว่างที่ ${venue} แล้ว เราได้กันบัตรที่คุณรอไว้ให้จนถึง ${until} กดปุ่มด้านล่างเพื่อชำระเงิน`,
      button: 'ซื้อบัตร',
      note: 'หลังจากเวลานั้น ที่นั่งจะถูกเสนอให้ผู้ที่รอลำดับถัดไป',
    },
    leave: 'ออกจากรายชื่อรอ',
    date: 'วันและเวลาเข้าชม',
    tickets: 'จำนวนบัตร',
    colon: ': ',
  },
};

export function renderWaitingListMail(data: WaitingListMailData, lang: LanguageCode): RenderedMail {
  const copy = COPY[lang];
  const e = escapeHtml;
  const facts = [
    data.productName,
    `${copy.date}${copy.colon}${formatDate(data.visitDate, lang)} ${data.startTime}`,
    `${copy.tickets}${copy.colon}${data.quantity}`,
  ];
  const isOffer = data.kind === 'waiting_list_offer';
  const subject = isOffer ? copy.offer.subject(data.venueName) : copy.joined.subject(data.venueName);
  const intro = isOffer
    ? copy.offer.intro(data.venueName, formatDateTime(data.offerExpiresAt, lang))
    : copy.joined.intro(data.venueName, data.position);
  const action = isOffer ? { url: data.offerUrl, label: copy.offer.button } : null;
  const text = [
    intro,
    '',
    ...(action ? [action.url, ''] : []),
    ...facts,
    '',
    ...(isOffer ? [copy.offer.note, ''] : []),
    `${copy.leave}${copy.colon}${data.leaveUrl}`,
    '',
    data.venueName,
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="${lang === 'kr' ? 'ko' : lang}"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:sans-serif;color:#1f2328;background:#ffffff;line-height:1.6">
<h1 style="font-size:20px">${e(data.venueName)}</h1>
<p>${e(intro)}</p>
${
  action
    ? `<p><a href="${e(action.url)}" style="display:inline-block;padding:12px 20px;background:#0b57d0;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${e(action.label)}</a></p>
<p style="font-size:13px;word-break:break-all"><a href="${e(action.url)}" style="color:#0b57d0">${e(action.url)}</a></p>`
    : ''
}
${facts.map((f) => `<p style="margin:0">${e(f)}</p>`).join('\n')}
${isOffer ? `<p style="font-size:13px;color:#59636e">${e(copy.offer.note)}</p>` : ''}
<p style="font-size:13px"><a href="${e(data.leaveUrl)}" style="color:#59636e">${e(copy.leave)}</a></p>
</body></html>`;
  return { subject, text, html };
}
