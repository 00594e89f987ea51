import type { Configuration } from '@storefront/domain/api/catalogue';
import type { LanguageCode } from '@storefront/domain/constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiClient, ApiError } from '../../lib/api/client.ts';
import { AppContext, type AppEnvironment } from '../../lib/app-context.tsx';
import { FailureRouterContext, type RouteFailure } from '../../lib/errors/route-failure.ts';
import { createI18n } from '../../lib/i18n/i18n.ts';
import type { MoneyDocuments, Receipt } from './api/tickets-api.ts';
import { eventually } from './eventually.test-support.ts';
import ReceiptPage from './receipt-page.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TOKEN = 'AbC_dEf-1234567890123a';

/** The texts the screen reads, as the seed has them (the storefront cannot import the seed). */
const TEXTS: Partial<Record<LanguageCode, Record<string, string>>> = {
  en: {
    receipt_title: 'Receipt',
    receipt_title_reissue: 'Receipt (re-issued)',
    receipt_title_refund: 'Refund note',
    receipt_title_refund_invoice: 'Refund invoice',
    receipt_number: 'Receipt no.',
    receipt_document_number: 'Document no.',
    receipt_issued_date: 'Date issued',
    receipt_total: 'Total',
    receipt_refund_total: 'Total refunded',
    receipt_replaces: 'Re-issued in place of No. {number}',
    receipt_replaced_by: 'Replaced by No. {number}',
    receipt_documents_heading: 'Documents for this booking',
    receipt_net: 'Paid, less refunds',
    receipt_view: 'View',
    receipt_view_of: 'View No. {number}',
    receipt_viewing: 'Shown above',
    receipt_pdf: 'PDF',
    receipt_pdf_of: 'PDF of No. {number}',
    receipt_download: 'Download PDF',
    receipt_reissue: 'Get a re-issued receipt',
    receipt_reissue_note: 'A receipt for {amount}, addressed to {name}, in place of No. {number}.',
    receipt_reissued: 'Re-issued receipt No. {number} has been issued.',
    receipt_reissue_refused:
      'The receipt cannot be re-issued now: it already shows what was paid, or a refund is still being made. Please look again later.',
    receipt_addressee: 'Addressee name',
    receipt_issue: 'Issue receipt',
    receipt_addressee_display: '{name}',
  },
  ja: {
    receipt_title: '領収書',
    receipt_title_reissue: '領収書（再発行）',
    receipt_title_refund: '返金明細書',
    receipt_title_refund_invoice: '適格返還請求書',
    receipt_number: '領収書番号',
    receipt_document_number: '書類番号',
    receipt_issued_date: '発行日',
    receipt_total: '合計金額',
    receipt_refund_total: '返金額合計',
    receipt_replaces: 'No. {number} に代わり再発行',
    receipt_replaced_by: 'No. {number} により再発行済み',
    receipt_documents_heading: 'この予約の書類',
    receipt_net: 'お支払い額（返金後）',
    receipt_view: '表示',
    receipt_view_of: 'No. {number} を表示',
    receipt_viewing: '表示中',
    receipt_pdf: 'PDF',
    receipt_pdf_of: 'No. {number} のPDF',
    receipt_download: 'PDFをダウンロード',
    receipt_reissue: '領収書を再発行',
    receipt_reissue_note: '{name} 様宛て、{amount} の領収書を No. {number} に代わり発行します。',
    receipt_reissued: '再発行の領収書 No. {number} を発行しました。',
    receipt_reissue_refused:
      '現在は領収書を再発行できません。領収書がすでにお支払い額どおりか、返金の手続き中です。しばらくしてからご確認ください。',
    receipt_addressee: '宛名',
    receipt_issue: '領収書を発行',
    receipt_addressee_display: '{name} 様',
  },
};

function document_(overrides: Partial<Receipt>): Receipt {
  return {
    kind: 'receipt',
    number: 'DEMO-2026-000041',
    replaces: null,
    replacedBy: null,
    refundedOn: null,
    addressee: 'Example Co., Ltd.',
    issuedAt: '2026-11-20T03:00:00.000Z',
    issuedOn: '2026-11-20',
    reservationNumber: 'R7K2-9QXM',
    venue: { name: 'Borderless Museum', address: 'Tokyo', phone: '03-0000-0000', email: 'info@example.com' },
    lines: [{ name: 'Adult', quantity: 2, unitPrice: 1600, amount: 3200 }],
    discounts: [],
    subtotal: 3200,
    discount: 0,
    total: 3200,
    tax: 290,
    taxRate: 10,
    currency: 'JPY',
    invoiceRegistrationNumber: 'T7000012050002',
    ...overrides,
  };
}

const first = document_({});
const refund = document_({
  kind: 'refund',
  number: 'DEMO-2026-000042',
  replaces: first.number,
  refundedOn: '2026-11-21',
  issuedOn: '2026-11-21',
  issuedAt: '2026-11-21T01:00:00.000Z',
  lines: [{ name: 'Adult', quantity: 1, unitPrice: 1600, amount: 1600 }],
  subtotal: 1600,
  total: 1600,
  tax: 145,
});
const reissued = document_({
  kind: 'reissue',
  number: 'DEMO-2026-000043',
  replaces: first.number,
  issuedOn: '2026-11-22',
  issuedAt: '2026-11-22T01:00:00.000Z',
  lines: [{ name: 'Adult', quantity: 1, unitPrice: 1600, amount: 1600 }],
  subtotal: 1600,
  total: 1600,
  tax: 145,
});

type Answer = (path: string, body?: unknown) => Promise<unknown>;

/** The receipt screen with its calls answered by `get` and `post`; the failure router is a spy. */
async function renderReceiptPage(lang: LanguageCode, get: Answer, post: Answer = async () => ({})) {
  const calls: string[] = [];
  const api = {
    get: (path: string) => {
      calls.push(`GET ${path}`);
      return get(path);
    },
    post: (path: string, body?: unknown) => {
      calls.push(`POST ${path}`);
      return post(path, body);
    },
  } as unknown as ApiClient;
  const app = {
    siteCode: 'demo',
    lang,
    api,
    location: { basePath: '/demo/tickets/' },
    config: { currency: 'JPY' } as unknown as Configuration,
  } as unknown as AppEnvironment;
  const routeFailure = vi.fn<RouteFailure>(() => ({ kind: 'generic' }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  await act(async () => {
    root.render(
      <I18nextProvider i18n={createI18n(lang, TEXTS[lang] ?? {})}>
        <QueryClientProvider client={queryClient}>
          <FailureRouterContext.Provider value={routeFailure}>
            <AppContext.Provider value={app}>
              <MemoryRouter>
                <ReceiptPage reservationToken={TOKEN} />
              </MemoryRouter>
            </AppContext.Provider>
          </FailureRouterContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
  });
  return { container, calls, routeFailure, unmount: () => act(() => root.unmount()) };
}

const items = (container: HTMLElement) => [...container.querySelectorAll<HTMLLIElement>('.receipt-document-list > li')];
const text = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
const buttonNamed = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
  document.body.innerHTML = '';
});

describe('the receipt screen with the booking’s money documents', () => {
  it('lists every document with its kind, number, date and amount, marks the replaced receipt and says a refused re-issue beside the button (en)', async () => {
    const list: MoneyDocuments = {
      documents: [{ ...first, replacedBy: reissued.number }, refund, reissued],
      current: reissued.number,
      net: 1600,
      reissuable: true,
    };
    const refused = new ApiError('status', 'conflict', 409, {
      error: 'conflict',
      message: 'the receipt already shows what was paid; there is nothing to re-issue',
    });
    const page = await renderReceiptPage(
      'en',
      async () => list,
      async () => {
        throw refused;
      },
    );
    unmount = page.unmount;
    const { container } = page;
    await eventually(() => expect(items(container)).toHaveLength(3));

    // The list: a heading, a list item per document, each with its PDF.
    expect(text(container.querySelector('.receipt-documents h2'))).toBe('Documents for this booking');
    const [original, refundItem, reissue] = items(container);
    expect(text(original?.querySelector('.receipt-document-title'))).toBe('Receipt No. DEMO-2026-000041');
    expect(text(original)).toContain('2026/11/20');
    expect(text(original)).toContain('¥3,200');
    expect(text(original?.querySelector('.receipt-document-replaced'))).toBe('Replaced by No. DEMO-2026-000043');
    expect(text(refundItem?.querySelector('.receipt-document-title'))).toBe('Refund invoice No. DEMO-2026-000042');
    expect(text(refundItem?.querySelector('.receipt-document-facts > div:last-child'))).toBe('Total refunded¥1,600');
    expect(refundItem?.querySelector('.receipt-document-replaced')).toBeNull();
    expect(text(reissue?.querySelector('.receipt-document-title'))).toBe('Receipt (re-issued) No. DEMO-2026-000043');
    expect(reissue?.getAttribute('aria-current')).toBe('true');
    expect(text(reissue)).toContain('Shown above');
    const pdf = original?.querySelector('a[download]');
    expect(pdf?.getAttribute('aria-label')).toBe('PDF of No. DEMO-2026-000041');
    expect(pdf?.getAttribute('href')).toBe(`/demo/api/v1/tickets/${TOKEN}/receipts/DEMO-2026-000041/pdf?lang=en`);

    // The standing receipt is shown in full; the net below the list.
    expect(text(container.querySelector('#receipt-heading'))).toBe('Receipt (re-issued)');
    expect(text(container.querySelector('.receipt-replaces'))).toBe('Re-issued in place of No. DEMO-2026-000041');
    expect(text(container.querySelector('.receipt-net'))).toBe('Paid, less refunds¥1,600');

    // Viewing the replaced receipt shows it, with its mark.
    await act(async () => buttonNamed(container, 'View No. DEMO-2026-000041')?.click());
    await eventually(() => expect(text(container.querySelector('#receipt-heading'))).toBe('Receipt'));
    expect(text(container.querySelector('.receipt-replaced-notice'))).toBe('Replaced by No. DEMO-2026-000043');
    expect(text(container.querySelector('.receipt-number'))).toBe('DEMO-2026-000041');

    // The re-issue is offered; the server refuses it (409): a message beside it, no dialog.
    const button = buttonNamed(container, 'Get a re-issued receipt');
    expect(button).toBeDefined();
    expect(text(container.querySelector('.receipt-reissue .ticket-note'))).toBe(
      'A receipt for ¥1,600, addressed to Example Co., Ltd., in place of No. DEMO-2026-000043.',
    );
    await act(async () => button?.click());
    await eventually(() =>
      expect(text(container.querySelector('[role="alert"]'))).toBe(
        'The receipt cannot be re-issued now: it already shows what was paid, or a refund is still being made. Please look again later.',
      ),
    );
    expect(page.routeFailure).not.toHaveBeenCalled();
    expect(page.calls).toContain(`POST tickets/${TOKEN}/receipts/reissue`);
    expect(container.querySelector('[data-screen="receipt"]')).not.toBeNull();
  });

  it('gives a refund’s document in the list the amount refunded that the document itself says, not its negative', async () => {
    const list: MoneyDocuments = { documents: [first, refund], current: first.number, net: 1600, reissuable: true };
    const page = await renderReceiptPage('ja', async () => list);
    unmount = page.unmount;
    const { container } = page;
    await eventually(() => expect(items(container)).toHaveLength(2));
    const listed = items(container)[1]?.querySelector('.receipt-document-facts > div:last-child');
    expect([text(listed?.querySelector('dt')), text(listed?.querySelector('dd'))]).toEqual(['返金額合計', '￥1,600']);
    await act(async () => buttonNamed(container, 'No. DEMO-2026-000042 を表示')?.click());
    await eventually(() => expect(text(container.querySelector('#receipt-heading'))).toBe('適格返還請求書'));
    // The document shown says the same amount under the same label.
    const shown = container.querySelector('.receipt-amount');
    expect([text(shown?.querySelector('span')), text(shown?.querySelector('.receipt-total'))]).toEqual(['返金額合計', '￥1,600']);
  });

  it('re-issues the receipt, which then stands in the list and marks the one it replaces (ja)', async () => {
    let list: MoneyDocuments = { documents: [first, refund], current: first.number, net: 1600, reissuable: true };
    const page = await renderReceiptPage(
      'ja',
      async () => list,
      async (path) => {
        expect(path).toBe(`tickets/${TOKEN}/receipts/reissue`);
        list = {
          documents: [{ ...first, replacedBy: reissued.number }, refund, reissued],
          current: reissued.number,
          net: 1600,
          reissuable: false,
        };
        return reissued;
      },
    );
    unmount = page.unmount;
    const { container } = page;
    await eventually(() => expect(items(container)).toHaveLength(2));
    expect(text(items(container)[0]?.querySelector('.receipt-document-title'))).toBe('領収書 No. DEMO-2026-000041');
    expect(text(items(container)[1]?.querySelector('.receipt-document-title'))).toBe('適格返還請求書 No. DEMO-2026-000042');
    expect(text(container.querySelector('.receipt-net'))).toBe('お支払い額（返金後）￥1,600');
    expect(text(container.querySelector('.receipt-reissue .ticket-note'))).toBe(
      'Example Co., Ltd. 様宛て、￥1,600 の領収書を No. DEMO-2026-000041 に代わり発行します。',
    );

    await act(async () => buttonNamed(container, '領収書を再発行')?.click());
    await eventually(() => expect(items(container)).toHaveLength(3));
    expect(text(items(container)[2]?.querySelector('.receipt-document-title'))).toBe('領収書（再発行） No. DEMO-2026-000043');
    expect(text(items(container)[0]?.querySelector('.receipt-document-replaced'))).toBe('No. DEMO-2026-000043 により再発行済み');
    expect(text(container.querySelector('[role="status"]'))).toBe('再発行の領収書 No. DEMO-2026-000043 を発行しました。');
    expect(text(container.querySelector('#receipt-heading'))).toBe('領収書（再発行）');
    expect(document.activeElement?.id).toBe('receipt-heading');
    await eventually(() => expect(buttonNamed(container, '領収書を再発行')).toBeUndefined());
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('asks for the addressee before the first receipt and then shows it in the list (en)', async () => {
    let list: MoneyDocuments = { documents: [], current: null, net: 3200, reissuable: false };
    const page = await renderReceiptPage(
      'en',
      async () => list,
      async (path, body) => {
        expect(path).toBe(`tickets/${TOKEN}/receipt`);
        expect(body).toEqual({ addressee: 'Example Co., Ltd.', lang: 'en' });
        list = { documents: [first], current: first.number, net: 3200, reissuable: false };
        return first;
      },
    );
    unmount = page.unmount;
    const { container } = page;
    await eventually(() => expect(container.querySelector('form input')).not.toBeNull());
    const input = container.querySelector<HTMLInputElement>('form input') as HTMLInputElement;
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(input, 'Example Co., Ltd.');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => buttonNamed(container, 'Issue receipt')?.click());
    await eventually(() => expect(text(container.querySelector('.receipt-number'))).toBe('DEMO-2026-000041'));
    expect(container.querySelectorAll('.receipt-number')).toHaveLength(1);
    expect(container.querySelectorAll('.receipt-total')).toHaveLength(1);
    expect(items(container)).toHaveLength(1);
    expect(buttonNamed(container, 'Get a re-issued receipt')).toBeUndefined();
    expect(text(container.querySelector('.receipt-actions a'))).toBe('Download PDF');
  });
});
