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
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';

const venuePath = (code: string) => `venues/${encodeURIComponent(code)}`;

const productKeys = {
  all: (code: string) => ['products', code] as const,
  list: (code: string, withArchived: boolean) => [...productKeys.all(code), 'list', withArchived] as const,
  one: (code: string, id: number) => [...productKeys.all(code), 'one', id] as const,
  venue: (code: string) => [...productKeys.all(code), 'venue'] as const,
  waitingList: (code: string, id: number) => [...productKeys.all(code), 'waiting-list', id] as const,
  venueImages: (code: string) => [...productKeys.all(code), 'venue-images'] as const,
};

export const productQueries = {
  list: (code: string, withArchived: boolean) =>
    queryOptions({
      queryKey: productKeys.list(code, withArchived),
      queryFn: () =>
        api.get<{ products: ConsoleProduct[] }>(`${venuePath(code)}/products`, { archived: withArchived ? 'true' : 'false' }),
    }),
  one: (code: string, id: number) =>
    queryOptions({
      queryKey: productKeys.one(code, id),
      queryFn: () => api.get<ConsoleProduct>(`${venuePath(code)}/products/${id}`),
    }),
  venue: (code: string) =>
    queryOptions({ queryKey: productKeys.venue(code), queryFn: () => api.get<VenueSummary>(venuePath(code)) }),
  /** Whether the product's sold-out slots take a waiting list, and how long an offer holds. */
  waitingList: (code: string, id: number) =>
    queryOptions({
      queryKey: productKeys.waitingList(code, id),
      queryFn: () => api.get<ProductWaitingList>(`${venuePath(code)}/products/${id}/waiting-list`),
    }),
  venueImages: (code: string) =>
    queryOptions({
      queryKey: productKeys.venueImages(code),
      queryFn: () => api.get<VenueImages>(`${venuePath(code)}/venue-images`),
    }),
};

const productsApi = {
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

/** Reads everything about the venue's products again: the lists, each product, its waiting list, the images. */
const invalidateProducts = (client: QueryClient, code: string) => client.invalidateQueries({ queryKey: productKeys.all(code) });

/**
 * Creates the product, or saves the one there is. It counts as saved once the venue's products are
 * read again, so the screen it leads to shows it as it now is.
 */
export function useSaveProduct(
  code: string,
  product: ConsoleProduct | null,
  reactions: MutationReactions<ConsoleProduct, NewProductBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: NewProductBody) => (product ? productsApi.update(code, product.id, body) : productsApi.create(code, body)),
    onSuccess: async (...done) => {
      await invalidateProducts(queryClient, code);
      return reactions.onSuccess?.(...done);
    },
  });
}

/** Archives a product on sale, or brings an archived one back. */
export function useToggleArchived(code: string, reactions: MutationReactions<ConsoleProduct, ConsoleProduct> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (product: ConsoleProduct) =>
      product.is_archived ? productsApi.unarchive(code, product.id) : productsApi.archive(code, product.id),
    onSuccess: (...done) => {
      void invalidateProducts(queryClient, code);
      return reactions.onSuccess?.(...done);
    },
  });
}

export const useUploadImage = (code: string, reactions: MutationReactions<ConsoleImage, File> = {}) =>
  useMutation({ ...reactions, mutationFn: (file: File) => productsApi.uploadImage(code, file) });

export const useSetImageAlt = (
  code: string,
  reactions: MutationReactions<ConsoleImage, { id: string; alt: Record<string, string> }> = {},
) =>
  useMutation({
    ...reactions,
    mutationFn: ({ id, alt }: { id: string; alt: Record<string, string> }) => productsApi.setAlt(code, id, alt),
  });

/** The product's waiting list settings; the answer is what is stored now. */
export function useSaveWaitingList(
  code: string,
  productId: number,
  reactions: MutationReactions<ProductWaitingList, ProductWaitingListBody> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: ProductWaitingListBody) => productsApi.saveWaitingList(code, productId, body),
    onSuccess: (...done) => {
      queryClient.setQueryData(productQueries.waitingList(code, productId).queryKey, done[0]);
      return reactions.onSuccess?.(...done);
    },
  });
}

/** The venue's own images; the answer is what is stored now. */
export function useSetVenueImages(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VenueImagesBody) => productsApi.setVenueImages(code, body),
    onSuccess: (answer) => queryClient.setQueryData(productQueries.venueImages(code).queryKey, answer),
  });
}
