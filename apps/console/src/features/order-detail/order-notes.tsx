/** Staff notes on the order, oldest first, each with who wrote it and when; a new one with `orders:write`. */
import { MAX_NOTE_LENGTH, NewOrderNoteBody } from '@storefront/domain/console/order-detail';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format.ts';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { FieldError } from '../../ui/field.tsx';
import { Notice, ProblemNotice } from '../../ui/notice.tsx';
import { useAddNote } from './order-detail-api.ts';
import { type OrderSectionProps, Section } from './order-section.tsx';

export function NotesSection(props: OrderSectionProps) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const { notes } = props.order;
  return (
    <Section id="order-notes-title" title={t('orderDetail.notes.title')}>
      {notes.length === 0 ? <p className="field-hint">{t('orderDetail.notes.none')}</p> : null}
      <ul className="order-notes">
        {notes.map((note) => (
          <li key={note.id}>
            <p className="order-note-body">{note.body}</p>
            <p className="field-hint">
              {t('orderDetail.notes.by', { staff: note.staff_label, at: formatDateTime(note.created_at, lang) })}
            </p>
          </li>
        ))}
      </ul>
      {props.mayWrite ? <NoteForm {...props} /> : null}
    </Section>
  );
}

function NoteForm(props: OrderSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const [added, setAdded] = useState(false);
  const form = useForm({ resolver: contractResolver(NewOrderNoteBody, t), defaultValues: { body: '' } });
  const add = useAddNote(props.venue, props.order.id, {
    onSuccess: () => {
      setAdded(true);
      form.reset({ body: '' });
    },
    onError: (error) => placeFieldError(error, form.setError, ['body'], t),
  });
  const error = form.formState.errors.body?.message;
  return (
    <form
      className="form order-note-form"
      noValidate
      aria-label={t('orderDetail.notes.add')}
      onSubmit={form.handleSubmit((body) => {
        setAdded(false);
        add.mutate(body);
      })}
    >
      <div className="field">
        <label htmlFor={`${id}-body`}>{t('orderDetail.notes.body')}</label>
        <p id={`${id}-hint`} className="field-hint">
          {t('orderDetail.notes.hint', { max: MAX_NOTE_LENGTH.toLocaleString() })}
        </p>
        <textarea
          id={`${id}-body`}
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
          {...form.register('body')}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
      {added ? <Notice kind="success">{t('orderDetail.notes.added')}</Notice> : null}
      <ProblemNotice error={error ? null : add.error} />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={add.isPending}>
          {t('orderDetail.notes.add')}
        </button>
      </div>
    </form>
  );
}
