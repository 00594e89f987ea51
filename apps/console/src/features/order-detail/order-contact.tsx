/**
 * The visitor's contact details: shown to every reader, corrected with `orders:write` under the
 * shop's own rules (SPEC §5 e-mail and phone, the name's length). Only what was changed is sent.
 */
import { OrderContactChanges } from '@storefront/domain/console/order-detail';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { contractResolver, placeFieldError } from '../../lib/forms.ts';
import { TextField } from '../../ui/field.tsx';
import { Notice, ProblemNotice } from '../../ui/notice.tsx';
import { useEditContact } from './order-detail-api.ts';
import { type OrderSectionProps, Section } from './order-section.tsx';

const FIELDS = ['fullname', 'email', 'phone'] as const;
type ContactValues = Record<(typeof FIELDS)[number], string>;

/** The fields as typed, against the details as they are: the changed ones, checked by the contract. */
const contactForm = (current: ContactValues) =>
  z
    .object({ fullname: z.string(), email: z.string(), phone: z.string() })
    .transform((values) =>
      Object.fromEntries(FIELDS.filter((field) => values[field] !== current[field]).map((f) => [f, values[f]])),
    )
    .pipe(OrderContactChanges);

export function ContactSection(props: OrderSectionProps) {
  const { t } = useTranslation();
  const { contact } = props.order;
  // Kept here: the form is made anew once the saved details come back.
  const [saved, setSaved] = useState(false);
  return (
    <Section id="order-contact-title" title={t('orderDetail.contact.title')}>
      {props.mayWrite ? (
        // A new form per saved version of the details: its defaults are what is stored.
        <ContactForm
          key={`${contact.fullname}\n${contact.email}\n${contact.phone}`}
          {...props}
          saved={saved}
          onSaved={setSaved}
        />
      ) : (
        <dl className="order-facts">
          {FIELDS.map((field) => (
            <div key={field}>
              <dt>{t(`orderDetail.contact.${field}`)}</dt>
              <dd>{contact[field] || t('orderDetail.none')}</dd>
            </div>
          ))}
        </dl>
      )}
    </Section>
  );
}

function ContactForm(props: OrderSectionProps & { saved: boolean; onSaved: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const current = props.order.contact;
  const [unchanged, setUnchanged] = useState(false);
  const schema = contactForm(current);
  const form = useForm({
    resolver: contractResolver(schema, t, {
      email: 'orderDetail.contact.emailInvalid',
      phone: 'orderDetail.contact.phoneInvalid',
    }),
    defaultValues: { ...current },
  });
  const save = useEditContact(props.venue, props.order.id, {
    onSuccess: () => props.onSaved(true),
    onError: (error) => placeFieldError(error, form.setError, FIELDS, t),
  });
  const errors = form.formState.errors;
  return (
    <form
      className="form order-contact"
      noValidate
      aria-label={t('orderDetail.contact.title')}
      onSubmit={(event) => {
        props.onSaved(false);
        // Nothing changed: nothing to send (the contract asks for at least one field).
        const values = form.getValues();
        if (FIELDS.every((field) => values[field] === current[field])) {
          event.preventDefault();
          setUnchanged(true);
          return;
        }
        setUnchanged(false);
        void form.handleSubmit((body) => save.mutate(body))(event);
      }}
    >
      <TextField
        label={t('orderDetail.contact.fullname')}
        autoComplete="off"
        error={errors.fullname?.message}
        {...form.register('fullname')}
      />
      <TextField
        label={t('orderDetail.contact.email')}
        hint={t('orderDetail.contact.emailHint')}
        type="email"
        autoComplete="off"
        spellCheck={false}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label={t('orderDetail.contact.phone')}
        type="tel"
        autoComplete="off"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      {props.saved ? <Notice kind="success">{t('orderDetail.contact.saved')}</Notice> : null}
      {unchanged ? <Notice>{t('orderDetail.contact.unchanged')}</Notice> : null}
      <ProblemNotice error={Object.keys(form.formState.errors).length > 0 ? null : save.error} />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('orderDetail.contact.save')}
        </button>
      </div>
    </form>
  );
}
