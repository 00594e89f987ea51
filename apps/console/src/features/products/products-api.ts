/** A venue's products and images (`/console/api/v1/venues/:venue/products`, `…/images`, `…/venue-images`). */
import type {
  ConsoleImage,
  ConsoleProduct,
  NewProductBody,
  ProductPatchBody,
  VenueImages,
  VenueImagesBody,
} from '@storefront/domain/console/products';
import type { VenueSummary } from '@storefront/domain/console/venues';
import type { ProductWaitingList, ProductWaitingListBody } from '@storefront/domain/console/waiting-list';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';

const venuePath = (code: string) => `venues/${encodeURIComponent(code)}`;

export const productQueries = {
  all: (code: string) => ['products', code] as const,
  list: (code: string, withArchived: boolean) =>
    queryOptions({
      queryKey: ['products', code, 'list', withArchived],
      queryFn: () =>
        api.get<{ products: ConsoleProduct[] }>(`${venuePath(code)}/products`, { archived: withArchived ? 'true' : 'false' }),
    }),
  one: (code: string, id: number) =>
    queryOptions({
      queryKey: ['products', code, 'one', id],
      queryFn: () => api.get<ConsoleProduct>(`${venuePath(code)}/products/${id}`),
    }),
  venue: (code: string) =>
    queryOptions({ queryKey: ['products', code, 'venue'], queryFn: () => api.get<VenueSummary>(venuePath(code)) }),
  /** Whether the product's sold-out slots take a waiting list, and how long an offer holds. */
  waitingList: (code: string, id: number) =>
    queryOptions({
      queryKey: ['products', code, 'waiting-list', id],
      queryFn: () => api.get<ProductWaitingList>(`${venuePath(code)}/products/${id}/waiting-list`),
    }),
  venueImages: (code: string) =>
    queryOptions({
      queryKey: ['products', code, 'venue-images'],
      queryFn: () => api.get<VenueImages>(`${venuePath(code)}/venue-images`),
    }),
};

export const productsApi = {
  create: (code: string, body: NewProductBody) => api.post<ConsoleProduct>(`${venuePath(code)}/products`, body),
  update: (code: string, id: number, body: ProductPatchBody) =>
    api.patch<ConsoleProduct>(`${venuePath(code)}/products/${id}`, body),
  archive: (code: string, id: number) => api.post<ConsoleProduct>(`${venuePath(code)}/products/${id}/archive`),
  unarchive: (code: string, id: number) => api.post<ConsoleProduct>(`${venuePath(code)}/products/${id}/unarchive`),
  uploadImage: (code: string, file: File) => api.upload<ConsoleImage>(`${venuePath(code)}/images`, file),
  setAlt: (code: string, id: string, alt: Record<string, string>) =>
    api.patch<ConsoleImage>(`${venuePath(code)}/images/${id}`, { alt }),
  saveWaitingList: (code: string, id: number, body: ProductWaitingListBody) =>
    api.put<ProductWaitingList>(`${venuePath(code)}/products/${id}/waiting-list`, body),
  setVenueImages: (code: string, body: VenueImagesBody) => api.put<VenueImages>(`${venuePath(code)}/venue-images`, body),
};

/** A text in the console's language, else the venue's default, else any. */
export function textIn(text: Record<string, string>, lang: string, fallback = ''): string {
  return text[lang] || Object.values(text).find(Boolean) || fallback;
}
