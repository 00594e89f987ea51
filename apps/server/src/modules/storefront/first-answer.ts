/**
 * The venue's data the page carries for its first view (packages/domain/src/first-answer.ts): the
 * catalogue's own cached answers (the same bytes `configurations`, `langs`, `texts` and `products`
 * send), in the language the page is in, written as a JSON data block that no text can break out of.
 */
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '@storefront/domain/constants';
import { FIRST_ANSWER_ELEMENT_ID } from '@storefront/domain/first-answer';

const isLanguageCode = (value: unknown): value is LanguageCode =>
  typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);

const parsed = new WeakMap<Buffer, unknown>();

/**
 * A catalogue answer's cached bytes as a value, parsed once per answer: the catalogue hands out
 * the same Buffer until the answer changes, so each page and ticket view does not parse it again.
 */
export function parsedAnswer<T>(bytes: Buffer): T {
  if (!parsed.has(bytes)) parsed.set(bytes, JSON.parse(bytes.toString('utf8')));
  return parsed.get(bytes) as T;
}

/**
 * The page's language as the storefront chooses it when nothing is stored in the tab: a `lang`
 * parameter wins (an unknown code means the default), then the venue's default language.
 */
export function pageLanguage(parameter: unknown, languages: readonly { id: string; is_default: boolean }[]): LanguageCode {
  // A parameter given twice counts by its first value, as the browser's URLSearchParams reads it.
  if (Array.isArray(parameter)) return pageLanguage(parameter[0], languages);
  const siteDefault = languages.find((language) => language.is_default)?.id;
  const fallback = isLanguageCode(siteDefault) ? siteDefault : DEFAULT_LANGUAGE;
  if (typeof parameter === 'string') return isLanguageCode(parameter) ? parameter : fallback;
  return fallback;
}

/**
 * JSON that cannot end the element it is in, nor a script when read as one: `<`, `>` and `&` (no
 * `</script>`, `<!--` or character reference) and the two line separators JavaScript once treated
 * as line ends, each as its \u escape. These characters occur only inside JSON strings, where the
 * escape means the same character.
 */
export function escapeJsonForHtml(json: string): string {
  return json
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** The data block, from the catalogue's serialised answers. */
export function firstAnswerElement(parts: {
  lang: LanguageCode;
  configuration: Buffer;
  languages: Buffer;
  texts: Buffer;
  products: Buffer;
}): string {
  const json =
    `{"lang":${JSON.stringify(parts.lang)},"configuration":${parts.configuration.toString('utf8')},` +
    `"languages":${parts.languages.toString('utf8')},"texts":${parts.texts.toString('utf8')},` +
    `"products":${parts.products.toString('utf8')}}`;
  return `<script type="application/json" id="${FIRST_ANSWER_ELEMENT_ID}">${escapeJsonForHtml(json)}</script>`;
}
