/**
 * Browser journeys run against the real server app, serving the built storefront, on a loopback
 * port with its own seeded database, driven by Debian's Chromium through playwright-core.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { type AppOptions, buildApp } from '@storefront/server/app';
import type { Database } from '@storefront/server/db/client';
import { clock } from '@storefront/server/lib/clock';
import { resetClock, setClock } from '@storefront/server/test/clock';
import { createTestDatabase } from '@storefront/server/test/database-templates';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { watchBrowser } from './journey-log.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) {
  console.warn(`Browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
}

/** The storefront build to serve; STOREFRONT_DIST points elsewhere (a second build running beside). */
export const storefrontDist =
  process.env.STOREFRONT_DIST ?? fileURLToPath(new URL('../../apps/storefront/dist', import.meta.url));

/** The console build to serve under /console/; CONSOLE_DIST points elsewhere. */
export const consoleDist = process.env.CONSOLE_DIST ?? fileURLToPath(new URL('../../apps/console/dist', import.meta.url));

/** The gate scanner's build to serve under /gate/; GATE_DIST points elsewhere. */
export const gateDist = process.env.GATE_DIST ?? fileURLToPath(new URL('../../apps/gate/dist', import.meta.url));

export type Harness = {
  baseUrl: string;
  browser: Browser;
  /** The server's database, for journeys that set up what they need (a slot later today, say). */
  db: Database;
  /** The server app, for journeys that call its API as a test client does (buying tickets to scan). */
  app: Awaited<ReturnType<typeof buildApp>>;
  /**
   * A browser context whose pages run on the journey's clock (`at`): set from the server's clock
   * and running on at the real pace. Without `at`, a plain context.
   */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a context of its own from `newContext`, closed with the page. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  close(): Promise<void>;
};

export type HarnessOptions = {
  variants?: string[];
  /** Runs on the seeded database before the server starts (site settings a journey needs). */
  prepare?: (db: Database) => Promise<void>;
  /** Stripe keys and, for a local fake of Stripe's API, where it listens. */
  stripe?: { secretKey: string; webhookSecret: string; host?: string; port?: number; protocol?: 'http' | 'https' };
  /** Adyen's keys and, for a local fake of its Checkout API, where it listens. */
  adyen?: AppOptions['config']['adyen'];
  /** PayPay's keys and, for a local fake of its API, where it listens. */
  paypay?: AppOptions['config']['paypay'];
  /**
   * The host name in the public address and `baseUrl` (the server still listens on 127.0.0.1
   * only). `localhost` for a journey with passkeys: WebAuthn refuses an IP address as the relying
   * party, and `localhost` is a secure context and a valid relying party id in Chromium.
   */
  host?: '127.0.0.1' | 'localhost';
  /**
   * The instant the journey happens at (decision 037): the server, its database — seeded from
   * that day — and every context from `newContext` start there and run on. Journeys about today's
   * slots, the venue's day or a countdown set it, so they never depend on the hour the suite runs.
   */
  at?: Date | string;
};

/**
 * Puts the pages of `context` on the shop's clock (Playwright's clock, running on from the server's
 * now). Playwright's fake `Date` answers `new` with a plain Date, so a subclass of Date loses its own
 * methods (Playwright issue 35314): the pages' `TZDate` would then show venue times in the browser's
 * own zone. A constructor in front of it gives a subclass its own prototype again.
 */
export async function installClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: clock.now() });
  // Init scripts run in the order they were added: this one finds the fake Date in place.
  await context.addInitScript(() => {
    const ClockDate = Date;
    function SubclassableDate(this: unknown, ...args: unknown[]) {
      if (!new.target) return (ClockDate as unknown as () => string)();
      const date = Reflect.construct(ClockDate, args) as Date;
      if (new.target !== SubclassableDate) Object.setPrototypeOf(date, new.target.prototype);
      return date;
    }
    // The fake's statics (now, parse, UTC) and prototype, which is the native one.
    Object.setPrototypeOf(SubclassableDate, ClockDate);
    SubclassableDate.prototype = ClockDate.prototype;
    (window as unknown as { Date: unknown }).Date = SubclassableDate;
  });
}

/** How every browser the journeys launch starts: headless, sandboxless in a container, no network of its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
];

let launched: Promise<Browser> | null = null;

/**
 * One Chromium per test worker: its files run one after another in one module graph, so each file
 * opens its pages in the browser the first one launched (a launch took one to two seconds a file).
 * Every page has its own context, so no cookie or storage passes from one file to the next.
 * Playwright closes the browser when the worker exits.
 */
async function workerBrowser(): Promise<Browser> {
  const current = await launched?.catch(() => null);
  if (current?.isConnected()) return current;
  launched = chromium
    .launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    })
    .then((browser) => watchBrowser(preferReducedMotion(browser)));
  return launched;
}

/**
 * Contexts prefer reduced motion unless a journey asks otherwise: a page that animates (the
 * storefront's smooth scroll to the top after each step) moves under a click that a loaded machine
 * makes a moment late. The animation itself is the storefront's component tests' to check.
 */
function preferReducedMotion(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  try {
    return await openHarness(options);
  } catch (error) {
    // The worker's next file must not start at this journey's instant.
    if (options.at) await resetClock([]);
    throw error;
  }
}

async function openHarness(options: HarnessOptions): Promise<Harness> {
  if (!existsSync(`${storefrontDist}/index.html`)) throw new Error('build the storefront first: npm run build');
  // The clock first: the template is the one seeded from the clock's today.
  if (options.at) await setClock([], options.at);
  // A copy of a template migrated and seeded once a day (as the server's database tests take theirs).
  const database = await createTestDatabase('pglite', { days: 14, ...(options.variants ? { variants: options.variants } : {}) });
  if (options.at) await setClock([database.db], options.at);
  await options.prepare?.(database.db);
  let address = '';
  const app = await buildApp({
    config: {
      appMode: 'demo',
      appEnv: 'development',
      reconnectSite: null,
      ...(options.stripe ? { stripe: options.stripe } : {}),
      ...(options.adyen ? { adyen: options.adyen } : {}),
      ...(options.paypay ? { paypay: options.paypay } : {}),
    },
    publicUrl: () => address,
    db: database.db,
    storefrontDir: storefrontDist,
    consoleDir: consoleDist,
    gateDir: gateDist,
  });
  const listening = new URL(await app.listen({ host: '127.0.0.1', port: 0 }));
  listening.hostname = options.host ?? '127.0.0.1';
  address = listening.origin;
  const browser = await workerBrowser();
  const newContext = async (contextOptions?: BrowserContextOptions) => {
    const context = await browser.newContext(contextOptions);
    if (options.at) await installClock(context);
    return context;
  };
  return {
    baseUrl: address,
    browser,
    db: database.db,
    app,
    newContext,
    async newPage(contextOptions) {
      const context = await newContext(contextOptions);
      const page = await context.newPage();
      page.once('close', () => void context.close());
      return page;
    },
    async close() {
      // The browser stays for the worker's next file; what this file opened in it goes.
      await Promise.all(browser.contexts().map((context) => context.close()));
      await app.close();
      await database.dispose();
      if (options.at) await resetClock([]);
    },
  };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical accessibility violations on the page, as "rule: target" lines. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Contrast is judged on the page at rest, not halfway through a route fade (a screen may still
  // be redirecting, so the page must stay at rest for a moment).
  const atRest = () =>
    page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await atRest();
  await page.waitForLoadState('networkidle');
  await atRest();
  // Evaluated rather than added as a <script>: the shop's Content-Security-Policy refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/**
 * Every Content-Security-Policy violation in the pages of `context` from now on, as
 * "page: directive blocked-URI (source:line)" lines: the documents' `securitypolicyviolation`
 * events, and the browser's "Refused to …" console messages for what no event reports.
 */
export async function recordCspViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportCspViolation', (source, line: string) => {
    violations.push(`${source.page?.url() ?? source.frame.url()}: ${line}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(line: string): void }).reportCspViolation;
      report(`${event.effectiveDirective} ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  context.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text()))
      violations.push(`${message.page()?.url()}: ${message.text()}`);
  });
  return violations;
}

/**
 * Full-page screenshots of a console screen at the widths it must work at (1280 px and a tablet's
 * 768 px), as `<prefix>-<width>.png`; the page is left at 1280 px.
 */
export async function shootConsoleWidths(page: Page, prefix: string): Promise<void> {
  for (const [width, height] of [
    [1280, 800],
    [768, 1024],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${prefix}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
