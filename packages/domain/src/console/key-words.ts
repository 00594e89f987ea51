/**
 * The words for the machine keys the console's answers and files carry (a sales channel, an
 * order's standing, where its refunds stand, a journal line's kind, a coupon's status), in the six
 * console languages: the one table of each, which the console's screens show
 * (`apps/console/src/lib/i18n/i18n.ts` adds them to its texts) and the server writes into a file
 * worded in a language. A file asked for with `headings=keys` keeps the keys.
 */
import type { LanguageCode, SalesChannel } from '../constants.ts';
import type { CouponStatus } from './coupons.ts';
import type { RefundStanding } from './order-detail.ts';
import type { OrderStanding } from './order-search.ts';
import type { JournalLine } from './reports.ts';

export const SALES_CHANNEL_WORDS: Record<LanguageCode, Record<SalesChannel, string>> = {
  ja: { web: 'Web ショップ', pos: '窓口 (POS)', kiosk: '券売機', OTA: '旅行代理店 (OTA)', spot: '当日 QR' },
  en: { web: 'Web shop', pos: 'Ticket desk (POS)', kiosk: 'Kiosk', OTA: 'Travel agencies (OTA)', spot: 'On-the-spot QR' },
  'zh-hans': { web: '网上商店', pos: '售票窗口（POS）', kiosk: '自助售票机', OTA: '在线旅行社（OTA）', spot: '现场二维码' },
  kr: { web: '웹 판매 페이지', pos: '매표소(POS)', kiosk: '키오스크', OTA: '온라인 여행사(OTA)', spot: '현장 QR' },
  'zh-hant': { web: '網路商店', pos: '售票櫃檯（POS）', kiosk: '自助售票機', OTA: '線上旅行社（OTA）', spot: '現場 QR 碼' },
  th: {
    web: 'ร้านค้าออนไลน์',
    pos: 'จุดจำหน่ายบัตร (POS)',
    kiosk: 'ตู้คีออสก์',
    OTA: 'บริษัทนำเที่ยวออนไลน์ (OTA)',
    spot: 'QR ที่หน้างาน',
  },
};

/** An order's standing by its admissions, as the order list and its filter name it. */
export const ORDER_STANDING_WORDS: Record<LanguageCode, Record<OrderStanding, string>> = {
  ja: { completed: '完了', partly_cancelled: '一部キャンセル', cancelled: 'キャンセル' },
  en: { completed: 'Completed', partly_cancelled: 'Partly cancelled', cancelled: 'Cancelled' },
  'zh-hans': { completed: '已完成', partly_cancelled: '部分取消', cancelled: '已取消' },
  kr: { completed: '완료', partly_cancelled: '일부 취소', cancelled: '취소' },
  'zh-hant': { completed: '已完成', partly_cancelled: '部分取消', cancelled: '已取消' },
  th: { completed: 'เสร็จสมบูรณ์', partly_cancelled: 'ยกเลิกบางส่วน', cancelled: 'ยกเลิกแล้ว' },
};

/** Where an order's refunds stand (`refundStanding`); nothing given back nor asked back has no word. */
export const REFUND_STANDING_WORDS: Record<LanguageCode, Record<Exclude<RefundStanding, 'none'>, string>> = {
  ja: { partly_refunded: '一部返金済み', refunded: '返金済み', pending: '返金が決済会社の処理待ち', failed: '返金に失敗あり' },
  en: {
    partly_refunded: 'refunded in part',
    refunded: 'refunded',
    pending: 'refund waiting for the provider',
    failed: 'a refund failed',
  },
  'zh-hans': { partly_refunded: '部分退款', refunded: '已退款', pending: '退款等待支付机构处理', failed: '有退款失败' },
  kr: { partly_refunded: '일부 환불', refunded: '환불 완료', pending: '환불이 결제사 처리 대기 중', failed: '환불 실패 있음' },
  'zh-hant': { partly_refunded: '部分退款', refunded: '已退款', pending: '退款等待支付機構處理', failed: '有退款失敗' },
  th: {
    partly_refunded: 'คืนเงินบางส่วน',
    refunded: 'คืนเงินแล้ว',
    pending: 'การคืนเงินรอผู้ให้บริการชำระเงิน',
    failed: 'มีการคืนเงินที่ล้มเหลว',
  },
};

/** A sales journal line's kind. */
export const JOURNAL_KIND_WORDS: Record<LanguageCode, Record<JournalLine['kind'], string>> = {
  ja: { sale: '売上', refund: '返金' },
  en: { sale: 'Sales', refund: 'Refunds' },
  'zh-hans': { sale: '销售', refund: '退款' },
  kr: { sale: '매출', refund: '환불' },
  'zh-hant': { sale: '銷售', refund: '退款' },
  th: { sale: 'ขาย', refund: 'คืนเงิน' },
};

/** A coupon's status now (`couponStatus`). */
export const COUPON_STATUS_WORDS: Record<LanguageCode, Record<CouponStatus, string>> = {
  ja: { active: '有効', inactive: '無効化済み', expired: '期限切れ', used_up: '上限到達' },
  en: { active: 'Active', inactive: 'Deactivated', expired: 'Expired', used_up: 'Used up' },
  'zh-hans': { active: '有效', inactive: '已停用', expired: '已过期', used_up: '已用完' },
  kr: { active: '활성', inactive: '비활성', expired: '만료', used_up: '한도 소진' },
  'zh-hant': { active: '有效', inactive: '已停用', expired: '已過期', used_up: '已用完' },
  th: { active: 'ใช้งานอยู่', inactive: 'ปิดใช้งานแล้ว', expired: 'หมดอายุ', used_up: 'ใช้ครบแล้ว' },
};

/** A key in the words of a language, or the key itself when the table has no word for it (a channel added later). */
export function wordFor<K extends string>(words: Record<K, string>, key: string): string {
  return Object.hasOwn(words, key) ? words[key as K] : key;
}
