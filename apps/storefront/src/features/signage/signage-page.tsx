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
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApp } from '../../lib/app-context.tsx';
import { I18N_TAGS } from '../../lib/i18n/i18n.ts';
import { type FeedState, followBoard } from './signage-feed.ts';
import './signage.css';

/** How long each language stays on screen when the page takes turns. */
const LANGUAGE_TURN_MS = 12_000;
/**
 * The most slots of one product on screen (the next ones, which are what people queue for): a
 * lobby screen cannot scroll, so fewer when several products share it.
 */
const slotsShown = (products: number) => (products >= 3 ? 6 : 12);

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

function Products(props: { board: SignageBoard; lang: LanguageCode; t: TFunction; isCafe: boolean }) {
  const { board, lang, t } = props;
  // A cafe counts seats, a venue tickets.
  const remainingKey = props.isCafe ? 'order_seats_left' : 'signage_remaining';
  if (board.products.length === 0) return <p className="signage-message">{t('signage_closed')}</p>;
  return (
    <div className="signage-products" style={{ '--signage-columns': Math.min(board.products.length, 4) } as React.CSSProperties}>
      {board.products.map((product) => (
        <section key={product.uuid} className="signage-product" aria-labelledby={`signage-${product.uuid}`}>
          <h2 id={`signage-${product.uuid}`}>{localize(product.name, lang)}</h2>
          {product.timeSpans.length === 0 ? (
            <p className="signage-ended">{t('signage_ended')}</p>
          ) : (
            <ul className="signage-slots">
              {product.timeSpans.slice(0, slotsShown(board.products.length)).map((span) => (
                <li key={span.id} className={`signage-slot signage-${span.status}`} data-time-span={span.id}>
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
      ))}
    </div>
  );
}
