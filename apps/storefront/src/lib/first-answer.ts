/**
 * The venue's data the page came with (packages/domain/src/first-answer.ts): read once at start so
 * the first view needs no API call. Absent (the dev server, an older server, a page the server
 * could not fill) or for another venue, it is ignored and the app asks the API as before.
 */
import { FIRST_ANSWER_ELEMENT_ID, FIRST_VIEW_ATTRIBUTE, type FirstAnswer } from '@storefront/domain/first-answer';
import { isLanguageCode } from './i18n/i18n.ts';

export function readFirstAnswer(document: Pick<Document, 'getElementById'>, siteCode: string): FirstAnswer | null {
  const element = document.getElementById(FIRST_ANSWER_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const answer = JSON.parse(element.textContent) as Partial<FirstAnswer>;
    const isComplete =
      isLanguageCode(answer.lang) &&
      answer.configuration?.siteCode === siteCode &&
      Array.isArray(answer.languages) &&
      typeof answer.texts === 'object' &&
      answer.texts !== null &&
      Array.isArray(answer.products);
    return isComplete ? (answer as FirstAnswer) : null;
  } catch {
    return null;
  }
}

/** Whether the page shows the server's static first view, which the app's first render replaces. */
export function hasFirstView(root: Element): boolean {
  return root.querySelector(`[${FIRST_VIEW_ATTRIBUTE}]`) !== null;
}
