/** A QR code drawn in the browser (the otpauth:// address never leaves the page). */
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

export function QrImage(props: { value: string; alt: string; size?: number }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    toDataURL(props.value, { margin: 1, width: props.size ?? 200, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (isCurrent) setSource(url);
      })
      .catch(() => setSource(null));
    return () => {
      isCurrent = false;
    };
  }, [props.value, props.size]);
  if (!source) return <div className="qr-placeholder" aria-hidden="true" />;
  return <img className="qr-image" src={source} alt={props.alt} width={props.size ?? 200} height={props.size ?? 200} />;
}

/** The secret in groups of four, for typing into an app by hand. */
export function groupedSecret(secret: string): string {
  return (
    secret
      .replaceAll(/\s/g, '')
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}
