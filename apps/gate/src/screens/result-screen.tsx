/**
 * A scan's result for the queue (issue 17, part 3): the whole screen in the result's colour, an
 * icon and a headline readable at two metres (colour is never the only signal), the party's
 * admission types, and the details the attendant needs. Tapping it clears it; so does the next scan.
 */
import type { ResultView, Tone } from '../lib/result-text.ts';

const ICONS: Record<Tone, string> = {
  // A tick.
  success: 'M5 12.5l4.5 4.5L19 7.5',
  // A clock.
  wrong_time: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM12 7v5l3.5 2.5',
  // A circle, struck through.
  used: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM5.6 5.6l12.8 12.8',
  // A cross.
  invalid: 'M6 6l12 12M18 6L6 18',
  // Arrows both ways.
  changed: 'M4 8h13l-3.5-3.5M20 16H7l3.5 3.5',
  // A cloud, struck through.
  needs_network: 'M7 18h10a4 4 0 0 0 .5-7.97A6 6 0 0 0 6.2 9.1 4.5 4.5 0 0 0 7 18zM4 4l16 16',
};

export function ResultScreen(props: { view: ResultView; onDismiss: () => void; dismissLabel: string }) {
  const { view } = props;
  return (
    <section className={`result result-${view.tone}`} data-result={view.tone} aria-label={view.headline}>
      <button type="button" className="result-dismiss" onClick={props.onDismiss}>
        <svg className="result-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d={ICONS[view.tone]}
            fill="none"
            stroke="currentColor"
            strokeWidth="2.4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="result-headline">{view.headline}</span>
        {view.details.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed for one result.
          <span key={index} className={index === 0 ? 'result-detail result-detail-first' : 'result-detail'}>
            {line}
          </span>
        ))}
        <span className="visually-hidden">{props.dismissLabel}</span>
      </button>
    </section>
  );
}
