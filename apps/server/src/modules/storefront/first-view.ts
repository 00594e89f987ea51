/**
 * The order page's first view as HTML (issue 19): the shell's header and footer, the step bar, the
 * page heading, the venue's picture and the first step — the product cards, or the calendar step still
 * loading where the venue asks for the date first — so something real paints before the script
 * runs. It is the markup the storefront's first render makes on a first visit (app/layout.tsx,
 * ui/step-bar.tsx, features/order/order-page.tsx), with the same classes, so the page looks the
 * same before and after the app replaces it in one commit. Texts come from the venue's texts in
 * the page's language, with the storefront's rule for a missing text (its key).
 */
import type { Configuration, Language, Product, ShopImage } from '@storefront/domain/api/catalogue';
import type { LanguageCode } from '@storefront/domain/constants';
import { FIRST_VIEW_ATTRIBUTE } from '@storefront/domain/first-answer';
import { formatPrice } from '@storefront/domain/format';
import { localize } from '@storefront/domain/localize';

export type FirstViewData = {
  lang: LanguageCode;
  configuration: Configuration;
  languages: Language[];
  texts: Record<string, string>;
  products: Product[];
};

/** Text content and attribute values: the five characters that could end either. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

type Step = 'order' | 'membership_login' | 'sign_in' | 'payment' | 'confirm';

/** The order page's step bar: short for venues that start with the mail check, else normal. */
function orderSteps(config: Configuration): Step[] {
  if (config.isStartMailConfirmOnly) return ['order', 'payment', 'confirm'];
  return ['order', ...(config.hasMembershipLogin ? (['membership_login'] as const) : []), 'sign_in', 'payment', 'confirm'];
}

/** i18next as the storefront sets it up: `{name}` placeholders, a missing or empty text is its key. */
export function translator(texts: Record<string, string>) {
  return (key: string, values: Record<string, string> = {}) => {
    const text = texts[key];
    if (!text) return key;
    return text.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
  };
}

function picture(image: Omit<ShopImage, 'alt'>, alt: string, sizes: string, className: string): string {
  const a = (value: string | number) => escapeHtml(String(value));
  return (
    `<picture class="${a(className)}">` +
    `<source type="image/avif" srcset="${a(image.srcset.avif)}" sizes="${a(sizes)}">` +
    `<source type="image/webp" srcset="${a(image.srcset.webp)}" sizes="${a(sizes)}">` +
    `<img src="${a(image.src)}" srcset="${a(image.srcset.jpeg)}" sizes="${a(sizes)}" width="${a(image.width)}" height="${a(image.height)}" alt="${a(alt)}" loading="eager" decoding="async">` +
    '</picture>'
  );
}

function accordion(section: string, title: string, panel: string): string {
  const button = `order-${section}-button`;
  const region = `order-${section}-region`;
  return (
    `<div class="order-step" data-section="${section}">` +
    `<h2 class="order-step-heading"><button type="button" id="${button}" aria-expanded="true" aria-controls="${region}">` +
    `<span class="order-step-title">${escapeHtml(title)}</span><span class="order-step-chevron" aria-hidden="true"></span></button></h2>` +
    `<section id="${region}" aria-labelledby="${button}" class="order-step-panel">${panel}</section>` +
    '</div>'
  );
}

function productCards(data: FirstViewData, t: ReturnType<typeof translator>): string {
  const products = data.products.filter((product) => product.salesChannels.includes('web'));
  if (products.length === 0) return `<p class="order-note">${escapeHtml(t('order_no_slots'))}</p>`;
  const cards = products.map((product) => {
    const id = `order-product-${product.id}`;
    const price =
      product.priceFrom > 0
        ? escapeHtml(t('order_price_from', { price: formatPrice(product.priceFrom, data.configuration.currency, data.lang) }))
        : '';
    return (
      `<li><button type="button" class="order-choice" aria-pressed="false">` +
      `<span class="order-choice-title" id="${id}-name">${escapeHtml(product.name)}</span>` +
      `<span class="order-choice-text" id="${id}-description">${escapeHtml(product.description)}</span>` +
      `<span class="order-choice-price" id="${id}-price">${price}</span>` +
      '</button></li>'
    );
  });
  return `<ul class="order-choices order-products">${cards.join('')}</ul>`;
}

function header(data: FirstViewData, t: ReturnType<typeof translator>): string {
  const { configuration: config, lang } = data;
  const venueName = localize(config.venue.name, lang);
  const mark = config.logos.header
    ? `<img src="${escapeHtml(config.logos.header)}" alt="" class="brand-logo">`
    : // The venue's own SVG mark from its settings, as the app shows it.
      `<span class="brand-mark" aria-hidden="true">${config.theme.logoSvg}</span>`;
  const options = [...data.languages]
    .sort((a, b) => a.display_position - b.display_position)
    .map(
      (language) =>
        `<option value="${escapeHtml(language.id)}" lang="${escapeHtml(language.id)}"${language.id === lang ? ' selected' : ''}>${escapeHtml(language.display_name)}</option>`,
    );
  return (
    '<header class="site-header">' +
    `<a href="#/" class="brand" aria-label="${escapeHtml(`${venueName} — ${t('header_home')}`)}">${mark}<span class="brand-name">${escapeHtml(venueName)}</span></a>` +
    `<label class="language-select"><span class="visually-hidden">${escapeHtml(t('header_language'))}</span><select>${options.join('')}</select></label>` +
    '</header>'
  );
}

function stepBar(config: Configuration, t: ReturnType<typeof translator>): string {
  const items = orderSteps(config).map(
    (step, index) =>
      `<li${index === 0 ? ' class="step-current" aria-current="step"' : ''}><span class="step-number" aria-hidden="true">${index + 1}</span><span class="step-name">${escapeHtml(t(`step_${step}`))}</span></li>`,
  );
  return `<nav class="step-bar" aria-label="${escapeHtml(t('step_bar_label'))}"><ol>${items.join('')}</ol></nav>`;
}

/** The footer's links (app/layout.tsx, SPEC §2), each only when its condition holds. */
function footer(data: Pick<FirstViewData, 'configuration' | 'texts'>, t: ReturnType<typeof translator>): string {
  const config = data.configuration;
  const values = config.values;
  const hasText = (key: string) => Boolean(data.texts[key]);
  const url = (key: string) => (typeof values[key] === 'string' && values[key] ? (values[key] as string) : null);
  const inApp = (key: string, to: string) => `<li><a href="#${to}">${escapeHtml(t(key))}</a></li>`;
  const outside = (key: string, href: string | null) =>
    href ? `<li><a href="${escapeHtml(href)}" target="_blank" rel="noreferrer noopener">${escapeHtml(t(key))}</a></li>` : '';
  const links = [
    config.isStartMailConfirmOnly ? '' : inApp('footer_order', '/order'),
    hasText('footer_reservation_inquiry') && values.reservation_inquiry_enabled !== false
      ? inApp('footer_reservation_inquiry', '/reservation-inquiry')
      : '',
    outside('footer_app_download', url('app_download_url')),
    outside('footer_exhibition_info', url('exhibition_info_url')),
    outside('footer_help', url('help_url')),
    outside('footer_extra_link_1', url('extra_link_1_url')),
    outside('footer_extra_link_2', url('extra_link_2_url')),
    inApp('footer_terms', '/terms'),
    inApp('footer_legal', '/specified'),
    inApp('footer_privacy', '/privacy'),
    outside('footer_optional_link', url('optional_link_url')),
  ];
  const copyright = hasText('footer_copyright')
    ? `<p class="copyright"><span class="brand-mark" aria-hidden="true">${config.theme.logoSvg}</span>${escapeHtml(t('footer_copyright'))}</p>`
    : '';
  return `<footer class="site-footer"><nav aria-label="${escapeHtml(t('footer_navigation'))}"><ul>${links.join('')}</ul></nav>${copyright}</footer>`;
}

/** The shell with the order page's first view in it. */
export function renderOrderFirstView(data: FirstViewData): string {
  const t = translator(data.texts);
  const config = data.configuration;
  const hero = config.heroImage
    ? picture(config.heroImage, localize(config.heroImage.alt, data.lang), '(min-width: 768px) 48rem, 100vw', 'order-hero')
    : '';
  const first =
    config.orderProcedure === 'product_first'
      ? accordion('productList', t('order_choose_product'), productCards(data, t))
      : accordion('calendarList', t('order_choose_date'), `<p class="order-note">${escapeHtml(t('common_loading'))}</p>`);
  return (
    `<div class="shell" ${FIRST_VIEW_ATTRIBUTE}>` +
    `<button type="button" class="skip-link">${escapeHtml(t('common_skip_to_content'))}</button>` +
    (config.appMode === 'demo' ? `<div class="demo-banner">${escapeHtml(t('demo_banner'))}</div>` : '') +
    header(data, t) +
    '<main id="main" tabindex="-1"><div class="route-view route-view-still">' +
    '<section class="page order-page">' +
    stepBar(config, t) +
    `<h1>${escapeHtml(t('order_title'))}</h1>` +
    hero +
    first +
    '</section></div></main>' +
    footer(data, t) +
    '</div>'
  );
}

/**
 * The shell without a screen, for pages whose screen the server cannot tell (the tickets prefix).
 * The guard keeps its main and footer hidden unless it fills main with a ticket's first view.
 */
export function renderShellFirstView(data: FirstViewData): string {
  const t = translator(data.texts);
  return (
    `<div class="shell" ${FIRST_VIEW_ATTRIBUTE}>` +
    `<button type="button" class="skip-link">${escapeHtml(t('common_skip_to_content'))}</button>` +
    (data.configuration.appMode === 'demo' ? `<div class="demo-banner">${escapeHtml(t('demo_banner'))}</div>` : '') +
    header(data, t) +
    '<main id="main" tabindex="-1"></main>' +
    footer(data, t) +
    '</div>'
  );
}
