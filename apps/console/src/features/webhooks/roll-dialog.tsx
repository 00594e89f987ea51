/** Rolling a receiver's signing secret, once warned that the old one stops at once; the page then shows the new one. */
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@storefront/domain/console/webhooks';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/dialog.tsx';
import { ProblemNotice } from '../../ui/notice.tsx';
import { useRollWebhookSecret } from './webhooks-api.ts';

export function RollDialog(props: {
  venue: string;
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onRolled: (rolled: WebhookEndpointWithSecret) => void;
}) {
  const { t } = useTranslation();
  const roll = useRollWebhookSecret(props.venue, { onSuccess: props.onRolled });
  const close = () => {
    roll.reset();
    props.onClose();
  };
  const endpoint = props.endpoint;
  return (
    <Dialog isOpen={endpoint !== null} title={t('webhooks.rollTitle')} onClose={close}>
      {endpoint ? (
        <>
          <p>{t('webhooks.rollWarning', { url: endpoint.url })}</p>
          <ProblemNotice error={roll.error} />
          <div className="button-row">
            <button
              type="button"
              className="button button-danger"
              disabled={roll.isPending}
              onClick={() => roll.mutate(endpoint)}
            >
              {t('webhooks.rollConfirm')}
            </button>
            <button type="button" className="button" onClick={close}>
              {t('common.cancel')}
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
