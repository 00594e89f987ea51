/** A screen's frame: its name for tests and styles, its heading, and the document's title. */
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function Screen(props: { name: string; title: string; actions?: ReactNode; children: ReactNode; narrow?: boolean }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${props.title} · ${t('app.name')}`;
  }, [props.title, t]);
  return (
    <section
      className={`screen${props.narrow ? ' screen-narrow' : ''}`}
      data-screen={props.name}
      aria-labelledby={`${props.name}-title`}
    >
      <header className="screen-header">
        <h1 id={`${props.name}-title`}>{props.title}</h1>
        {props.actions ? <div className="screen-actions">{props.actions}</div> : null}
      </header>
      {props.children}
    </section>
  );
}
