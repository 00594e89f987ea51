/**
 * `/mail-release/{mailToken}`: stop the mail magazine (SPEC §2, §7). `GET mailmagazines` tells which
 * magazine fields the address receives (a 404 is ignored); `PUT` releases the chosen field. An
 * address already released gets the `mail magazine already unsubscribed` dialog (SPEC §8).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApp } from '../../lib/app-context.tsx';
import type { ScreenProps } from '../../lib/routes.ts';
import { mailMagazineQuery, mailReleaseApi } from './api/mail-release-api.ts';

const FIELD_LABELS: Record<string, string> = { mail_magazine: 'signin_field_mail_magazine' };

export default function MailReleasePage(props: ScreenProps) {
  const app = useApp();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = String(props.mailToken ?? '');
  const status = useQuery(mailMagazineQuery(app.api, token));
  const fields = status.data?.fields ?? [];
  const initial = fields.find((f) => f.is_subscribed)?.field_name ?? fields[0]?.field_name ?? 'mail_magazine';
  // `values`: the choice starts on the magazine the address receives, once the answer is in.
  const { register, handleSubmit } = useForm({ values: { field_name: initial } });
  const release = useMutation({
    mutationFn: (field: string) => mailReleaseApi(app.api).releaseMailMagazine(token, field),
    onSuccess: () => navigate('/mail-release-completion', { replace: true }),
  });
  const onSubmit = handleSubmit((values) => release.mutate(values.field_name));
  return (
    <section className="page" data-screen="mail-release">
      <h1>{t('mail_release_title')}</h1>
      <p>{t('mail_release_text')}</p>
      <form className="stack-form" onSubmit={onSubmit} noValidate>
        {fields.length > 1 && (
          <fieldset>
            <legend>{t('mail_release_choose')}</legend>
            {fields.map((f) => (
              <label key={f.field_name} className="radio-row">
                <input type="radio" value={f.field_name} {...register('field_name')} />
                {t(FIELD_LABELS[f.field_name] ?? 'signin_field_mail_magazine_operator')}
              </label>
            ))}
          </fieldset>
        )}
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={release.isPending || status.isPending}>
            {t('mail_release_submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
