/**
 * The page for an address with no venue behind it (a mistyped or old venue path): styled, in the
 * visitor's language (Accept-Language, one of the six, else English), 404. It stands alone: no
 * venue means no texts from the database and no venue theme, so its few words live here.
 */
import { LANGUAGE_TAGS, type LanguageCode } from '@storefront/domain/constants';

const WORDS: Record<LanguageCode, { title: string; text: string; hint: string }> = {
  en: {
    title: 'Page not found',
    text: 'There is no venue at this address.',
    hint: 'Please check the address, or open the link from the venue’s official website again.',
  },
  ja: {
    title: 'ページが見つかりません',
    text: 'このアドレスの施設はありません。',
    hint: 'アドレスをご確認いただくか、施設の公式サイトからもう一度リンクを開いてください。',
  },
  kr: {
    title: '페이지를 찾을 수 없습니다',
    text: '이 주소에 해당하는 시설이 없습니다.',
    hint: '주소를 확인하시거나 시설 공식 웹사이트에서 링크를 다시 열어 주세요.',
  },
  th: {
    title: 'ไม่พบหน้านี้',
    text: 'ไม่มีสถานที่ที่ที่อยู่นี้',
    hint: 'โปรดตรวจสอบที่อยู่ หรือเปิดลิงก์จากเว็บไซต์ทางการของสถานที่อีกครั้ง',
  },
  'zh-hans': {
    title: '找不到页面',
    text: '此地址没有对应的场馆。',
    hint: '请确认地址，或从场馆官方网站重新打开链接。',
  },
  'zh-hant': {
    title: '找不到頁面',
    text: '此網址沒有對應的場館。',
    hint: '請確認網址，或從場館官方網站重新開啟連結。',
  },
};

/** The visitor's language from an Accept-Language header: the first of the six it names (by quality), else English. */
export function languageOfHeader(header: string | undefined): LanguageCode {
  const ranges = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { range: range.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.range !== '' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { range } of ranges) {
    const lang = languageOfRange(range);
    if (lang) return lang;
  }
  return 'en';
}

function languageOfRange(range: string): LanguageCode | null {
  const [primary, ...rest] = range.split('-');
  switch (primary) {
    case 'ja':
    case 'en':
    case 'th':
      return primary;
    case 'ko':
      return 'kr';
    case 'zh': {
      if (rest.includes('hant') || rest.some((sub) => ['tw', 'hk', 'mo'].includes(sub))) return 'zh-hant';
      return 'zh-hans';
    }
    default:
      return null;
  }
}

/** The page, its style under the answer's nonce (the policy allows no other inline style). */
export function unknownVenuePage(lang: LanguageCode, nonce: string): string {
  const words = WORDS[lang];
  return `<!doctype html>
<html lang="${LANGUAGE_TAGS[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${words.title}</title>
<style nonce="${nonce}">
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:1.5rem;
font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans JP","Noto Sans KR","Noto Sans Thai","Noto Sans SC","Noto Sans TC",sans-serif;
background:#f5f5f4;color:#1c1917;line-height:1.6}
main{width:min(32rem,100%);background:#fff;border-radius:0.75rem;padding:2rem 1.5rem;box-shadow:0 6px 24px rgb(0 0 0/0.08);text-align:center}
.code{margin:0 0 0.5rem;font-size:0.875rem;font-weight:700;letter-spacing:0.1em;color:#57534e}
h1{margin:0 0 0.75rem;font-size:clamp(1.25rem,5vw,1.6rem);line-height:1.3}
p{margin:0 0 0.5rem}
.hint{color:#44403c;font-size:0.95rem}
</style></head>
<body><main><p class="code">404</p><h1>${words.title}</h1><p>${words.text}</p><p class="hint">${words.hint}</p></main></body></html>`;
}
