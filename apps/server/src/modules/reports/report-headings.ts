/**
 * The reports' file headings in each console language, by column key (`headings=keys` keeps the
 * keys): one table for the sales journal, one for the dashboard's tables, and the totals row's
 * label. The time zone, currency or percent a column's values are in are added to its heading.
 */
import type { LanguageCode } from '@storefront/domain/constants';

export type ReportHeadings = Readonly<Record<LanguageCode, Readonly<Record<string, string>>>>;

/** The label a totals row opens with: `total` among keys, else the word (as the console's totals say it). */
export const TOTALS_KEY = 'total';
export const TOTALS_WORDS: Record<LanguageCode, string> = {
  ja: '合計',
  en: 'Total',
  'zh-hans': '合计',
  'zh-hant': '合計',
  kr: '합계',
  th: 'รวม',
};

const JOURNAL_KEYS = ['date', 'kind', 'payment_method', 'payment_method_name', 'count', 'amount', 'tax', 'net'] as const;
type JournalKey = (typeof JOURNAL_KEYS)[number];

/** As the console's journal screen words them. */
export const JOURNAL_HEADINGS: Record<LanguageCode, Record<JournalKey, string>> = {
  ja: {
    date: '日付',
    kind: '区分',
    payment_method: '決済方法コード',
    payment_method_name: '決済方法',
    count: '件数',
    amount: '金額（税込）',
    tax: '消費税',
    net: '税抜金額',
  },
  en: {
    date: 'Day',
    kind: 'Kind',
    payment_method: 'Payment method code',
    payment_method_name: 'Payment method',
    count: 'Count',
    amount: 'Amount (tax incl.)',
    tax: 'Consumption tax',
    net: 'Net of tax',
  },
  'zh-hans': {
    date: '日期',
    kind: '类别',
    payment_method: '支付方式代码',
    payment_method_name: '支付方式',
    count: '笔数',
    amount: '金额（含税）',
    tax: '消费税',
    net: '不含税金额',
  },
  'zh-hant': {
    date: '日期',
    kind: '類別',
    payment_method: '付款方式代碼',
    payment_method_name: '付款方式',
    count: '筆數',
    amount: '金額（含稅）',
    tax: '消費稅',
    net: '未稅金額',
  },
  kr: {
    date: '날짜',
    kind: '구분',
    payment_method: '결제 수단 코드',
    payment_method_name: '결제 수단',
    count: '건수',
    amount: '금액(세금 포함)',
    tax: '소비세',
    net: '세금 제외 금액',
  },
  th: {
    date: 'วันที่',
    kind: 'ประเภท',
    payment_method: 'รหัสวิธีชำระเงิน',
    payment_method_name: 'วิธีชำระเงิน',
    count: 'จำนวนรายการ',
    amount: 'จำนวนเงิน (รวมภาษี)',
    tax: 'ภาษีการบริโภค',
    net: 'ยอดก่อนภาษี',
  },
};

const DASHBOARD_TABLE_KEYS = [
  'key',
  'name',
  'orders',
  'quantity',
  'amount',
  'date',
  'tickets',
  'refunded_amount',
  'hour',
  'capacity',
  'sold',
  'sold_share',
] as const;
type DashboardTableKey = (typeof DASHBOARD_TABLE_KEYS)[number];

/** Every column of the dashboard's tables (daily, occupancy and the breakdowns). */
export const DASHBOARD_TABLE_HEADINGS: Record<LanguageCode, Record<DashboardTableKey, string>> = {
  ja: {
    key: 'コード',
    name: '名称',
    orders: '注文',
    quantity: '数量',
    amount: '売上',
    date: '日付',
    tickets: 'チケット',
    refunded_amount: '返金',
    hour: '時間帯',
    capacity: '定員',
    sold: '販売数',
    sold_share: '販売率',
  },
  en: {
    key: 'Code',
    name: 'Name',
    orders: 'Orders',
    quantity: 'Quantity',
    amount: 'Sales',
    date: 'Day',
    tickets: 'Tickets',
    refunded_amount: 'Refunded',
    hour: 'Hour',
    capacity: 'Capacity',
    sold: 'Sold',
    sold_share: 'Share sold',
  },
  'zh-hans': {
    key: '代码',
    name: '名称',
    orders: '订单',
    quantity: '数量',
    amount: '销售额',
    date: '日期',
    tickets: '门票',
    refunded_amount: '退款',
    hour: '时段',
    capacity: '容量',
    sold: '已售',
    sold_share: '售出率',
  },
  'zh-hant': {
    key: '代碼',
    name: '名稱',
    orders: '訂單',
    quantity: '數量',
    amount: '銷售額',
    date: '日期',
    tickets: '票券',
    refunded_amount: '退款',
    hour: '時段',
    capacity: '容量',
    sold: '已售',
    sold_share: '售出率',
  },
  kr: {
    key: '코드',
    name: '이름',
    orders: '주문',
    quantity: '수량',
    amount: '매출',
    date: '날짜',
    tickets: '티켓',
    refunded_amount: '환불',
    hour: '시간대',
    capacity: '정원',
    sold: '판매',
    sold_share: '판매율',
  },
  th: {
    key: 'รหัส',
    name: 'ชื่อ',
    orders: 'คำสั่งซื้อ',
    quantity: 'จำนวน',
    amount: 'ยอดขาย',
    date: 'วันที่',
    tickets: 'ตั๋ว',
    refunded_amount: 'คืนเงิน',
    hour: 'ช่วงเวลา',
    capacity: 'ความจุ',
    sold: 'ขายแล้ว',
    sold_share: 'อัตราการขาย',
  },
};
