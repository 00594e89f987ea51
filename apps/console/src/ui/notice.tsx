/** Messages in a screen: a plain one, and what a failed call means for the staff member. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api/client.ts';
import './notice.css';

export function Notice(props: { kind?: 'info' | 'error' | 'success'; children: ReactNode; title?: string }) {
  const kind = props.kind ?? 'info';
  return (
    <div className={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {props.title ? <p className="notice-title">{props.title}</p> : null}
      {props.children}
    </div>
  );
}

/** The text for a failed call, by its status and error code (never its prose). */
function problemKey(error: unknown): string {
  if (!isApiError(error)) return 'problem.generic';
  if (error.status === null) return 'problem.network';
  if (error.status === 403) return 'problem.forbidden';
  if (error.status === 404) return 'problem.notFound';
  if (error.status === 409) return 'problem.conflict';
  if (error.status === 429) return 'problem.tooMany';
  if (error.status === 401) return error.code === 'sign-in failed' ? 'problem.signInFailed' : 'problem.signedOut';
  if (error.status === 400) return 'problem.invalid';
  return 'problem.generic';
}

export function ProblemNotice(props: { error: unknown }) {
  const { t } = useTranslation();
  if (!props.error) return null;
  return <Notice kind="error">{t(problemKey(props.error))}</Notice>;
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="loading" aria-busy="true">
      {t('common.loading')}
    </p>
  );
}
