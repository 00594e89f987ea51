import { describe, expect, it } from 'vitest';
import {
  chooseDate,
  chooseProduct,
  currentSection,
  EMPTY_SELECTION,
  flagsAfterChoice,
  type Known,
  openSections,
  ownHoldOf,
  parseSavedOrderPage,
  reconcile,
  type Selection,
  savedOrderPageOf,
  sectionsOf,
  selectionOf,
  setQuantity,
  withHeld,
} from './order-state.ts';

const timed = {
  uuid: 'timed',
  type: 'time' as const,
  options: [
    { id: 1, name: 'Adult', type: 'admission' as const, price: 2000 },
    { id: 2, name: 'Locker', type: 'addon' as const, price: 300 },
  ],
};
const dayPass = {
  uuid: 'day',
  type: 'date' as const,
  options: [{ id: 5, name: 'Adult', type: 'admission' as const, price: 2500 }],
};
const saved = { productUuid: 'timed', date: '2026-11-25', timeSpanId: 11, options: { '1': 2, '2': 1 }, setProducts: { '7': 1 } };
const known = (more: Partial<Known> = {}): Known => ({ today: '2026-11-22', procedure: 'product_first', ...more });

describe('the saved order page', () => {
  it('reads a well-formed saved page and nothing else', () => {
    expect(parseSavedOrderPage(saved)).toEqual(saved);
    expect(parseSavedOrderPage(null)).toBeNull();
    expect(parseSavedOrderPage({ ...saved, date: 'tomorrow' })).toBeNull();
    expect(parseSavedOrderPage({ ...saved, timeSpanId: '11' })).toBeNull();
  });

  it('drops malformed quantities', () => {
    expect(parseSavedOrderPage({ ...saved, options: { '1': 2, x: 1, '3': -1, '4': 1.5 }, setProducts: [] })).toEqual({
      ...saved,
      options: { '1': 2 },
      setProducts: {},
    });
  });

  it('is saved only once product, date and slot are chosen', () => {
    expect(savedOrderPageOf(EMPTY_SELECTION)).toBeNull();
    expect(savedOrderPageOf(selectionOf(saved))).toEqual(saved);
  });
});

describe('restoring against the current catalogue', () => {
  const restored = selectionOf(saved);

  it('keeps every choice that still exists', () => {
    const result = reconcile(
      restored,
      known({
        products: [timed],
        dayStatuses: [{ date: '2026-11-25', status: 'few' }],
        timeSpans: [{ id: 11, status: 'available' }],
        setProducts: [{ id: 7, remaining: 5 }],
      }),
    );
    expect(result).toEqual(restored);
  });

  it('drops a product that is no longer sold, with everything chosen for it', () => {
    expect(reconcile(restored, known({ products: [dayPass] }))).toEqual(EMPTY_SELECTION);
  });

  it('in date-first keeps the date when the product is gone', () => {
    expect(reconcile(restored, known({ procedure: 'date_first', products: [dayPass] }))).toEqual({
      ...EMPTY_SELECTION,
      date: '2026-11-25',
    });
  });

  it('in date-first drops a product not sold on the chosen day', () => {
    const result = reconcile(restored, known({ procedure: 'date_first', products: [timed], dayProducts: ['day'] }));
    expect(result.productUuid).toBeNull();
    expect(result.date).toBe('2026-11-25');
  });

  it('drops a past date and a date that is now sold out or closed', () => {
    expect(reconcile(restored, known({ today: '2026-11-26' })).date).toBeNull();
    expect(reconcile(restored, known({ dayStatuses: [{ date: '2026-11-25', status: 'sold_out' }] })).date).toBeNull();
    expect(reconcile(restored, known({ dayStatuses: [] })).timeSpanId).toBeNull();
  });

  it('drops a slot that is gone or no longer open, keeping the quantities', () => {
    const gone = reconcile(restored, known({ products: [timed], timeSpans: [{ id: 12, status: 'available' }] }));
    expect(gone.timeSpanId).toBeNull();
    expect(gone.options).toEqual(saved.options);
    expect(reconcile(restored, known({ timeSpans: [{ id: 11, status: 'sold_out' }] })).timeSpanId).toBeNull();
  });

  it('drops options that are not the product’s and set products not sold with the slot', () => {
    const result = reconcile(
      { ...restored, options: { '1': 2, '99': 1 }, setProducts: { '7': 1, '8': 2 } },
      known({ products: [timed], timeSpans: [{ id: 11, status: 'available' }], setProducts: [{ id: 8, remaining: 5 }] }),
    );
    expect(result.options).toEqual({ '1': 2 });
    expect(result.setProducts).toEqual({ '8': 2 });
  });

  it('cuts a set product down to what is left of it', () => {
    const result = reconcile(
      restored,
      known({ timeSpans: [{ id: 11, status: 'available' }], setProducts: [{ id: 7, remaining: 0 }] }),
    );
    expect(result.setProducts).toEqual({});
  });

  it('gives a product without time slots its day’s one slot', () => {
    const day: Selection = { ...EMPTY_SELECTION, productUuid: 'day', date: '2026-11-25' };
    const result = reconcile(
      day,
      known({
        products: [dayPass],
        timeSpans: [
          { id: 30, status: 'closed' },
          { id: 31, status: 'few' },
        ],
      }),
    );
    expect(result.timeSpanId).toBe(31);
    expect(reconcile(day, known({ products: [dayPass], timeSpans: [{ id: 30, status: 'sold_out' }] })).timeSpanId).toBeNull();
  });
});

describe('choices', () => {
  const restored = selectionOf(saved);

  it('starts a new product with no options, set products or slot', () => {
    expect(chooseProduct(restored, 'day')).toEqual({ ...EMPTY_SELECTION, productUuid: 'day', date: '2026-11-25' });
    expect(chooseProduct(restored, 'timed')).toBe(restored);
  });

  it('clears the slot when the date changes and keeps the quantities', () => {
    expect(chooseDate(restored, '2026-11-26')).toEqual({ ...restored, date: '2026-11-26', timeSpanId: null });
  });

  it('sets and removes quantities', () => {
    expect(setQuantity({ '1': 2 }, 3, 1)).toEqual({ '1': 2, '3': 1 });
    expect(setQuantity({ '1': 2 }, 1, 0)).toEqual({});
  });
});

describe('accordion sections', () => {
  it('follows the order procedure and leaves out the time picker for all-day products', () => {
    expect(sectionsOf('product_first', true)).toEqual(['productList', 'calendarList', 'timeSpans', 'optionValues']);
    expect(sectionsOf('date_first', true)).toEqual(['calendarList', 'productList', 'timeSpans', 'optionValues']);
    expect(sectionsOf('product_first', false)).toEqual(['productList', 'calendarList', 'optionValues']);
  });

  it('opens the first section still waiting for a choice', () => {
    const sections = sectionsOf('product_first', true);
    expect(currentSection(sections, EMPTY_SELECTION)).toBe('productList');
    expect(currentSection(sections, { ...EMPTY_SELECTION, productUuid: 'timed' })).toBe('calendarList');
    expect(currentSection(sections, selectionOf(saved))).toBe('optionValues');
    expect(openSections(sections, 'calendarList', {})).toEqual({
      productList: false,
      calendarList: true,
      timeSpans: false,
      optionValues: false,
    });
  });

  it('closes a section once chosen and lets the visitor reopen it', () => {
    const sections = sectionsOf('product_first', true);
    const flags = flagsAfterChoice(sections, 'productList', { productList: true, timeSpans: false });
    expect(flags).toEqual({ productList: false });
    expect(openSections(sections, 'calendarList', { ...flags, productList: true }).productList).toBe(true);
  });
});

describe('the visitor’s own hold', () => {
  it('counts the saved admissions of a live order, not its add-ons', () => {
    expect(ownHoldOf(saved, true, [timed])).toEqual({ ...saved, admissions: 2 });
    expect(ownHoldOf(saved, false, [timed])).toBeNull();
    expect(ownHoldOf(saved, true, [dayPass])).toBeNull();
    expect(ownHoldOf(null, true, [timed])).toBeNull();
  });

  it('gives the held places back to the held slot only, reopening it when it was sold out', () => {
    const spans = [
      { id: 11, remaining: 0, status: 'sold_out' as const },
      { id: 12, remaining: 0, status: 'sold_out' as const },
      { id: 13, remaining: 9, status: 'closed' as const },
    ];
    const seen = withHeld(
      spans,
      (s) => s.id === 11 || s.id === 13,
      () => 2,
      5,
    );
    expect(seen).toEqual([
      { id: 11, remaining: 2, status: 'few' },
      { id: 12, remaining: 0, status: 'sold_out' },
      { id: 13, remaining: 9, status: 'closed' },
    ]);
    expect(
      withHeld(
        [{ id: 11, remaining: 5, status: 'few' as const }],
        () => true,
        () => 2,
        5,
      )[0]?.status,
    ).toBe('available');
  });

  it('adds held set products to what is left of them', () => {
    const setProducts = [
      { id: 7, remaining: 0 },
      { id: 8, remaining: 3 },
    ];
    expect(
      withHeld(
        setProducts,
        () => true,
        (s) => ({ 7: 2 })[s.id] ?? 0,
        5,
      ),
    ).toEqual([
      { id: 7, remaining: 2 },
      { id: 8, remaining: 3 },
    ]);
  });
});
