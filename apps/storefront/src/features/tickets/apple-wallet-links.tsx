/**
 * "Add to Apple Wallet" (decision 027), shown where the venue offers passes: one badge per
 * admission that still admits, each downloading that admission's `.pkpass`, which Safari hands to
 * Wallet. Black, with Apple's own words in the page's language, as Apple's badge guidelines ask;
 * the badge's words are its accessible name, and which ticket it adds is said beside it.
 */
import type { TicketView } from '@storefront/domain/api/tickets';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../lib/app-context.tsx';

function appleWalletPassUrl(siteCode: string, token: string, admissionId: string): string {
  return `/${encodeURIComponent(siteCode)}/api/v1/tickets/${encodeURIComponent(token)}/wallet/apple/${admissionId}.pkpass`;
}

export function AppleWalletLinks(props: { token: string; admissions: TicketView['admissions'] }) {
  const app = useApp();
  const { t } = useTranslation();
  const valid = props.admissions.filter((a) => a.ticketStatus === 'valid');
  if (valid.length === 0) return null;
  return (
    <section className="apple-wallet" aria-label={t('ticket_apple_wallet_title')}>
      <ul className="apple-wallet-list">
        {valid.map((admission) => {
          const index = props.admissions.indexOf(admission);
          const captionId = `apple-wallet-${admission.id}`;
          return (
            <li key={admission.id}>
              <a
                className="apple-wallet-badge"
                href={appleWalletPassUrl(app.siteCode, props.token, admission.id)}
                lang={app.lang}
                {...(props.admissions.length > 1 ? { 'aria-describedby': captionId } : {})}
              >
                {t('ticket_add_to_apple_wallet')}
              </a>
              {props.admissions.length > 1 && (
                <span id={captionId} className="apple-wallet-caption">
                  {t('ticket_qr_per_person', { number: index + 1, count: props.admissions.length })} — {admission.optionName}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
