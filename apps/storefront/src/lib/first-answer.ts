/**
 * The venue's data the page came with (packages/domain/src/first-answer.ts): read once at start so
 * the first view needs no API call. Absent (the dev server, an older server, a page the server
 * could not fill) or for another venue, it is ignored and the app asks the API as before.
 */
import type { TicketView } from '@storefront/domain/api/tickets';
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

type FirstTicket = { token: string; lang: string; ticket: TicketView };

/**
 * The ticket the page's guard fetched with the ticket page's first view (first-view-guard.js), for
 * the ticket screen's first render, so the app shows it without asking again. Given once: a later
 * visit to the screen reads the ticket fresh.
 */
export function takeFirstTicket(token: string, lang: string): TicketView | undefined {
  const holder = window as { __storefrontFirstTicket?: FirstTicket };
  const first = holder.__storefrontFirstTicket;
  if (!first || first.token !== token || first.lang !== lang) return undefined;
  delete holder.__storefrontFirstTicket;
  return first.ticket;
}
