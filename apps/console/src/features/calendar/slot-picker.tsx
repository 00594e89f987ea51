/** The slots of one day, to pick one by one rather than the whole day. */
import type { CalendarProduct, CalendarSlot } from '@storefront/domain/console/calendar';
import type { LanguageCode } from '@storefront/domain/constants';
import { useTranslation } from 'react-i18next';
import { CheckboxField, FieldSet } from '../../ui/field.tsx';
import { formatDay } from './month-grid.tsx';

/** A product's or option's name in the console's language, else in any language it has. */
export const nameIn = (names: Record<string, string>, lang: string) =>
  names[lang] || names.en || names.ja || Object.values(names)[0] || '';

export function SlotPicker(props: {
  day: string;
  lang: LanguageCode;
  slots: readonly CalendarSlot[];
  products: readonly CalendarProduct[];
  picked: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
}) {
  const { t } = useTranslation();
  if (props.slots.length === 0) return <p>{t('calendar.noSlots')}</p>;
  const productName = (id: number) => nameIn(props.products.find((p) => p.id === id)?.name ?? {}, props.lang);
  return (
    <FieldSet legend={t('calendar.slotsOf', { day: formatDay(props.day, props.lang) })} hint={t('calendar.slotsHint')}>
      <ul className="calendar-slots">
        {props.slots.map((slot) => (
          <li key={slot.id}>
            <CheckboxField
              checked={props.picked.has(slot.id)}
              onChange={(event) => {
                const next = new Set(props.picked);
                if (event.target.checked) next.add(slot.id);
                else next.delete(slot.id);
                props.onChange(next);
              }}
              label={`${slot.start_time}–${slot.end_time} ${productName(slot.product_id)}`}
              hint={[
                t('calendar.slotStock', { capacity: slot.capacity, sold: slot.sold, held: slot.held }),
                slot.on_sale ? null : t('calendar.notOnSale'),
                slot.prices.length > 0 ? t('calendar.ownPrices', { count: slot.prices.length }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </li>
        ))}
      </ul>
    </FieldSet>
  );
}
