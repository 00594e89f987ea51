/**
 * "Add to Google Wallet" (decision 028), shown where the venue offers passes: asks the server for
 * the save link (which makes the passes first) and goes to Google's page. Dark, with Google's own
 * words in the page's language, as Google's brand guidelines for the button ask; the accessible
 * name is those words.
 */
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../lib/app-context.tsx';
import { ticketsApi } from './api/tickets-api.ts';

export function GoogleWalletButton(props: { token: string }) {
  const app = useApp();
  const { t } = useTranslation();
  const save = useMutation({
    mutationFn: () => ticketsApi(app.api, app.lang).googleWalletLink(props.token),
    // Google's page, in this tab: a window opened after the answer would be taken for a pop-up.
    onSuccess: ({ url }) => window.location.assign(url),
  });
  return (
    <div className="google-wallet">
      <button
        type="button"
        className="google-wallet-button"
        lang={app.lang}
        disabled={save.isPending}
        aria-busy={save.isPending}
        onClick={() => save.mutate()}
      >
        {t('ticket_add_to_google_wallet')}
      </button>
      {save.isError && (
        <p className="ticket-note" role="alert">
          {t('ticket_google_wallet_failed')}
        </p>
      )}
    </div>
  );
}
