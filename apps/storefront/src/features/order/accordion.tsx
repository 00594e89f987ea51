import type { ReactNode } from 'react';
import type { Section } from '../../checkout/order-state.ts';

export const sectionButtonId = (section: Section) => `order-${section}-button`;

/**
 * One step of the order page: a heading whose button opens and closes the step's region. A closed
 * step shows what was chosen in it, so the visitor can read the choice and open it again.
 */
export function Accordion(props: {
  section: Section;
  title: string;
  /** The choice made in this step, shown under the title; null while nothing is chosen. */
  summary: ReactNode;
  isOpen: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const buttonId = sectionButtonId(props.section);
  const regionId = `order-${props.section}-region`;
  return (
    <div className="order-step" data-section={props.section}>
      <h2 className="order-step-heading">
        <button type="button" id={buttonId} aria-expanded={props.isOpen} aria-controls={regionId} onClick={props.onToggle}>
          <span className="order-step-title">{props.title}</span>
          {props.summary !== null && <span className="order-step-summary">{props.summary}</span>}
          <span className="order-step-chevron" aria-hidden="true" />
        </button>
      </h2>
      <section id={regionId} aria-labelledby={buttonId} className="order-step-panel" hidden={!props.isOpen}>
        {props.children}
      </section>
    </div>
  );
}
