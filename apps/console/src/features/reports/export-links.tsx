/** A report's downloads: plain links, so the browser saves the file itself (the server audits each). */
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from './reports-api.ts';

export function ExportLinks(props: { title: string; href: (format: ExportFormat) => string }) {
  const { t } = useTranslation();
  return (
    <span className="report-exports">
      {(['csv', 'xlsx'] as const).map((format) => (
        <a
          key={format}
          className="button button-small"
          href={props.href(format)}
          download
          aria-label={t(`reports.export.${format}Named`, { title: props.title })}
        >
          {t(`reports.export.${format}`)}
        </a>
      ))}
    </span>
  );
}
