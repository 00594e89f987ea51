/** A venue's coupons and membership promotions (`/console/api/v1/venues/:venue/coupons`, `/promotions`), rights `catalogue:*`. */
import type {
  Coupon,
  CouponBatch,
  CouponChanges,
  CouponPage,
  MembershipPromotion,
  NewCouponBatchBody,
  NewCouponBody,
  NewPromotionBody,
  PromotionChanges,
} from '@storefront/domain/console/coupons';
import { infiniteQueryOptions, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiUrl } from '../../lib/api/client.ts';
import type { MutationReactions } from '../../lib/mutations.ts';

export type CouponListFilters = { q: string; status: string; batch: string };

const venuePath = (venue: string) => `venues/${encodeURIComponent(venue)}`;
const filterQuery = (filters: CouponListFilters) => ({ q: filters.q, status: filters.status, batch: filters.batch });

/** What a coupon's product picker needs of a product (the console's products list answers more). */
export type CouponProduct = { id: number; name: Record<string, string>; is_archived: boolean };

const couponKeys = {
  all: (venue: string) => ['coupons', venue] as const,
  list: (venue: string, filters: CouponListFilters) => [...couponKeys.all(venue), filters] as const,
  products: (venue: string) => [...couponKeys.all(venue), 'products'] as const,
};

const promotionKeys = {
  all: (venue: string) => ['promotions', venue] as const,
};

export const couponQueries = {
  list: (venue: string, filters: CouponListFilters) =>
    infiniteQueryOptions({
      queryKey: couponKeys.list(venue, filters),
      queryFn: ({ pageParam }) => couponsApi.list(venue, filters, pageParam),
      initialPageParam: null as number | null,
      getNextPageParam: (page) => page.next_before ?? undefined,
    }),
  promotions: (venue: string) =>
    queryOptions({ queryKey: promotionKeys.all(venue), queryFn: () => couponsApi.promotions(venue) }),
  /** The venue's products on sale (not archived), for choosing the ones a coupon applies to. */
  products: (venue: string) =>
    queryOptions({
      queryKey: couponKeys.products(venue),
      queryFn: () => api.get<{ products: CouponProduct[] }>(`${venuePath(venue)}/products`, { archived: 'false' }),
      staleTime: 60_000,
    }),
};

export const couponsApi = {
  list: (venue: string, filters: CouponListFilters, before: number | null) =>
    api.get<CouponPage>(`${venuePath(venue)}/coupons`, { ...filterQuery(filters), before, limit: 50 }),
  create: (venue: string, body: z.input<typeof NewCouponBody>) => api.post<Coupon>(`${venuePath(venue)}/coupons`, body),
  generate: (venue: string, body: z.input<typeof NewCouponBatchBody>) =>
    api.post<CouponBatch>(`${venuePath(venue)}/coupons/batches`, body),
  update: (venue: string, id: number, body: z.input<typeof CouponChanges>) =>
    api.patch<Coupon>(`${venuePath(venue)}/coupons/${id}`, body),
  /** The CSV download's address: a plain link, so the browser saves the file itself. */
  exportUrl: (venue: string, filters: Partial<CouponListFilters>, lang: string) =>
    apiUrl(`${venuePath(venue)}/coupons/export.csv`, { ...filters, lang }),
  promotions: (venue: string) =>
    api.get<{ has_membership_login: boolean; promotions: MembershipPromotion[] }>(`${venuePath(venue)}/promotions`),
  createPromotion: (venue: string, body: z.input<typeof NewPromotionBody>) =>
    api.post<MembershipPromotion>(`${venuePath(venue)}/promotions`, body),
  updatePromotion: (venue: string, id: number, body: z.input<typeof PromotionChanges>) =>
    api.patch<MembershipPromotion>(`${venuePath(venue)}/promotions/${id}`, body),
};

/** Reads the venue's coupons again (every filtered list, and the products to choose from). */
const invalidateCoupons = (client: QueryClient, venue: string) => client.invalidateQueries({ queryKey: couponKeys.all(venue) });

const invalidatePromotions = (client: QueryClient, venue: string) =>
  client.invalidateQueries({ queryKey: promotionKeys.all(venue) });

export function useCreateCoupon(venue: string, reactions: MutationReactions<Coupon, z.input<typeof NewCouponBody>> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: z.input<typeof NewCouponBody>) => couponsApi.create(venue, body),
    onSuccess: (...done) => {
      void invalidateCoupons(queryClient, venue);
      return reactions.onSuccess?.(...done);
    },
  });
}

export function useGenerateCoupons(
  venue: string,
  reactions: MutationReactions<CouponBatch, z.input<typeof NewCouponBatchBody>> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: z.input<typeof NewCouponBatchBody>) => couponsApi.generate(venue, body),
    onSuccess: (...done) => {
      void invalidateCoupons(queryClient, venue);
      return reactions.onSuccess?.(...done);
    },
  });
}

export function useUpdateCoupon(
  venue: string,
  id: number,
  reactions: MutationReactions<Coupon, z.input<typeof CouponChanges>> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: z.input<typeof CouponChanges>) => couponsApi.update(venue, id, body),
    onSuccess: (...done) => {
      void invalidateCoupons(queryClient, venue);
      return reactions.onSuccess?.(...done);
    },
  });
}

/** Deactivates an active coupon, or reactivates an inactive one. */
export function useToggleCoupon(venue: string, reactions: MutationReactions<Coupon, Coupon> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (coupon: Coupon) => couponsApi.update(venue, coupon.id, { is_active: !coupon.is_active }),
    onSuccess: (...done) => {
      void invalidateCoupons(queryClient, venue);
      return reactions.onSuccess?.(...done);
    },
  });
}

export function useCreatePromotion(
  venue: string,
  reactions: MutationReactions<MembershipPromotion, z.input<typeof NewPromotionBody>> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: z.input<typeof NewPromotionBody>) => couponsApi.createPromotion(venue, body),
    onSuccess: (...done) => {
      void invalidatePromotions(queryClient, venue);
      return reactions.onSuccess?.(...done);
    },
  });
}

/** Deactivates an active promotion, or reactivates an inactive one. */
export function useTogglePromotion(venue: string, reactions: MutationReactions<MembershipPromotion, MembershipPromotion> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (promotion: MembershipPromotion) =>
      couponsApi.updatePromotion(venue, promotion.id, { is_active: !promotion.is_active }),
    onSuccess: (...done) => {
      void invalidatePromotions(queryClient, venue);
      return reactions.onSuccess?.(...done);
    },
  });
}
