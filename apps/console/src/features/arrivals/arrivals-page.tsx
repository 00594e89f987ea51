/**
 * `/venues/:code/arrivals` (right `checkin:scan` at the venue): the day of the visit as it happens
 * (issue 17 part 7). Totals at the top; per slot the admissions sold, those in (with a bar), the
 * no-shows once the slot's entry window has closed and the gates they came through; live over
 * server-sent events. A slot's row opens its check-in list; offline conflicts (the same ticket
 * admitted at two gates without the network) are listed with a link to the order. Other days
 * through the date picker.
 */
import type { Arrivals, GateConflict, SlotArrivals } from '@storefront/domain/console/gate';
import { todayIn } from '@storefront/domain/dates';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DISPLAY_TIME_ZONE } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { percent, timeAt } from './arrivals-format.ts';
import { SlotCheckInsDialog } from './slot-check-ins-dialog.tsx';
import { type Connection, useLiveArrivals } from './use-live-arrivals.ts';
import './arrivals.css';

const column = columnsOf<SlotArrivals>();
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export default function ArrivalsPage() {
  const { t } = useTranslation();
  return (
    <VenueGate
      screen="arrivals"
      title={(venue) => t('arrivals.venueTitle', { venue: venue.name })}
      right="checkin:scan"
      writeRight="checkin:scan"
    >
      {({ venue }) => <ArrivalsScreen venue={venue.code} title={t('arrivals.venueTitle', { venue: venue.name })} />}
    </VenueGate>
  );
}

function ArrivalsScreen(props: { venue: string; title: string }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const [search, setSearch] = useSearchParams();
  const today = todayIn(DISPLAY_TIME_ZONE);
  const asked = search.get('date') ?? '';
  const date = DATE_PATTERN.test(asked) ? asked : today;
  const { query, connection } = useLiveArrivals(props.venue, date, lang);
  const [openSlot, setOpenSlot] = useState<SlotArrivals | null>(null);

  return (
    <Screen
      name="arrivals"
      title={props.title}
      actions={
        <div className="arrivals-controls">
          <label className="arrivals-date">
            <span>{t('arrivals.date')}</span>
            <input
              type="date"
              value={date}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setSearch(next && next !== today ? { date: next } : {}, { replace: true });
              }}
            />
          </label>
          {connection ? <ConnectionBadge connection={connection} /> : null}
        </div>
      }
    >
      <ProblemNotice error={query.error} />
      {query.isPending ? <Loading /> : null}
      {query.data ? (
        <>
          <Totals arrivals={query.data} />
          <SlotTable arrivals={query.data} onOpen={setOpenSlot} />
          <Conflicts venue={props.venue} conflicts={query.data.conflicts} />
        </>
      ) : null}
      <SlotCheckInsDialog venue={props.venue} slot={openSlot} lang={lang} onClose={() => setOpenSlot(null)} />
    </Screen>
  );
}

function ConnectionBadge(props: { connection: Connection }) {
  const { t } = useTranslation();
  const live = props.connection === 'live';
  return (
    <span className={`badge arrivals-connection ${live ? 'badge-success' : 'badge-status-invited'}`} role="status">
      <span className="arrivals-connection-dot" aria-hidden="true" />
      {t(`arrivals.connection.${props.connection}`)}
    </span>
  );
}

function Totals(props: { arrivals: Arrivals }) {
  const { t } = useTranslation();
  const { totals, slots } = props.arrivals;
  const closed = slots.filter((s) => s.no_shows !== null);
  const noShows = closed.reduce((sum, s) => sum + (s.no_shows ?? 0), 0);
  return (
    <dl className="arrivals-totals" aria-label={t('arrivals.totals')}>
      <div>
        <dt>{t('arrivals.sold')}</dt>
        <dd>{totals.sold}</dd>
      </div>
      <div>
        <dt>{t('arrivals.checkedIn')}</dt>
        <dd>
          {totals.checked_in} <span className="arrivals-share">({percent(totals.checked_in, totals.sold)}%)</span>
        </dd>
      </div>
      <div>
        <dt>{t('arrivals.stillToCome')}</dt>
        <dd>{totals.sold - totals.checked_in - noShows}</dd>
      </div>
      <div>
        <dt>{t('arrivals.noShowsSoFar')}</dt>
        <dd>{noShows}</dd>
      </div>
    </dl>
  );
}

function SlotTable(props: { arrivals: Arrivals; onOpen: (slot: SlotArrivals) => void }) {
  const { t } = useTranslation();
  const { onOpen } = props;
  const columns = useMemo(
    () => [
      column.accessor('slot', {
        header: () => t('arrivals.time'),
        cell: (info) => (
          <button
            type="button"
            className="link-button"
            onClick={() => onOpen(info.row.original)}
            aria-label={t('arrivals.openSlot', {
              time: `${info.getValue().start_time}–${info.getValue().end_time}`,
              product: info.row.original.product_name,
            })}
          >
            {info.getValue().start_time}–{info.getValue().end_time}
          </button>
        ),
      }),
      column.accessor('product_name', { header: () => t('arrivals.product'), cell: (info) => info.getValue() }),
      column.accessor('sold', { header: () => t('arrivals.sold'), cell: (info) => info.getValue() }),
      column.accessor('checked_in', {
        header: () => t('arrivals.in'),
        cell: (info) => {
          const { sold } = info.row.original;
          const share = percent(info.getValue(), sold);
          return (
            <div className="arrivals-progress">
              <span>{info.getValue()}</span>
              <div
                className="arrivals-bar"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={sold}
                aria-valuenow={info.getValue()}
                aria-label={t('arrivals.inOf', { count: info.getValue(), sold })}
              >
                <div className="arrivals-bar-fill" style={{ width: `${share}%` }} />
              </div>
            </div>
          );
        },
      }),
      column.accessor('no_shows', {
        header: () => t('arrivals.noShows'),
        cell: (info) =>
          info.getValue() === null ? (
            <span className="field-hint" title={t('arrivals.noShowsOpen')}>
              —<span className="visually-hidden">{t('arrivals.noShowsOpen')}</span>
            </span>
          ) : (
            info.getValue()
          ),
      }),
      column.accessor('by_gate', {
        header: () => t('arrivals.byGate'),
        cell: (info) =>
          info.getValue().length === 0 ? (
            '—'
          ) : (
            <ul className="inline-list">
              {info.getValue().map((g) => (
                <li key={g.gate}>
                  <span className="badge">
                    {g.gate} {g.count}
                  </span>
                </li>
              ))}
            </ul>
          ),
      }),
    ],
    [t, onOpen],
  );
  return (
    <section className="arrivals-slots" aria-labelledby="arrivals-slots-title">
      <h2 id="arrivals-slots-title">{t('arrivals.slotsTitle')}</h2>
      <DataTable
        caption={t('arrivals.caption', { count: props.arrivals.slots.length })}
        isCaptionHidden
        columns={columns}
        data={props.arrivals.slots}
        rowId={(row) => String(row.slot.id)}
        empty={t('arrivals.noSlots')}
      />
    </section>
  );
}

function Conflicts(props: { venue: string; conflicts: GateConflict[] }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  return (
    <section className="arrivals-conflicts" aria-labelledby="arrivals-conflicts-title">
      <h2 id="arrivals-conflicts-title">{t('arrivals.conflictsTitle', { count: props.conflicts.length })}</h2>
      {props.conflicts.length === 0 ? (
        <p className="field-hint">{t('arrivals.noConflicts')}</p>
      ) : (
        <ul className="arrivals-conflict-list">
          {props.conflicts.map((c) => (
            <li key={c.nonce} className="arrivals-conflict">
              <p>
                {c.kind === 'used' && c.first
                  ? t('arrivals.conflictTwice', {
                      first: timeAt(c.first.at, lang),
                      firstGate: c.first.gate,
                      second: timeAt(c.scanned_at, lang),
                      secondGate: c.gate,
                      device: c.device_name,
                    })
                  : t('arrivals.conflictRevoked', { time: timeAt(c.scanned_at, lang), gate: c.gate, device: c.device_name })}
              </p>
              <p className="field-hint">
                {c.product_name ? `${c.product_name} · ` : ''}
                {t('arrivals.uploadedAt', { time: timeAt(c.uploaded_at, lang) })}
                {c.reservation_number ? (
                  <>
                    {' · '}
                    <Link to={`${paths.venueOrders(props.venue)}?q=${encodeURIComponent(c.reservation_number)}`}>
                      {t('arrivals.openOrder', { number: c.reservation_number })}
                    </Link>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
