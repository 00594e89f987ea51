import type { ShopImage } from '@storefront/domain/api/catalogue';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ShopPicture } from './shop-picture.tsx';

const image: ShopImage = {
  id: 'f0e1d2c3-0000-4000-8000-000000000001',
  width: 1000,
  height: 500,
  alt: 'The gallery at night',
  src: '/images/f0e1d2c3-0000-4000-8000-000000000001/640.jpeg',
  srcset: {
    avif: '/images/f0e1d2c3-0000-4000-8000-000000000001/320.avif 320w',
    webp: '/images/f0e1d2c3-0000-4000-8000-000000000001/320.webp 320w',
    jpeg: '/images/f0e1d2c3-0000-4000-8000-000000000001/320.jpeg 320w',
  },
};

describe('ShopPicture', () => {
  it('offers AVIF, then WebP, then a JPEG img with its box size and alt text, lazily below the fold', () => {
    const html = renderToStaticMarkup(<ShopPicture image={image} sizes="100vw" className="order-product-image" isLazy />);
    const page = new DOMParser().parseFromString(html, 'text/html');
    const sources = [...page.querySelectorAll('picture > source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources.map((s) => s.getAttribute('srcset'))).toEqual([image.srcset.avif, image.srcset.webp]);
    const img = page.querySelector('picture > img');
    expect(img?.getAttribute('src')).toBe(image.src);
    expect(img?.getAttribute('srcset')).toBe(image.srcset.jpeg);
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['1000', '500']);
    expect(img?.getAttribute('alt')).toBe('The gallery at night');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('sizes')).toBe('100vw');
  });

  it('loads a hero at once', () => {
    const html = renderToStaticMarkup(<ShopPicture image={image} sizes="100vw" className="order-hero" isLazy={false} />);
    expect(html).toContain('loading="eager"');
  });
});
