/** The words of the summary mail (issue 18 part 4), in the six languages staff may choose. */
import type { LanguageCode } from '@storefront/domain/constants';

export type ReportMailWords = {
  subject: (venue: string, period: string, weekly: boolean) => string;
  greeting: (name: string) => string;
  intro: (venue: string, period: string, weekly: boolean, timeZone: string) => string;
  /** "{value} ({previous} the period before)". */
  beside: (value: string, previous: string) => string;
  sales: string;
  orders: string;
  tickets: string;
  discount: string;
  refunds: string;
  dateChanges: string;
  occupancy: string;
  /** "{sold} of {capacity} places ({percent})". */
  places: (sold: string, capacity: string, percent: string) => string;
  bestSellers: string;
  nothingSold: string;
  open: string;
  footer: (url: string) => string;
};

export const REPORT_MAIL_WORDS: Record<LanguageCode, ReportMailWords> = {
  ja: {
    subject: (venue, period, weekly) => `${venue} ${weekly ? '週間' : '日次'}売上サマリー ${period}`,
    greeting: (name) => `${name} 様`,
    intro: (venue, period, weekly, timeZone) =>
      `${venue} の${weekly ? '週間' : '日次'}サマリー（${period}、${timeZone}）です。括弧内は${weekly ? '前週' : '前日'}の数字です。`,
    beside: (value, previous) => `${value}（${previous}）`,
    sales: '売上',
    orders: '注文',
    tickets: 'チケット',
    discount: 'クーポン割引',
    refunds: '返金',
    dateChanges: '日時変更',
    occupancy: '販売済みの枠',
    places: (sold, capacity, percent) => `${capacity} 席中 ${sold} 席（${percent}）`,
    bestSellers: '売れ筋',
    nothingSold: '販売なし',
    open: 'ダッシュボードを開く',
    footer: (url) => `管理画面でこのメールを購読しているため送信しています。配信の停止: ${url}`,
  },
  en: {
    subject: (venue, period, weekly) => `${venue}: ${weekly ? 'weekly' : 'daily'} sales summary, ${period}`,
    greeting: (name) => `Hello ${name},`,
    intro: (venue, period, weekly, timeZone) =>
      `Here is the ${weekly ? 'weekly' : 'daily'} summary of ${venue} for ${period} (${timeZone}). In brackets: the ${weekly ? 'week' : 'day'} before.`,
    beside: (value, previous) => `${value} (${previous})`,
    sales: 'Sales',
    orders: 'Orders',
    tickets: 'Tickets',
    discount: 'Coupon discounts',
    refunds: 'Refunds',
    dateChanges: 'Date changes',
    occupancy: 'Places sold',
    places: (sold, capacity, percent) => `${sold} of ${capacity} (${percent})`,
    bestSellers: 'Best sellers',
    nothingSold: 'nothing sold',
    open: 'Open the dashboard',
    footer: (url) => `You receive this because you subscribed in the console. To stop it: ${url}`,
  },
  'zh-hans': {
    subject: (venue, period, weekly) => `${venue}：${weekly ? '每周' : '每日'}销售摘要 ${period}`,
    greeting: (name) => `${name} 您好：`,
    intro: (venue, period, weekly, timeZone) =>
      `以下是 ${venue} ${period} 的${weekly ? '每周' : '每日'}摘要（${timeZone}）。括号内为${weekly ? '上周' : '前一天'}的数据。`,
    beside: (value, previous) => `${value}（${previous}）`,
    sales: '销售额',
    orders: '订单',
    tickets: '门票',
    discount: '优惠券折扣',
    refunds: '退款',
    dateChanges: '日期变更',
    occupancy: '已售名额',
    places: (sold, capacity, percent) => `${capacity} 个中已售 ${sold} 个（${percent}）`,
    bestSellers: '畅销商品',
    nothingSold: '无销售',
    open: '打开仪表板',
    footer: (url) => `您在管理后台订阅了此邮件，因此收到本邮件。取消订阅：${url}`,
  },
  kr: {
    subject: (venue, period, weekly) => `${venue}: ${weekly ? '주간' : '일간'} 매출 요약 ${period}`,
    greeting: (name) => `${name} 님, 안녕하세요.`,
    intro: (venue, period, weekly, timeZone) =>
      `${venue}의 ${period} ${weekly ? '주간' : '일간'} 요약입니다(${timeZone}). 괄호 안은 ${weekly ? '전주' : '전날'} 수치입니다.`,
    beside: (value, previous) => `${value} (${previous})`,
    sales: '매출',
    orders: '주문',
    tickets: '티켓',
    discount: '쿠폰 할인',
    refunds: '환불',
    dateChanges: '일정 변경',
    occupancy: '판매된 자리',
    places: (sold, capacity, percent) => `${capacity}석 중 ${sold}석 (${percent})`,
    bestSellers: '인기 상품',
    nothingSold: '판매 없음',
    open: '대시보드 열기',
    footer: (url) => `관리 콘솔에서 이 메일을 구독하셨기 때문에 발송되었습니다. 구독 해지: ${url}`,
  },
  'zh-hant': {
    subject: (venue, period, weekly) => `${venue}：${weekly ? '每週' : '每日'}銷售摘要 ${period}`,
    greeting: (name) => `${name} 您好：`,
    intro: (venue, period, weekly, timeZone) =>
      `以下是 ${venue} ${period} 的${weekly ? '每週' : '每日'}摘要（${timeZone}）。括號內為${weekly ? '上週' : '前一天'}的數據。`,
    beside: (value, previous) => `${value}（${previous}）`,
    sales: '銷售額',
    orders: '訂單',
    tickets: '門票',
    discount: '優惠券折扣',
    refunds: '退款',
    dateChanges: '日期變更',
    occupancy: '已售名額',
    places: (sold, capacity, percent) => `${capacity} 個中已售 ${sold} 個（${percent}）`,
    bestSellers: '熱銷商品',
    nothingSold: '無銷售',
    open: '開啟儀表板',
    footer: (url) => `您在管理後台訂閱了此郵件，因此收到本郵件。取消訂閱：${url}`,
  },
  th: {
    subject: (venue, period, weekly) => `${venue}: สรุปยอดขาย${weekly ? 'รายสัปดาห์' : 'รายวัน'} ${period}`,
    greeting: (name) => `เรียน ${name}`,
    intro: (venue, period, weekly, timeZone) =>
      `สรุป${weekly ? 'รายสัปดาห์' : 'รายวัน'}ของ ${venue} สำหรับ ${period} (${timeZone}) ตัวเลขในวงเล็บคือ${weekly ? 'สัปดาห์ก่อน' : 'วันก่อน'}`,
    beside: (value, previous) => `${value} (${previous})`,
    sales: 'ยอดขาย',
    orders: 'คำสั่งซื้อ',
    tickets: 'ตั๋ว',
    discount: 'ส่วนลดคูปอง',
    refunds: 'การคืนเงิน',
    dateChanges: 'การเปลี่ยนวัน',
    occupancy: 'ที่นั่งที่ขายแล้ว',
    places: (sold, capacity, percent) => `${sold} จาก ${capacity} (${percent})`,
    bestSellers: 'สินค้าขายดี',
    nothingSold: 'ไม่มียอดขาย',
    open: 'เปิดแดชบอร์ด',
    footer: (url) => `คุณได้รับอีเมลนี้เพราะสมัครรับไว้ในคอนโซล ยกเลิกการรับ: ${url}`,
  },
};
