/**
 * The order page's selection: what the visitor has chosen, how it is saved in the session
 * (SavedOrderPage) and how a saved or stale selection is reconciled with what the venue sells
 * now, dropping choices that no longer exist or can no longer be bought.
 */
import type { Product, StockStatus } from '@storefront/domain/api/catalogue';
import type { SavedOrderPage } from './flow.ts';
import type { Quantities } from './quantity-rules.ts';

export type Selection = {
  productUuid: string | null;
  date: string | null;
  timeSpanId: number | null;
  /** Option id → quantity. */
  options: Quantities;
  /** Set product id → quantity. */
  setProducts: Quantities;
};

export const EMPTY_SELECTION: Selection = { productUuid: null, date: null, timeSpanId: null, options: {}, setProducts: {} };

/** The accordions of the page (SPEC §3 accordion open flags). */
export type Section = 'productList' | 'calendarList' | 'timeSpans' | 'optionValues';
export type OrderProcedure = 'product_first' | 'date_first';

const isDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

function quantities(value: unknown): Quantities {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const kept: Quantities = {};
  for (const [id, quantity] of Object.entries(value)) {
    if (/^\d+$/.test(id) && typeof quantity === 'number' && Number.isSafeInteger(quantity) && quantity > 0) kept[id] = quantity;
  }
  return kept;
}

/** The saved order page, if the session holds a well-formed one. */
export function parseSavedOrderPage(value: unknown): SavedOrderPage | null {
  if (typeof value !== 'object' || value === null) return null;
  const saved = value as Record<string, unknown>;
  if (typeof saved.productUuid !== 'string' || !isDate(saved.date) || !isId(saved.timeSpanId)) return null;
  return {
    productUuid: saved.productUuid,
    date: saved.date,
    timeSpanId: saved.timeSpanId,
    options: quantities(saved.options),
    setProducts: quantities(saved.setProducts),
  };
}

export function selectionOf(saved: SavedOrderPage | null): Selection {
  return saved ? { ...saved } : EMPTY_SELECTION;
}

/** The page as saved on proceed; null until product, date and slot are chosen. */
export function savedOrderPageOf(selection: Selection): SavedOrderPage | null {
  const { productUuid, date, timeSpanId } = selection;
  if (!productUuid || !date || !timeSpanId) return null;
  return { productUuid, date, timeSpanId, options: { ...selection.options }, setProducts: { ...selection.setProducts } };
}

/** What the page knows of the catalogue so far; each part is undefined until it has loaded. */
export type Known = {
  today: string;
  procedure: OrderProcedure;
  /** The products sold on the web. */
  products?: readonly Pick<Product, 'uuid' | 'type' | 'options'>[] | undefined;
  /** The calendar's day statuses (for the product in product-first, for the venue in date-first). */
  dayStatuses?: readonly { date: string; status: StockStatus }[] | undefined;
  /** Date-first: the products with slots on the chosen date. */
  dayProducts?: readonly string[] | undefined;
  /** The chosen product's slots on the chosen date. */
  timeSpans?: readonly { id: number; status: StockStatus }[] | undefined;
  /** The set products of the chosen slot, with what is left of each. */
  setProducts?: readonly { id: number; remaining: number }[] | undefined;
};

const isOpen = (status: StockStatus) => status === 'available' || status === 'few';

/** The quantities of the listed ids only, each no more than its limit. */
function pick(quantitiesById: Quantities, items: readonly { id: number; remaining?: number }[]): Quantities {
  const kept: Quantities = {};
  for (const item of items) {
    const quantity = Math.min(quantitiesById[String(item.id)] ?? 0, item.remaining ?? Number.POSITIVE_INFINITY);
    if (quantity > 0) kept[String(item.id)] = quantity;
  }
  return kept;
}

/**
 * The selection with every choice the catalogue no longer supports dropped: a product no longer
 * sold, a past or unbookable date, a slot that is gone, closed or sold out, options and set products
 * that are not the product's; a set product is cut down to what is left of it. A product without
 * time slots (date or period) gets its day's one slot.
 */
export function reconcile(selection: Selection, known: Known): Selection {
  let { productUuid, date, timeSpanId, options, setProducts } = selection;
  if (date !== null && date < known.today) date = null;
  if (date !== null && known.dayStatuses) {
    const day = known.dayStatuses.find((d) => d.date === date);
    if (!day || !isOpen(day.status)) date = null;
  }
  const product = productUuid && known.products ? known.products.find((p) => p.uuid === productUuid) : undefined;
  if (productUuid && known.products && !product) productUuid = null;
  if (productUuid && date && known.procedure === 'date_first' && known.dayProducts && !known.dayProducts.includes(productUuid)) {
    productUuid = null;
  }
  if (!productUuid) {
    // Product-first: the calendar belongs to the product, so its date goes with it.
    if (known.procedure === 'product_first') date = null;
    return { productUuid: null, date, timeSpanId: null, options: {}, setProducts: {} };
  }
  if (product) options = pick(options, product.options);
  if (!date) return { productUuid, date, timeSpanId: null, options, setProducts };
  if (known.timeSpans) {
    if (product && product.type !== 'time') {
      timeSpanId = known.timeSpans.find((span) => isOpen(span.status))?.id ?? null;
    } else {
      const span = known.timeSpans.find((s) => s.id === timeSpanId);
      if (!span || !isOpen(span.status)) timeSpanId = null;
    }
  }
  if (known.setProducts) setProducts = pick(setProducts, known.setProducts);
  return { productUuid, date, timeSpanId, options, setProducts };
}

/** Choosing a product starts its options afresh; a date already chosen stays if it still suits. */
export function chooseProduct(selection: Selection, productUuid: string): Selection {
  if (selection.productUuid === productUuid) return selection;
  return { ...selection, productUuid, timeSpanId: null, options: {}, setProducts: {} };
}

export function chooseDate(selection: Selection, date: string): Selection {
  if (selection.date === date) return selection;
  return { ...selection, date, timeSpanId: null };
}

export function chooseTimeSpan(selection: Selection, timeSpanId: number): Selection {
  return { ...selection, timeSpanId };
}

export function setQuantity(quantitiesById: Quantities, id: number, quantity: number): Quantities {
  const next = { ...quantitiesById };
  if (quantity > 0) next[String(id)] = quantity;
  else delete next[String(id)];
  return next;
}

/** The page's sections in the site's order procedure; products without slots have no time picker. */
export function sectionsOf(procedure: OrderProcedure, hasTimePicker: boolean): Section[] {
  const first: Section[] = procedure === 'product_first' ? ['productList', 'calendarList'] : ['calendarList', 'productList'];
  return [...first, ...(hasTimePicker ? (['timeSpans'] as const) : []), 'optionValues'];
}

const isChosen = (section: Section, selection: Selection) =>
  section === 'productList'
    ? selection.productUuid !== null
    : section === 'calendarList'
      ? selection.date !== null
      : section === 'timeSpans'
        ? selection.timeSpanId !== null
        : false;

/** The first section still waiting for a choice (the options once everything before is chosen). */
export function currentSection(sections: readonly Section[], selection: Selection): Section {
  return sections.find((section) => !isChosen(section, selection)) ?? 'optionValues';
}

/**
 * Which sections are open: one the visitor opened or closed stays so; otherwise only the current
 * one is. Sections after the current one are not shown at all.
 */
export function openSections(
  sections: readonly Section[],
  current: Section,
  flags: Partial<Record<Section, boolean>>,
): Record<Section, boolean> {
  const open = { productList: false, calendarList: false, timeSpans: false, optionValues: false };
  for (const section of sections) open[section] = flags[section] ?? section === current;
  return open;
}

/** After a choice in `section`: it closes, and the ones after it go back to following the flow. */
export function flagsAfterChoice(
  sections: readonly Section[],
  section: Section,
  flags: Partial<Record<Section, boolean>>,
): Partial<Record<Section, boolean>> {
  const next: Partial<Record<Section, boolean>> = { ...flags, [section]: false };
  for (const later of sections.slice(sections.indexOf(section) + 1)) delete next[later];
  return next;
}

/**
 * The places this visit's own temporary order holds. Changing or replacing that order gives them
 * back first, so for this visitor they count as free.
 */
export type OwnHold = { productUuid: string; date: string; timeSpanId: number; admissions: number; setProducts: Quantities };

export function ownHoldOf(
  saved: SavedOrderPage | null,
  hasOrder: boolean,
  products: readonly Pick<Product, 'uuid' | 'options'>[] | undefined,
): OwnHold | null {
  const product = products?.find((p) => p.uuid === saved?.productUuid);
  if (!saved || !hasOrder || !product) return null;
  const admissions = product.options
    .filter((o) => o.type === 'admission')
    .reduce((sum, o) => sum + (saved.options[String(o.id)] ?? 0), 0);
  return { ...saved, admissions };
}

/**
 * Stock entries (days, slots, set products) as this visitor sees them: `held` places added back to
 * the entries `isHeld` picks, with the status worked out again as the server does.
 */
export function withHeld<T extends { remaining: number; status?: StockStatus }>(
  entries: readonly T[],
  isHeld: (entry: T) => boolean,
  held: (entry: T) => number,
  lowStockThreshold: number,
): T[] {
  return entries.map((entry) => {
    const extra = isHeld(entry) ? held(entry) : 0;
    if (extra <= 0 || entry.status === 'closed') return entry;
    const remaining = entry.remaining + extra;
    return entry.status === undefined
      ? { ...entry, remaining }
      : { ...entry, remaining, status: remaining <= lowStockThreshold ? 'few' : 'available' };
  });
}
