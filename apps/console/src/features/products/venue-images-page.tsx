/**
 * `/venues/:code/venue-images` (right `catalogue:read`; changes need `catalogue:write`): the
 * picture at the top of the shop's order page and the logos of its header and footer.
 */
import type { ConsoleImage, VenueImages } from '@storefront/domain/console/products';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { hasVenueRight, useSession, venueOf } from '../../lib/session.ts';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { ImagePicker } from './image-picker.tsx';
import { productQueries, useSetVenueImages } from './products-api.ts';
import './products.css';

const SLOTS = [
  { key: 'hero', label: 'products.hero' },
  { key: 'header_logo', label: 'products.headerLogo' },
  { key: 'footer_logo', label: 'products.footerLogo' },
] as const satisfies readonly { key: keyof VenueImages; label: string }[];

export default function VenueImagesPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { code = '' } = useParams();
  const venue = venueOf(session, code);
  const mayRead = venue !== null && hasVenueRight(session, venue, 'catalogue:read');
  const images = useQuery({ ...productQueries.venueImages(code), enabled: mayRead });
  const summary = useQuery({ ...productQueries.venue(code), enabled: mayRead });
  const save = useSetVenueImages(code);
  if (!venue || !mayRead) {
    return (
      <Screen name="venue-images" title={t('products.venueImages')}>
        <Notice kind="error">{venue ? t('problem.forbidden') : t('problem.notFound')}</Notice>
      </Screen>
    );
  }
  const mayWrite = hasVenueRight(session, venue, 'catalogue:write');
  return (
    <Screen name="venue-images" title={t('products.venueImages')}>
      <p>
        <Link to={paths.venueProducts(code)}>{t('products.back')}</Link>
      </p>
      <p>{t('products.venueImagesIntro')}</p>
      <ProblemNotice error={images.error ?? summary.error ?? save.error} />
      {save.isSuccess ? <Notice kind="success">{t('products.venueImagesSaved')}</Notice> : null}
      {images.isPending || summary.isPending ? <Loading /> : null}
      {images.data && summary.data ? (
        <div className="venue-images">
          {SLOTS.map((slot) => (
            <ImagePicker
              key={`${slot.key}-${images.data[slot.key]?.id ?? 'none'}`}
              code={code}
              label={t(slot.label)}
              image={images.data[slot.key]}
              languages={summary.data.languages}
              mayWrite={mayWrite}
              onChange={(image: ConsoleImage | null) => save.mutate({ [slot.key]: image?.id ?? null })}
            />
          ))}
        </div>
      ) : null}
    </Screen>
  );
}
