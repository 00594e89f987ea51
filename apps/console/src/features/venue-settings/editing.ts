/** The pure parts of the texts and payment-method editors. */
import type { ShopText } from '@storefront/domain/console/venue-settings';

/** Texts whose key or text (the venue's or the default) holds `search`, the missing ones only when asked. */
export function filterTexts(texts: readonly ShopText[], search: string, missingOnly: boolean): ShopText[] {
  const needle = search.trim().toLowerCase();
  return texts.filter(
    (text) =>
      (!missingOnly || text.missing) &&
      (!needle || [text.key, text.value ?? '', text.default ?? ''].some((part) => part.toLowerCase().includes(needle))),
  );
}

/** `list` with the entry at `index` moved by `step` (−1 up, +1 down); unchanged at either end. */
export function moved<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [entry] = next.splice(index, 1);
  if (entry !== undefined) next.splice(target, 0, entry);
  return next;
}
