/**
 * One mail of the order as it was sent: its envelope, the HTML as the visitor sees it in a
 * sandboxed frame (no scripts, no forms, no same-origin access: `sandbox=""`), and the text version.
 * The frame loads the mail as its own page, whose policy allows the mail's inline styles; given
 * as `srcdoc` it would inherit the console's policy and lose them.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { Dialog } from '../../ui/dialog.tsx';
import { Loading, ProblemNotice } from '../../ui/notice.tsx';
import { mailPageUrl, orderDetailQueries } from './order-detail-api.ts';

export function MailView(props: { venue: string; orderId: string; mailId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={props.mailId !== null} title={t('orderDetail.mail.title')} onClose={props.onClose} wide>
      {props.mailId ? <MailContent venue={props.venue} orderId={props.orderId} mailId={props.mailId} /> : null}
      <div className="button-row">
        <button type="button" className="button" onClick={props.onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}

function MailContent(props: { venue: string; orderId: string; mailId: string }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const [version, setVersion] = useState<'html' | 'text'>('html');
  const mail = useQuery(orderDetailQueries.mail(props.venue, props.orderId, props.mailId));
  if (!mail.data) return mail.isPending ? <Loading /> : <ProblemNotice error={mail.error} />;
  const sent = mail.data;
  return (
    <div className="order-mail">
      <dl className="order-facts">
        <div>
          <dt>{t('orderDetail.mail.subject')}</dt>
          <dd>{sent.subject}</dd>
        </div>
        <div>
          <dt>{t('orderDetail.mail.to')}</dt>
          <dd>{sent.to}</dd>
        </div>
        <div>
          <dt>{t('orderDetail.mail.from')}</dt>
          <dd>{sent.from}</dd>
        </div>
        <div>
          <dt>{t('orderDetail.mail.sentAt')}</dt>
          <dd>{sent.sent_at ? formatDateTime(sent.sent_at, lang) : t('orderDetail.mail.notSent', { status: sent.status })}</dd>
        </div>
      </dl>
      <div className="button-row">
        <button
          type="button"
          className="button button-small"
          aria-pressed={version === 'html'}
          onClick={() => setVersion('html')}
        >
          {t('orderDetail.mail.html')}
        </button>
        <button
          type="button"
          className="button button-small"
          aria-pressed={version === 'text'}
          onClick={() => setVersion('text')}
        >
          {t('orderDetail.mail.text')}
        </button>
      </div>
      {version === 'html' ? (
        <iframe
          className="order-mail-frame"
          title={t('orderDetail.mail.frameTitle', { subject: sent.subject })}
          sandbox=""
          src={mailPageUrl(props.venue, props.orderId, props.mailId)}
        />
      ) : (
        <pre className="order-mail-text">{sent.text}</pre>
      )}
    </div>
  );
}
