/**
 * `/spot/qr/{productUUID}` (staff): a poster with the product's spot QR code, the venue's mark and
 * how long the code works, ready to print. `?days=` prints a code for several days (a daily code
 * by default); `?key=` is the staff key when the server asks for one.
 */
import { formatDate } from '@storefront/domain/format';
import { useQuery } from '@tanstack/react-query';
import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { spotQueries } from './api/spot-queries.ts';
import { spotPath } from './spot-flow.ts';
import './spot-qr.css';

export default function SpotQrPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const productUuid = typeof props.productUUID === 'string' ? props.productUUID : '';
  const days = Math.min(31, Math.max(1, Number(query.get('days')) || 1));
  const staffKey = query.get('key');
  const code = useQuery(spotQueries.qrCode(app, productUuid, days, staffKey));
  const url = code.data ? `${window.location.origin}${app.location.basePath}#${spotPath('/spot', code.data.qr_token)}` : null;
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let isCurrent = true;
    void qrSvg(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } }).then(
      (drawn) => {
        if (isCurrent) setSvg(drawn);
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [url]);

  useEffect(() => {
    document.body.classList.add('poster-mode');
    return () => document.body.classList.remove('poster-mode');
  }, []);

  const venue = app.config.venue.name[app.lang] ?? Object.values(app.config.venue.name)[0] ?? '';
  return (
    <section className="spot-poster" data-screen="spot-qr">
      <header className="spot-poster-head">
        <span className="spot-poster-mark" aria-hidden="true" dangerouslySetInnerHTML={{ __html: app.config.theme.logoSvg }} />
        <p className="spot-poster-venue">{venue}</p>
      </header>
      {code.data ? (
        <>
          <h1 className="spot-poster-title">{t('spot_poster_title')}</h1>
          <p className="spot-poster-product">{code.data.productName}</p>
          {svg ? (
            // Drawn by the QR library from our own address: nothing in it comes from a visitor.
            <div
              className="spot-poster-qr"
              role="img"
              aria-label={t('spot_poster_qr_label')}
              dangerouslySetInnerHTML={{ __html: svg }}
            />
          ) : (
            <div className="spot-poster-qr" aria-busy="true" />
          )}
          <p className="spot-poster-hint">{t('spot_poster_hint')}</p>
          <p className="spot-poster-valid">
            {code.data.validFrom === code.data.validTo
              ? t('spot_poster_valid_day', { date: formatDate(code.data.validFrom, app.lang) })
              : t('spot_poster_valid_days', {
                  from: formatDate(code.data.validFrom, app.lang),
                  to: formatDate(code.data.validTo, app.lang),
                })}
          </p>
          <p className="spot-poster-actions">
            <button type="button" className="button button-primary" onClick={() => window.print()}>
              {t('spot_poster_print')}
            </button>
          </p>
        </>
      ) : (
        <>
          <h1 className="spot-poster-title">{t('spot_poster_title')}</h1>
          <p>{t(code.isError ? 'spot_poster_unavailable' : 'common_loading')}</p>
        </>
      )}
    </section>
  );
}
