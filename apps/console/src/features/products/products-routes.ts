import type { ConsoleRoute } from '../../lib/routes.ts';

export const productsRoutes: readonly ConsoleRoute[] = [
  { path: '/venues/:code/products', screen: 'products', access: 'signed-in', load: () => import('./products-page.tsx') },
  { path: '/venues/:code/products/new', screen: 'new-product', access: 'signed-in', load: () => import('./product-page.tsx') },
  { path: '/venues/:code/products/:id', screen: 'product', access: 'signed-in', load: () => import('./product-page.tsx') },
  {
    path: '/venues/:code/venue-images',
    screen: 'venue-images',
    access: 'signed-in',
    load: () => import('./venue-images-page.tsx'),
  },
];
