/**
 * What the browser did in a journey, told with its failure: the pages' addresses, the shop's API
 * answers, refused requests, page errors and console errors, where each click and submit landed,
 * and the browser going offline or hidden, newest last. A journey's pages are
 * closed by the time it is reported, so what it saw is written down as it happens: a failure in CI
 * then says where the page went (or did not) without running it again.
 */
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { beforeEach } from 'vitest';

const KEPT = 40;
const lines: string[] = [];
let startedAt = performance.now();
/** The shop's API requests sent and not yet answered, with when they were sent: a journey stuck on one names it. */
const unanswered = new Map<Request, string>();

function note(line: string): void {
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1).padStart(6);
  lines.push(`${seconds} s  ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`);
  if (lines.length > KEPT) lines.shift();
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
};

function watchPage(page: Page): void {
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`page at ${frame.url()}`);
  });
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') note(`console error: ${message.text()}`);
    else if (message.text().startsWith(SAID_BY_PAGE)) note(message.text().slice(SAID_BY_PAGE.length));
  });
}

const SAID_BY_PAGE = '[journey] ';

/**
 * Run in every page before its own scripts: says where each click and form submit landed (the
 * capture phase, before the page's handlers), and when the browser goes offline or the page is
 * hidden, two states in which the shop's requests wait.
 */
function watchInPage(said: string): void {
  const describe = (target: EventTarget | null) => {
    if (!(target instanceof Element)) return String(target);
    const text = (target.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const disabled = (target as HTMLButtonElement).disabled ? ' disabled' : '';
    return `<${target.tagName.toLowerCase()}${target.className ? ` class="${target.className}"` : ''}${disabled}> ${text}`;
  };
  for (const type of ['click', 'submit'])
    addEventListener(type, (event) => console.info(`${said}${type} on ${describe(event.target)}`), true);
  addEventListener('offline', () => console.info(`${said}the browser is offline`));
  addEventListener('online', () => console.info(`${said}the browser is online`));
  document.addEventListener('visibilitychange', () => console.info(`${said}the page is ${document.visibilityState}`));
}

const isWatched = (request: Request) => ['fetch', 'xhr', 'document'].includes(request.resourceType());

async function watchContext(context: BrowserContext): Promise<void> {
  await context.addInitScript(watchInPage, SAID_BY_PAGE);
  context.on('page', watchPage);
  context.on('request', (request) => {
    if (!isWatched(request)) return;
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    unanswered.set(request, `${request.method()} ${pathOf(request.url())} (sent at ${seconds} s)`);
  });
  context.on('requestfinished', (request) => unanswered.delete(request));
  context.on('response', (response) => {
    const request = response.request();
    unanswered.delete(request);
    if (!isWatched(request)) return;
    const said = `${request.method()} ${pathOf(response.url())} → ${response.status()}`;
    if (response.status() < 400) {
      note(said);
      return;
    }
    response.text().then(
      (body) => note(`${said} ${body.replace(/\s+/g, ' ')}`),
      () => note(said),
    );
  });
  context.on('requestfailed', (request) => {
    unanswered.delete(request);
    note(`${request.method()} ${pathOf(request.url())} failed: ${request.failure()?.errorText}`);
  });
}

/** Every context the browser opens from now on is watched. */
export function watchBrowser(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchContext(context);
    return context;
  };
  return browser;
}

/** Each journey starts its log afresh; a failed one has the log added to its first error. */
export function reportJourneysOnFailure(): void {
  beforeEach(({ onTestFailed }) => {
    lines.length = 0;
    unanswered.clear();
    startedAt = performance.now();
    onTestFailed(({ task }) => {
      const error = task.result?.errors?.[0];
      if (!error || lines.length === 0) return;
      const waiting = [...unanswered.values()];
      error.message = `${error.message}\n\nWhat the browser did (seconds from the journey's start):\n${lines.join('\n')}${
        waiting.length > 0 ? `\n\nSent and not answered when the journey failed:\n${waiting.join('\n')}` : ''
      }`;
    });
  });
}
