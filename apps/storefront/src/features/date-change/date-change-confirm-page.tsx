/**
 * `/tickets/changedate/confirm/{reservationToken}/timechange/{timechangeToken}`: the change as it
 * will be, with its money. Nothing to pay: the visitor confirms and the change completes. Something
 * to pay: on to the change-date payment step.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { dateChangePaths, finishChange } from '../../checkout/date-change-session.ts';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { ChangeNotPending, ChangeSummary } from './change-summary.tsx';
import { HoldUntil } from './hold-until.tsx';
import { useDateChange } from './use-date-change.ts';
import './date-change.css';

export default function DateChangeConfirmPage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { reservationToken, timechangeToken, api, query, change } = useDateChange(props);
  const confirm = useMutation({
    mutationFn: () => api.confirm(timechangeToken, reservationToken),
    onSuccess: (done) => {
      finishChange(app.session, queryClient, {
        reservationToken,
        reservationNumber: done.reservation_number,
        refund: done.refund,
      });
      navigate(dateChangePaths.complete(reservationToken), { replace: true });
    },
    onError: () => void query.refetch(),
  });

  return (
    <section className="page change-date-confirm-page" data-screen="change-date-confirm">
      <h1>{t('changedate_confirm_title')}</h1>
      {!change ? (
        <p aria-busy={!query.isError}>{query.isError ? '' : t('common_loading')}</p>
      ) : change.status !== 'pending' ? (
        <ChangeNotPending change={change} reservationToken={reservationToken} />
      ) : (
        <>
          <p>{t('changedate_confirm_text')}</p>
          <HoldUntil expiresAt={change.expiresAt} />
          <ChangeSummary change={change} />
          <div className="actions">
            {change.amounts.toPay > 0 ? (
              <Link
                className="button button-primary change-date-to-payment"
                to={dateChangePaths.payment(reservationToken, timechangeToken)}
              >
                {t('changedate_to_payment')}
              </Link>
            ) : (
              <button
                type="button"
                className="button button-primary change-date-confirm"
                disabled={confirm.isPending}
                onClick={() => confirm.mutate()}
              >
                {t('changedate_confirm_button')}
              </button>
            )}
            <Link className="button button-secondary" to={dateChangePaths.start(reservationToken)}>
              {t('changedate_choose_again')}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
