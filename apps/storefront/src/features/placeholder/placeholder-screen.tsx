import { useTranslation } from 'react-i18next';
import type { ScreenId, ScreenProps } from '../../app/route-table.ts';

/** A clearly marked stand-in for a screen that has not been built yet. */
export function placeholderFor(screen: ScreenId) {
  return function PlaceholderScreen(props: ScreenProps) {
    const { t } = useTranslation();
    return (
      <section className="page placeholder" data-placeholder={screen} data-props={JSON.stringify(props)}>
        <h1>{t('placeholder_title')}</h1>
        <p>{t('placeholder_text')}</p>
        <p className="placeholder-badge">{screen}</p>
      </section>
    );
  };
}
