/**
 * A small mark beside each payment method's name, one per family. Drawn here rather than loaded:
 * no extra request, and the name beside it is what a screen reader reads (the mark is hidden).
 */
import type { ReactElement, ReactNode } from 'react';
import type { MethodMark } from './payment-methods.ts';

function Frame(props: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 48 32" width="48" height="32" aria-hidden="true" focusable="false">
      {props.children}
    </svg>
  );
}

export function PaymentMark(props: { mark: MethodMark }) {
  return (
    <span className={`payment-mark payment-mark-${props.mark}`} data-mark={props.mark}>
      {MARKS[props.mark]}
    </span>
  );
}

const MARKS: Record<MethodMark, ReactElement> = {
  card: (
    <Frame>
      <rect x="1" y="3" width="46" height="26" rx="4" fill="#1e3a8a" />
      <rect x="1" y="8" width="46" height="5" fill="#0f172a" />
      <rect x="6" y="17" width="9" height="7" rx="1.5" fill="#fbbf24" />
      <rect x="19" y="20" width="22" height="2.5" rx="1.2" fill="#cbd5e1" />
    </Frame>
  ),
  paypay: (
    <Frame>
      <rect x="1" y="1" width="46" height="30" rx="6" fill="#fff" stroke="#e60012" strokeWidth="2" />
      <rect x="14" y="6" width="20" height="20" rx="5" fill="#e60012" />
      <path d="M20 22V10h5.5a4 4 0 0 1 0 8H20" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinejoin="round" />
    </Frame>
  ),
  alipay: (
    <Frame>
      <rect x="1" y="1" width="46" height="30" rx="6" fill="#1677ff" />
      <text x="24" y="23" textAnchor="middle" fontSize="17" fontWeight="700" fill="#fff" fontFamily="sans-serif">
        支
      </text>
    </Frame>
  ),
  wechatpay: (
    <Frame>
      <rect x="1" y="1" width="46" height="30" rx="6" fill="#07c160" />
      <ellipse cx="21" cy="14" rx="9" ry="7" fill="#fff" />
      <ellipse cx="28.5" cy="19" rx="7.5" ry="6" fill="#fff" stroke="#07c160" strokeWidth="1.5" />
      <circle cx="18" cy="13" r="1.3" fill="#07c160" />
      <circle cx="24" cy="13" r="1.3" fill="#07c160" />
    </Frame>
  ),
  'd-pay': (
    <Frame>
      <rect x="1" y="1" width="46" height="30" rx="6" fill="#cc0033" />
      <text x="24" y="23" textAnchor="middle" fontSize="18" fontWeight="700" fill="#fff" fontFamily="sans-serif">
        d
      </text>
    </Frame>
  ),
  free: (
    <Frame>
      <rect x="1" y="1" width="46" height="30" rx="6" fill="#f1f5f9" stroke="#64748b" strokeWidth="1.5" />
      <path d="M16 16.5l5 5 11-11" fill="none" stroke="#15803d" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </Frame>
  ),
};
