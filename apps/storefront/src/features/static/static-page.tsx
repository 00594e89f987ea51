import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A page whose title and content are site texts; blank lines separate paragraphs. */
export function StaticPage(props: { name: 'privacy' | 'specified' | 'terms'; children?: ReactNode }) {
  const { t } = useTranslation();
  const paragraphs = t(`${props.name}_content`).split(/\n\s*\n/);
  return (
    <article className="page static-page" data-screen={props.name}>
      <h1>{t(`${props.name}_title`)}</h1>
      {props.children}
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </article>
  );
}
