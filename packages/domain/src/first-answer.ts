/**
 * What the venue page's HTML carries for the first view (issue 19), so the storefront paints and
 * starts without asking the API first: the venue's settings, its languages, the texts of the
 * language the page is in and the product list in that language — the same JSON the catalogue
 * calls answer. Availability is never in it: it must be read fresh.
 *
 * The server writes it as `<script type="application/json" id="first-answer">`, a data block the
 * browser never runs (so the page's Content-Security-Policy needs no 'unsafe-inline'), with `<`,
 * `>`, `&`, U+2028 and U+2029 written as JSON escapes so no text can end the element.
 */
import type { Configuration, Language, Product } from './api/catalogue.ts';
import type { LanguageCode } from './constants.ts';

export const FIRST_ANSWER_ELEMENT_ID = 'first-answer';

export type FirstAnswer = {
  lang: LanguageCode;
  configuration: Configuration;
  languages: Language[];
  texts: Record<string, string>;
  products: Product[];
};

/** Marks the server's static first view (the shell's root element), which the app replaces. */
export const FIRST_VIEW_ATTRIBUTE = 'data-first-view';
