/** The e-mail that confirms a visitor's address in mail-only confirmation mode (SPEC §1). */
import type { LanguageCode } from '@storefront/domain/constants';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { RenderedMail } from './order-confirmation-mail.ts';

const COPY: Record<
  LanguageCode,
  { subject: (venue: string) => string; text: string; button: string; expiry: (minutes: number) => string }
> = {
  ja: {
    subject: (venue) => `【${venue}】メールアドレスの確認`,
    text: 'チケットのご購入手続きを続けるには、下のリンクを開いてください。',
    button: '購入手続きを続ける',
    expiry: (minutes) => `リンクの有効期限は${minutes}分です。`,
  },
  en: {
    subject: (venue) => `${venue}: please confirm your e-mail address`,
    text: 'To continue buying your tickets, please open the link below.',
    button: 'Continue your purchase',
    expiry: (minutes) => `The link is valid for ${minutes} minutes.`,
  },
  'zh-hans': {
    subject: (venue) => `【${venue}】请确认您的电子邮箱`,
    text: '请打开下方链接，继续购票手续。',
    button: '继续购票',
    expiry: (minutes) => `链接有效期为${minutes}分钟。`,
  },
  kr: {
    subject: (venue) => `[${venue}] 이메일 주소 확인`,
    text: '티켓 구매를 계속하려면 아래 링크를 열어 주세요.',
    button: '구매 계속하기',
    expiry: (minutes) => `링크는 ${minutes}분 동안 유효합니다.`,
  },
  'zh-hant': {
    subject: (venue) => `【${venue}】請確認您的電子郵件地址`,
    text: '請開啟下方連結，繼續購票手續。',
    button: '繼續購票',
    expiry: (minutes) => `連結有效期限為${minutes}分鐘。`,
  },
  th: {
    subject: (venue) => `${venue}: กรุณายืนยันอีเมลของคุณ`,
    text: 'กรุณาเปิดลิงก์ด้านล่างเพื่อดำเนินการซื้อตั๋วต่อ',
    button: 'ดำเนินการซื้อต่อ',
    expiry: (minutes) => `ลิงก์นี้ใช้ได้ ${minutes} นาที`,
  },
};

export function renderMailConfirmation(
  data: { venueName: string; link: string; minutes: number },
  lang: LanguageCode,
): RenderedMail {
  const copy = COPY[lang];
  const subject = copy.subject(data.venueName);
  const text = `${copy.text}\n\n${data.link}\n\n${copy.expiry(data.minutes)}\n\n${data.venueName}`;
  const html = `<!doctype html><html lang="${lang === 'kr' ? 'ko' : lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:sans-serif;color:#1f2937;background:#ffffff">
<h1 style="font-size:20px">${escapeHtml(data.venueName)}</h1>
<p>${escapeHtml(copy.text)}</p>
<p><a href="${escapeHtml(data.link)}" style="display:inline-block;padding:12px 20px;background:#1f2937;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(copy.button)}</a></p>
<p style="font-size:13px;word-break:break-all">${escapeHtml(data.link)}</p>
<p style="font-size:13px">${escapeHtml(copy.expiry(data.minutes))}</p>
</body></html>`;
  return { subject, text, html };
}
