/**
 * A fresh pairing: the QR of the gate app's address with the one-time code, how long it still
 * works (counting down), the address as text to copy, and what to do with it.
 */
import type { GateDevicePairing } from '@storefront/domain/console/gate';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrImage } from '../../ui/two-factor/qr-image.tsx';

/** "9:58" of the time left until `until`; "0:00" once it has passed. */
function timeLeft(until: string, now: number): string {
  const seconds = Math.max(0, Math.floor((new Date(until).getTime() - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function PairingView(props: { pairing: GateDevicePairing }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const [isCopied, setCopied] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const url = `${window.location.origin}${props.pairing.pairing_url}`;
  const isExpired = new Date(props.pairing.expires_at).getTime() <= now;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="gate-pairing">
      <p className="gate-pairing-note">{t('gateDevices.pairingNote')}</p>
      <div className="gate-pairing-code" aria-hidden={isExpired}>
        {isExpired ? (
          <p className="gate-pairing-expired" role="alert">
            {t('gateDevices.pairingExpired')}
          </p>
        ) : (
          <QrImage value={url} alt={t('gateDevices.pairingQr', { name: props.pairing.device.name })} size={240} />
        )}
      </div>
      {isExpired ? null : (
        <p className="gate-pairing-countdown">
          {t('gateDevices.pairingExpires')} <strong>{timeLeft(props.pairing.expires_at, now)}</strong>
        </p>
      )}
      <div className="field gate-pairing-field">
        <label htmlFor="gate-pairing-url">{t('gateDevices.pairingUrl')}</label>
        <div className="gate-pairing-url">
          <input id="gate-pairing-url" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="button" onClick={() => void copy()}>
            {isCopied ? t('gateDevices.copied') : t('gateDevices.copy')}
          </button>
        </div>
      </div>
    </div>
  );
}
