/**
 * `/waiting-list/leave?token=`: the link in every waiting-list mail takes the visitor off the
 * list, after they confirm. An offer they held is given up, and its places go to the next in line.
 * A link that no longer works (already left, bought, or the slot is over) says so.
 */
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api/client.ts';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { waitingListApi } from './api/waiting-list-api.ts';

export default function WaitingListLeavePage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const token = typeof props.token === 'string' ? props.token : '';
  const leave = useMutation({
    meta: { routesOwnFailure: true },
    mutationFn: () => waitingListApi(app.api).leave(token),
  });
  const isGone =
    leave.error instanceof ApiError && (leave.error.status === 404 || leave.error.status === 400 || leave.error.status === 409);
  const backToOrder = (
    <p>
      <Link to="/order">{t('footer_order')}</Link>
    </p>
  );
  if (leave.isSuccess || isGone)
    return (
      <section className="page" data-screen="waiting-list-left">
        <h1>{leave.isSuccess ? t('waiting_list_left_title') : t('waiting_list_link_gone_title')}</h1>
        <p>{leave.isSuccess ? t('waiting_list_left_text') : t('waiting_list_link_gone_text')}</p>
        {backToOrder}
      </section>
    );
  return (
    <section className="page" data-screen="waiting-list-leave">
      <h1>{t('waiting_list_leave_title')}</h1>
      <p>{t('waiting_list_leave_text')}</p>
      {leave.isError && (
        <p className="field-error" role="alert">
          {t('waiting_list_failed')}
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          disabled={leave.isPending || token === ''}
          onClick={() => leave.mutate()}
        >
          {t('waiting_list_leave_submit')}
        </button>
      </div>
    </section>
  );
}
