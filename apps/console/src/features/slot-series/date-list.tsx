/** Closure or holiday dates: a list of dates to add to and remove from. */
import type { UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldSet, TextField } from '../../ui/field.tsx';
import type { SeriesFormValues } from './series-form.ts';

export function DateList(props: {
  legend: string;
  addLabel: string;
  name: 'closed_dates' | 'holiday_dates';
  fields: { id: string }[];
  register: UseFormRegister<SeriesFormValues>;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <FieldSet legend={props.legend}>
      {props.fields.length === 0 ? <p className="field-hint">{t('slotSeries.noDates')}</p> : null}
      <ul className="date-list">
        {props.fields.map((field, index) => (
          <li key={field.id}>
            <TextField
              label={t('slotSeries.dateN', { n: index + 1 })}
              type="date"
              {...props.register(`${props.name}.${index}.date`)}
            />
            <button type="button" className="button button-quiet" onClick={() => props.onRemove(index)}>
              {t('slotSeries.removeDate', { n: index + 1 })}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={props.onAdd}>
        {props.addLabel}
      </button>
    </FieldSet>
  );
}
