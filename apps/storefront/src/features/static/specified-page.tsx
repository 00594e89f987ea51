import { localize } from '@storefront/domain/localize';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../lib/app-context.tsx';
import { StaticPage } from './static-page.tsx';

/** The specified-commercial-transactions page, with the venue's own operator and contact. */
export default function SpecifiedPage() {
  const { t, i18n } = useTranslation();
  const { config, lang } = useApp();
  return (
    <StaticPage name="specified">
      <dl className="facts">
        {i18n.exists('specified_operator') && (
          <>
            <dt>{t('footer_optional_link')}</dt>
            <dd>{t('specified_operator')}</dd>
          </>
        )}
        <dt>{t('specified_address')}</dt>
        <dd>{localize(config.venue.address, lang)}</dd>
        <dt>{t('specified_contact')}</dt>
        <dd>
          <a href={`mailto:${config.venue.email}`}>{config.venue.email}</a> /{' '}
          <a href={`tel:${config.venue.phone}`}>{config.venue.phone}</a>
        </dd>
      </dl>
    </StaticPage>
  );
}
