import type { ShopImage } from '@storefront/domain/api/catalogue';

/**
 * An uploaded image as a `<picture>`: AVIF, then WebP, then the JPEG every browser shows. The
 * original's width and height reserve its box before it loads, so nothing below it moves.
 */
export function ShopPicture(props: { image: ShopImage; sizes: string; className: string; isLazy: boolean }) {
  const { image } = props;
  return (
    <picture className={props.className}>
      <source type="image/avif" srcSet={image.srcset.avif} sizes={props.sizes} />
      <source type="image/webp" srcSet={image.srcset.webp} sizes={props.sizes} />
      <img
        src={image.src}
        srcSet={image.srcset.jpeg}
        sizes={props.sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={props.isLazy ? 'lazy' : 'eager'}
        decoding="async"
      />
    </picture>
  );
}
