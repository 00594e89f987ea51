/** A QR code drawn as SVG by the `qrcode` library, sharp at any size and printable. */
import { FIRST_VIEW_ATTRIBUTE } from '@storefront/domain/first-answer';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';

/** The server's drawing of the same payload in the page's first view, still there at the app's first render. */
function firstViewDrawing(value: string): string | null {
  for (const element of document.querySelectorAll(`[${FIRST_VIEW_ATTRIBUTE}] .qr-code`)) {
    if (element.getAttribute('data-qr') === value) return element.innerHTML || null;
  }
  return null;
}

export function QrCode(props: { value: string; label: string; className?: string }) {
  // Over the first view, its drawing: the code neither blinks out nor is drawn twice when the app takes over.
  const [drawing, setDrawing] = useState(() => {
    const svg = firstViewDrawing(props.value);
    return svg === null ? null : { value: props.value, svg };
  });
  const drawnFor = useRef(drawing?.value ?? null);
  useEffect(() => {
    if (drawnFor.current === props.value) return;
    let isCurrent = true;
    QRCode.toString(props.value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((markup) => {
      if (!isCurrent) return;
      drawnFor.current = props.value;
      setDrawing({ value: props.value, svg: markup });
    });
    return () => {
      isCurrent = false;
    };
  }, [props.value]);
  // Never an older payload's code while the new one is drawn.
  const svg = drawing?.value === props.value ? drawing.svg : null;
  return (
    <div
      className={`qr-code ${props.className ?? ''}`}
      role="img"
      aria-label={props.label}
      data-qr={props.value}
      // The markup is the library's drawing of our own payload; no outside input reaches it.
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}
