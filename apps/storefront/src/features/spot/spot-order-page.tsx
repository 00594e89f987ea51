/**
 * `/spot?qr_token=…`: a visitor has scanned the venue's QR code. Today's slots of its product that
 * are still to come, the next one with places first; choosing one leads to the tickets.
 */
import { formatDate } from '@storefront/domain/format';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SlotStock, TimeSpanChoices } from '../../checkout/order-sections.tsx';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { StepBar } from '../../ui/step-bar.tsx';
import { spotQueries } from './api/spot-queries.ts';
import { readSavedSpotOrder, spotPath, spotTickets } from './spot-flow.ts';
import '../../ui/order-steps.css';
import '../../ui/order-choices.css';
import '../../ui/calendar.css';
import '../../ui/quantities.css';
import '../../ui/order-summary.css';
import './spot.css';

export default function SpotOrderPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const qrToken = typeof props.qrToken === 'string' && props.qrToken !== '' ? props.qrToken : null;
  const hasTickets = spotTickets(app.session).length > 0;
  return (
    <section className="page spot-page" data-screen="spot-order">
      <StepBar kind="spot" current="order" hasMembershipLogin={false} />
      <h1>{t('spot_title')}</h1>
      {qrToken ? <TodaysSlots qrToken={qrToken} /> : <p className="spot-lead">{t('spot_scan_qr')}</p>}
      {hasTickets && (
        <p className="spot-more">
          <Link to={spotPath('/spot/ticket-inquiry', qrToken)}>{t('spot_ticket_inquiry_link')}</Link>
        </p>
      )}
    </section>
  );
}

function TodaysSlots(props: { qrToken: string }) {
  const { qrToken } = props;
  const app = useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  // An expired or unreadable code gets its dialog from the app's failure router.
  const stocks = useQuery(spotQueries.stocks(app, qrToken));
  if (stocks.isError) return <p className="spot-lead">{t('spot_qr_unusable')}</p>;
  if (!stocks.data) return <p className="spot-lead">{t('common_loading')}</p>;
  const { product, date, timeSpans, nextTimeSpanId } = stocks.data;
  const next = timeSpans.find((span) => span.id === nextTimeSpanId) ?? null;

  const choose = (timeSpanId: number) => {
    const saved = readSavedSpotOrder(app.session.get('spotOrderPage'));
    // Quantities chosen for another slot stay: the same party, another time.
    app.session.set('spotOrderPage', { timeSpanId, options: saved?.options ?? {}, setProducts: {} });
    navigate(spotPath('/spot/products', qrToken));
  };

  return (
    <>
      <div className="spot-product">
        <h2 className="spot-product-name">{product.name}</h2>
        <p className="spot-date">
          <time dateTime={date}>{formatDate(date, app.lang)}</time>
        </p>
        {product.description && <p className="spot-description">{product.description}</p>}
      </div>
      {next ? (
        <div className="spot-next">
          <p className="spot-next-time">{t('spot_next_slot', { time: `${next.startTime}–${next.endTime}` })}</p>
          <SlotStock span={next} />
          <button type="button" className="button button-primary spot-buy-next" onClick={() => choose(next.id)}>
            {t('spot_buy_next')}
          </button>
        </div>
      ) : timeSpans.length === 0 ? (
        // A closed day, or the day's last slot has begun: nothing was sold out.
        <p className="spot-lead spot-no-slots">{t('spot_no_slots_today')}</p>
      ) : (
        <p className="spot-lead spot-sold-out">{t('spot_sold_out')}</p>
      )}
      {timeSpans.length > 0 && (
        <>
          <h2 className="section-title">{t('spot_other_slots')}</h2>
          <TimeSpanChoices timeSpans={timeSpans} selected={null} onSelect={choose} />
        </>
      )}
      {product.caution && (
        <dl className="facts spot-facts">
          <dt>{t('order_caution')}</dt>
          <dd>{product.caution}</dd>
        </dl>
      )}
    </>
  );
}
