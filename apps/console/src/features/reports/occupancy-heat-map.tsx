/**
 * Occupancy as a heat map that is its own table: a row per day, a column per hour of the day in
 * which slots start, each cell coloured by the share of places sold and saying it in figures, with
 * a name a screen reader reads whole (day, hour, share, sold of capacity).
 */
import type { OccupancyCell } from '@storefront/domain/console/reports';
import { useTranslation } from 'react-i18next';
import type { ReportFormats } from './report-format.ts';

/** The colour steps, by the share sold: below 20 %, below 40 %, … and 80 % to sold out. */
const HEAT_STEPS = [0, 20, 40, 60, 80] as const;

function heatStep(percent: number): number {
  let step = 0;
  HEAT_STEPS.forEach((floor, index) => {
    if (percent >= floor) step = index;
  });
  return step;
}

export function OccupancyHeatMap(props: { cells: OccupancyCell[]; formats: ReportFormats }) {
  const { t } = useTranslation();
  const { formats } = props;
  const byCell = new Map(props.cells.map((cell) => [`${cell.date}|${cell.hour}`, cell]));
  const days = [...new Set(props.cells.map((cell) => cell.date))].sort();
  const known = props.cells.map((cell) => cell.hour);
  const hours =
    known.length === 0
      ? []
      : Array.from({ length: Math.max(...known) - Math.min(...known) + 1 }, (_, index) => Math.min(...known) + index);
  if (days.length === 0) return <p className="report-empty">{t('reports.occupancy.none')}</p>;
  return (
    <>
      <ul className="heat-legend" aria-label={t('reports.occupancy.legend')}>
        {HEAT_STEPS.map((floor, index) => (
          <li key={floor}>
            <span className={`heat-swatch heat-${index}`} aria-hidden="true" />
            {index === HEAT_STEPS.length - 1
              ? t('reports.occupancy.stepTop', { from: formats.percent(floor / 100) })
              : t('reports.occupancy.step', {
                  from: formats.percent(floor / 100),
                  to: formats.percent((HEAT_STEPS[index + 1] ?? 100) / 100),
                })}
          </li>
        ))}
        <li>
          <span className="heat-swatch heat-none" aria-hidden="true" />
          {t('reports.occupancy.noSlots')}
        </li>
      </ul>
      <div className="table-scroll heat-scroll">
        <table className="heat-map">
          <caption>
            {t('reports.occupancy.caption', { range: formats.range({ from: days[0] ?? '', to: days.at(-1) ?? '' }) })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('reports.occupancy.day')}</th>
              {hours.map((hour) => (
                <th key={hour} scope="col">
                  {formats.hour(hour)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((date) => (
              <tr key={date}>
                <th scope="row">{formats.dayWithWeekday(date)}</th>
                {hours.map((hour) => {
                  const cell = byCell.get(`${date}|${hour}`);
                  if (!cell || cell.capacity <= 0) {
                    return (
                      <td
                        key={hour}
                        className="heat-cell heat-none"
                        aria-label={t('reports.occupancy.cellEmpty', {
                          day: formats.dayWithWeekday(date),
                          hour: formats.hour(hour),
                        })}
                      >
                        <span aria-hidden="true">·</span>
                      </td>
                    );
                  }
                  // Rounded down, so a slot shows 100 % only when it is sold out.
                  const percent = Math.floor((cell.sold / cell.capacity) * 100);
                  const share = percent / 100;
                  const name = t('reports.occupancy.cell', {
                    day: formats.dayWithWeekday(date),
                    hour: formats.hour(hour),
                    percent: formats.percent(share),
                    sold: formats.count(cell.sold),
                    capacity: formats.count(cell.capacity),
                  });
                  return (
                    <td key={hour} className={`heat-cell heat-${heatStep(percent)}`} aria-label={name} title={name}>
                      {formats.percent(share)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
