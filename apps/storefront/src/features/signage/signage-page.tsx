/**
 * `/signage/today-ticket-info`: a lobby screen. Today's slots still to come with the places left,
 * per product, in type readable across the room, kept current by the board feed without ever
 * reloading. `?langs=ja,en` takes turns between languages; otherwise the page's language is used.
 */
import type { SignageBoard } from '@storefront/domain/api/signage';
import { LANGUAGE_CODES, type LanguageCode } from '@storefront/domain/constants';
import { formatDate } from '@storefront/domain/format';
import { localize } from '@storefront/domain/localize';
import type { TFunction } from 'i18next';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApp } from '../../lib/app-context.tsx';
import { I18N_TAGS } from '../../lib/i18n/i18n.ts';
import { type FeedState, followBoard } from './signage-feed.ts';
import './signage.css';

/** How long each language stays on screen when the page takes turns. */
const LANGUAGE_TURN_MS = 12_000;
/** How long each page of slots stays on screen when a product has more than fit. */
const PAGE_TURN_MS = 10_000;
/** The most slots of one product laid out to find how many fit: a day of 10-minute slots. */
const MOST_MEASURED = 72;

function languagesOf(parameter: string | null, current: LanguageCode, offered: readonly string[]): LanguageCode[] {
  const asked = (parameter ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code): code is LanguageCode => (LANGUAGE_CODES as readonly string[]).includes(code) && offered.includes(code));
  const unique = [...new Set(asked)];
  return unique.length > 0 ? unique : [current];
}

export default function SignagePage() {
  const app = useApp();
  const { i18n } = useTranslation();
  const [query] = useSearchParams();
  const offered = useMemo(() => app.languages.map((language) => language.id), [app.languages]);
  const languages = useMemo(() => languagesOf(query.get('langs'), app.lang, offered), [query, app.lang, offered]);
  const [board, setBoard] = useState<SignageBoard | null>(null);
  const [state, setState] = useState<FeedState>('connecting');
  const [heardAt, setHeardAt] = useState<number | null>(null);
  const [turn, setTurn] = useState(0);
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(() => new Set([app.lang]));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    document.body.classList.add('signage-mode');
    return () => document.body.classList.remove('signage-mode');
  }, []);

  useEffect(
    () =>
      followBoard(`/${encodeURIComponent(app.siteCode)}/api/v1`, {
        onBoard: setBoard,
        onAlive: setHeardAt,
        onState: setState,
      }),
    [app.siteCode],
  );

  // Texts of the other languages, once each; a language whose texts are not in yet is skipped.
  useEffect(() => {
    for (const lang of languages) {
      if (lang === app.lang) continue;
      app.api
        .get<Record<string, string>>('texts', { query: { lang } })
        .then((texts) => {
          i18n.addResourceBundle(I18N_TAGS[lang], 'translation', texts, true, true);
          setLoaded((before) => new Set([...before, lang]));
        })
        .catch(() => undefined);
    }
  }, [languages, app.api, app.lang, i18n]);

  useEffect(() => {
    const clock = setInterval(() => setNow(Date.now()), 10_000);
    const turns = languages.length > 1 ? setInterval(() => setTurn((n) => n + 1), LANGUAGE_TURN_MS) : null;
    return () => {
      clearInterval(clock);
      if (turns) clearInterval(turns);
    };
  }, [languages]);

  const ready = languages.filter((lang) => loaded.has(lang));
  const lang = ready[turn % ready.length] ?? app.lang;
  const t = i18n.getFixedT(I18N_TAGS[lang]);
  const timeZone = app.config.timeZone;
  const clock = (instant: number, seconds = false) =>
    new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
      timeZone,
    }).format(instant);

  return (
    <section className="signage" data-screen="signage" lang={I18N_TAGS[lang]} aria-labelledby="signage-title">
      <header className="signage-head">
        <span className="signage-mark" aria-hidden="true" dangerouslySetInnerHTML={{ __html: app.config.theme.logoSvg }} />
        <div className="signage-heading">
          <p className="signage-venue">{localize(app.config.venue.name, lang)}</p>
          <h1 id="signage-title">{t('signage_title')}</h1>
        </div>
        <p className="signage-clock">
          {board && <span className="signage-date">{formatDate(board.date, lang)}</span>}
          <time className="signage-now">{clock(now)}</time>
        </p>
      </header>
      {board ? (
        <Products board={board} lang={lang} t={t} isCafe={app.config.kind === 'cafe'} />
      ) : (
        <p className="signage-message">{t('common_loading')}</p>
      )}
      <footer className="signage-foot">
        <span className={`signage-state signage-state-${state}`}>
          {state === 'live' ? '' : t(state === 'connecting' ? 'common_loading' : 'signage_reconnecting')}
        </span>
        {heardAt !== null && <span>{t('signage_updated_at', { time: clock(heardAt, true) })}</span>}
      </footer>
    </section>
  );
}

/**
 * How many slots of each product fit the screen below its heading: measured with every slot laid
 * out (hidden), then fixed until the screen or the board's shape changes. Null while measuring.
 */
function useSlotsThatFit(shape: string) {
  const area = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<number | null>(null);
  const [size, setSize] = useState(() => `${window.innerWidth}x${window.innerHeight}`);
  useEffect(() => {
    const resized = () => setSize(`${window.innerWidth}x${window.innerHeight}`);
    window.addEventListener('resize', resized);
    return () => window.removeEventListener('resize', resized);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new screen size or board shape is measured again
  useLayoutEffect(() => setFit(null), [size, shape]);
  useLayoutEffect(() => {
    if (fit !== null || !area.current) return;
    const areaBottom = area.current.getBoundingClientRect().bottom;
    let most = Number.POSITIVE_INFINITY;
    for (const list of area.current.querySelectorAll('.signage-slots')) {
      // A product's own box ends first where products stand one under another (a portrait screen).
      const bottom = Math.min(areaBottom, list.parentElement?.getBoundingClientRect().bottom ?? areaBottom);
      const slots = [...list.children];
      const fitting = slots.filter((slot) => slot.getBoundingClientRect().bottom <= bottom + 0.5).length;
      if (fitting < slots.length) most = Math.min(most, fitting);
    }
    setFit(Math.max(1, Number.isFinite(most) ? most : MOST_MEASURED));
  }, [fit]);
  return { area, fit };
}

function Products(props: { board: SignageBoard; lang: LanguageCode; t: TFunction; isCafe: boolean }) {
  const { board, lang, t } = props;
  // A cafe counts seats, a venue tickets.
  const remainingKey = props.isCafe ? 'order_seats_left' : 'signage_remaining';
  const shape = board.products.map((p) => `${p.uuid}:${Math.min(p.timeSpans.length, MOST_MEASURED)}`).join(',');
  const { area, fit } = useSlotsThatFit(shape);
  const [turn, setTurn] = useState(0);
  useEffect(() => {
    const pages = setInterval(() => setTurn((n) => n + 1), PAGE_TURN_MS);
    return () => clearInterval(pages);
  }, []);
  if (board.products.length === 0) return <p className="signage-message">{t('signage_closed')}</p>;
  return (
    <div
      ref={area}
      className={`signage-products${fit === null ? ' signage-measuring' : ''}`}
      style={{ '--signage-columns': Math.min(board.products.length, 4) } as React.CSSProperties}
    >
      {board.products.map((product) => {
        // The next slots first; more than fit take turns a page at a time.
        const pageSize = fit ?? MOST_MEASURED;
        const pages = Math.max(1, Math.ceil(Math.min(product.timeSpans.length, MOST_MEASURED) / pageSize));
        const page = fit === null ? 0 : turn % pages;
        const listed = product.timeSpans.slice(0, MOST_MEASURED);
        // Slots of other pages stay in the page, hidden, so every count is current when its page comes.
        const isShown = (index: number) => index >= page * pageSize && index < (page + 1) * pageSize;
        return (
          <section key={product.uuid} className="signage-product" aria-labelledby={`signage-${product.uuid}`}>
            <h2 id={`signage-${product.uuid}`}>
              {localize(product.name, lang)}
              {pages > 1 && (
                <span className="signage-page">
                  {' '}
                  {page + 1} / {pages}
                </span>
              )}
            </h2>
            {product.timeSpans.length === 0 ? (
              <p className="signage-ended">{t('signage_ended')}</p>
            ) : (
              <ul className="signage-slots">
                {listed.map((span, index) => (
                  <li
                    key={span.id}
                    className={`signage-slot signage-${span.status}`}
                    data-time-span={span.id}
                    hidden={!isShown(index)}
                  >
                    <span className="signage-time">{span.startTime}</span>
                    <span className="signage-time-end">–{span.endTime}</span>
                    <span className="signage-count" data-remaining={span.remaining}>
                      {span.status === 'sold_out' || span.remaining <= 0
                        ? t('signage_sold_out')
                        : t(remainingKey, { count: span.remaining })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
