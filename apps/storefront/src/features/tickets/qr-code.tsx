/** A QR code drawn as SVG by the `qrcode` library, sharp at any size and printable. */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export function QrCode(props: { value: string; label: string; className?: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    QRCode.toString(props.value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((markup) => {
      if (isCurrent) setSvg(markup);
    });
    return () => {
      isCurrent = false;
    };
  }, [props.value]);
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
