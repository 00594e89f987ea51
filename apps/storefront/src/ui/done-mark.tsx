/** The tick at the top of a page that says something is done (purchase, date change, spot sale). */
export function DoneMark(props: { className?: string }) {
  return (
    <div className={props.className ?? 'complete-mark'} aria-hidden="true">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="28"
        height="28"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M5 12.5l4.5 4.5L19 7.5" />
      </svg>
    </div>
  );
}
