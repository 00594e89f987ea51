/**
 * The coupon export's headings in each console language, by machine key (`headings=keys` keeps
 * the keys), as the console's coupon screens word them. The time zone the days and times are in
 * is added to their headings.
 */
import type { LanguageCode } from '@storefront/domain/constants';

export const COUPON_EXPORT_KEYS = [
  'code',
  'name',
  'discount',
  'coverage',
  'expiry',
  'limit',
  'used',
  'active',
  'batch',
  'status',
] as const;
export type CouponExportKey = (typeof COUPON_EXPORT_KEYS)[number];

export const COUPON_EXPORT_HEADINGS: Record<LanguageCode, Record<CouponExportKey, string>> = {
  ja: {
    code: 'コード',
    name: '名称',
    discount: '割引',
    coverage: '対象の来場日',
    expiry: 'コードの受付期限',
    limit: '利用上限',
    used: '利用回数',
    active: '有効・無効',
    batch: 'バッチ',
    status: '状態',
  },
  en: {
    code: 'Code',
    name: 'Name',
    discount: 'Discount',
    coverage: 'Visit dates',
    expiry: 'Code accepted until',
    limit: 'Usage limit',
    used: 'Used',
    active: 'Active or deactivated',
    batch: 'Batch',
    status: 'Status',
  },
  'zh-hans': {
    code: '券码',
    name: '名称',
    discount: '折扣',
    coverage: '参观日期',
    expiry: '券码有效期至',
    limit: '使用次数上限',
    used: '已使用次数',
    active: '启用或停用',
    batch: '批次',
    status: '状态',
  },
  'zh-hant': {
    code: '序號',
    name: '名稱',
    discount: '折扣',
    coverage: '參觀日期',
    expiry: '序號有效期限',
    limit: '使用次數上限',
    used: '已使用次數',
    active: '啟用或停用',
    batch: '批次',
    status: '狀態',
  },
  kr: {
    code: '코드',
    name: '이름',
    discount: '할인',
    coverage: '방문 날짜',
    expiry: '코드 사용 기한',
    limit: '사용 한도',
    used: '사용 횟수',
    active: '활성 여부',
    batch: '발급 묶음',
    status: '상태',
  },
  th: {
    code: 'รหัส',
    name: 'ชื่อ',
    discount: 'ส่วนลด',
    coverage: 'วันที่เข้าชม',
    expiry: 'ใช้รหัสได้ถึง',
    limit: 'จำนวนครั้งที่ใช้ได้',
    used: 'ใช้ไปแล้ว',
    active: 'การเปิดใช้งาน',
    batch: 'ชุดรหัส',
    status: 'สถานะ',
  },
};
