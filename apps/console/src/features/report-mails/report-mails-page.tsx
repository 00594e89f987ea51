/**
 * `/account/report-mails`: the summary mails the signed-in member receives, a row per venue whose
 * figures they may read, daily (the day before, every morning) and weekly (the week before, on
 * Mondays), in their own language. Saving replaces the whole list; a refusal lands on the box it
 * names.
 */
import {
  REPORT_MAIL_FREQUENCIES,
  REPORT_MAIL_HOUR,
  type ReportMailFrequency,
  type ReportMailSubscription,
  type ReportMails,
  ReportMailsBody,
} from '@storefront/domain/console/reports';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { issueMessage } from '../../lib/forms.ts';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { FieldError } from '../../ui/field.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { reportMailsQuery, useSaveReportMails } from './report-mails-api.ts';
import '../../ui/data-table.css';
import './report-mails.css';

type Row = { venue: string; name: string; daily: boolean; weekly: boolean };
type Values = { rows: Row[] };

export default function ReportMailsPage() {
  const { t, i18n } = useTranslation();
  const mails = useQuery(reportMailsQuery(currentLanguage(i18n)));
  return (
    <Screen name="report-mails" title={t('reportMails.title')} narrow>
      <p className="screen-lead">{t('reportMails.lead', { hour: `${String(REPORT_MAIL_HOUR).padStart(2, '0')}:00` })}</p>
      <ProblemNotice error={mails.error} />
      {mails.isPending ? <Loading /> : null}
      {mails.data ? <ReportMailsForm mails={mails.data} /> : null}
    </Screen>
  );
}

/** A row per venue offered, and one per venue still subscribed to that is no longer offered. */
function rowsOf(mails: ReportMails): Row[] {
  const has = (venue: string, frequency: ReportMailFrequency) =>
    mails.subscriptions.some((subscription) => subscription.venue === venue && subscription.frequency === frequency);
  const offered = mails.venues.map((venue) => ({
    venue: venue.code,
    name: venue.name,
    daily: has(venue.code, 'daily'),
    weekly: has(venue.code, 'weekly'),
  }));
  const others = [...new Set(mails.subscriptions.map((subscription) => subscription.venue))]
    .filter((venue) => !mails.venues.some((offeredVenue) => offeredVenue.code === venue))
    .map((venue) => ({ venue, name: venue, daily: has(venue, 'daily'), weekly: has(venue, 'weekly') }));
  return [...offered, ...others];
}

function subscriptionsOf(rows: Row[]): ReportMailSubscription[] {
  return rows.flatMap((row) =>
    REPORT_MAIL_FREQUENCIES.filter((frequency) => row[frequency]).map((frequency) => ({ venue: row.venue, frequency })),
  );
}

function ReportMailsForm(props: { mails: ReportMails }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const form = useForm<Values>({ defaultValues: { rows: rowsOf(props.mails) } });
  const [listError, setListError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const rows = form.getValues('rows');
  const errors = form.formState.errors;

  /** An issue about `subscriptions.<n>` lands on the box that made that subscription; others on the list. */
  const place = (sent: ReportMailSubscription[], path: readonly PropertyKey[], message: string) => {
    const index = typeof path[1] === 'number' ? path[1] : Number.parseInt(String(path[1] ?? ''), 10);
    const subscription = path[0] === 'subscriptions' && Number.isInteger(index) ? sent[index] : undefined;
    const row = subscription ? rows.findIndex((candidate) => candidate.venue === subscription.venue) : -1;
    if (subscription && row >= 0) {
      form.setError(
        `rows.${row}.${subscription.frequency}` as FieldPath<Values>,
        { type: 'server', message },
        { shouldFocus: true },
      );
    } else setListError(message);
  };

  const save = useSaveReportMails(lang, {
    onSuccess: () => setSaved(true),
    onError: (error, body) => {
      if (isApiError(error) && error.status === 400 && error.field) {
        const path = error.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
        place(body.subscriptions, path, t('reportMails.rejected'));
      }
    },
  });

  const submit = form.handleSubmit((values) => {
    setSaved(false);
    setListError(null);
    const body = { subscriptions: subscriptionsOf(values.rows) };
    const checked = ReportMailsBody.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) place(body.subscriptions, issue.path, issueMessage(issue, t));
      return;
    }
    save.mutate(checked.data);
  });

  if (rows.length === 0) return <Notice>{t('reportMails.noVenues')}</Notice>;
  const lastSent = (venue: string, frequency: ReportMailFrequency) =>
    props.mails.subscriptions.find((subscription) => subscription.venue === venue && subscription.frequency === frequency)
      ?.last_sent_at ?? null;

  return (
    <form className="report-mails" onSubmit={submit} noValidate aria-labelledby="report-mails-title">
      {saved ? <Notice kind="success">{t('reportMails.saved')}</Notice> : null}
      {listError ? <Notice kind="error">{listError}</Notice> : null}
      {save.error && !(isApiError(save.error) && save.error.status === 400 && save.error.field) ? (
        <ProblemNotice error={save.error} />
      ) : null}
      <div className="table-scroll">
        <table className="data-table report-mails-table">
          <caption>{t('reportMails.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('reportMails.venue')}</th>
              {REPORT_MAIL_FREQUENCIES.map((frequency) => (
                <th key={frequency} scope="col">
                  {t(`reportMails.frequencies.${frequency}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.venue}>
                <th scope="row">
                  {row.name}
                  {row.name !== row.venue ? <span className="field-hint"> {row.venue}</span> : null}
                </th>
                {REPORT_MAIL_FREQUENCIES.map((frequency) => {
                  const error = errors.rows?.[index]?.[frequency]?.message;
                  const id = `report-mail-${index}-${frequency}`;
                  const sent = lastSent(row.venue, frequency);
                  const hintId = sent ? `${id}-sent` : null;
                  return (
                    <td key={frequency}>
                      <div className="check">
                        <input
                          type="checkbox"
                          id={id}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={[error ? `${id}-error` : null, hintId].filter(Boolean).join(' ') || undefined}
                          {...form.register(`rows.${index}.${frequency}`, {
                            onChange: () => {
                              setSaved(false);
                              form.clearErrors(`rows.${index}.${frequency}`);
                            },
                          })}
                        />
                        <label htmlFor={id} className="visually-hidden">
                          {t(`reportMails.frequencyFor.${frequency}`, { venue: row.name })}
                        </label>
                      </div>
                      {sent ? (
                        <p id={hintId ?? undefined} className="field-hint">
                          {t('reportMails.lastSent', { at: formatDateTime(sent, lang) })}
                        </p>
                      ) : null}
                      <FieldError id={`${id}-error`} message={error} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('reportMails.save')}
        </button>
      </div>
    </form>
  );
}
