/**
 * A button that shows a list of links or actions below it (the disclosure pattern): Escape or a
 * click elsewhere closes it, and focus returns to the button.
 */
import { type CSSProperties, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import './disclosure-menu.css';

export function DisclosureMenu(props: {
  label: ReactNode;
  /** What the button says to a screen reader when its text alone is not enough. */
  accessibleLabel?: string;
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
  className?: string;
  /**
   * Inside a scrolling box (a table's), the panel is placed against the window, or the box would
   * clip it; it closes when anything scrolls.
   */
  isFixed?: boolean;
}) {
  const [isOpen, setOpen] = useState(false);
  const [place, setPlace] = useState<CSSProperties | undefined>(undefined);
  const { isFixed } = props;
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Set through the CSS object model, which the page's style policy allows (a style attribute it would not).
  useLayoutEffect(() => {
    if (!isOpen || !isFixed || !button.current) return;
    const rect = button.current.getBoundingClientRect();
    setPlace({ position: 'fixed', top: rect.bottom + 4, right: Math.max(8, window.innerWidth - rect.right), left: 'auto' });
    const onScroll = () => setOpen(false);
    window.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onScroll);
    };
  }, [isOpen, isFixed]);

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    // Tabbing out of the panel closes it too.
    const onFocus = (event: FocusEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [isOpen]);

  const close = () => setOpen(false);
  return (
    <div ref={root} className={`disclosure ${props.className ?? ''}`}>
      <button
        ref={button}
        type="button"
        className="disclosure-button"
        aria-expanded={isOpen}
        aria-controls={id}
        aria-label={props.accessibleLabel}
        onClick={() => setOpen((open) => !open)}
      >
        {props.label}
        <span aria-hidden="true" className="disclosure-caret">
          ▾
        </span>
      </button>
      <div
        id={id}
        className={`disclosure-panel disclosure-${props.align ?? 'start'}`}
        hidden={!isOpen}
        style={isFixed ? place : undefined}
      >
        {isOpen ? props.children(close) : null}
      </div>
    </div>
  );
}
