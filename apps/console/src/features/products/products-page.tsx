/**
 * `/venues/:code/products` (right `catalogue:read`): the venue's products with their type, sales
 * channels, options and status; archived ones on request. With `catalogue:write`: a new product,
 * and archiving or unarchiving one after a confirmation.
 */
import type { ConsoleProduct } from '@storefront/domain/console/products';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../lib/i18n/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { columnsOf, DataTable } from '../../ui/data-table.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Loading, Notice, ProblemNotice } from '../../ui/notice.tsx';
import { Screen } from '../../ui/screen.tsx';
import { VenueGate } from '../../ui/venue-gate.tsx';
import { productQueries, textIn, useToggleArchived } from './products-api.ts';
import './products.css';

const column = columnsOf<ConsoleProduct>();

export default function ProductsPage() {
  const { t } = useTranslation();
  return (
    <VenueGate screen="products" title={t('products.title')}>
      {({ venue, mayWrite }) => <ProductList code={venue.code} mayWrite={mayWrite} />}
    </VenueGate>
  );
}

function ProductList(props: { code: string; mayWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = currentLanguage(i18n);
  const [withArchived, setWithArchived] = useState(false);
  const [confirming, setConfirming] = useState<ConsoleProduct | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = useQuery(productQueries.list(props.code, withArchived));
  const toggle = useToggleArchived(props.code, {
    onSuccess: (product) => {
      setConfirming(null);
      setDone(t(product.is_archived ? 'products.archived' : 'products.unarchived', { name: textIn(product.name, lang) }));
    },
  });

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: () => t('products.name'),
        cell: (info) => (
          <Link to={paths.venueProduct(props.code, info.row.original.id)}>
            {textIn(info.getValue(), lang, info.row.original.key)}
          </Link>
        ),
      }),
      column.accessor('type', { header: () => t('products.type'), cell: (info) => t(`products.types.${info.getValue()}`) }),
      column.accessor('sales_channels', {
        header: () => t('products.channels'),
        cell: (info) => info.getValue().join(', ') || '—',
      }),
      column.accessor('options', { header: () => t('products.optionCount'), cell: (info) => info.getValue().length }),
      column.accessor('is_archived', {
        header: () => t('products.status'),
        cell: (info) =>
          info.getValue() ? (
            <span className="badge badge-muted">{t('products.statusArchived')}</span>
          ) : (
            <span className="badge badge-success">{t('products.statusOffered')}</span>
          ),
      }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('common.actions')}</span>,
        cell: (info) =>
          props.mayWrite ? (
            <button
              type="button"
              className="button button-quiet"
              aria-label={t(info.row.original.is_archived ? 'products.unarchiveNamed' : 'products.archiveNamed', {
                name: textIn(info.row.original.name, lang, info.row.original.key),
              })}
              onClick={() => setConfirming(info.row.original)}
            >
              {t(info.row.original.is_archived ? 'products.unarchive' : 'products.archive')}
            </button>
          ) : null,
      }),
    ],
    [t, lang, props.code, props.mayWrite],
  );

  const name = confirming ? textIn(confirming.name, lang, confirming.key) : '';
  return (
    <Screen
      name="products"
      title={t('products.title')}
      actions={
        <>
          <Link className="button" to={paths.venueImages(props.code)}>
            {t('products.venueImages')}
          </Link>
          {props.mayWrite ? (
            <Link className="button button-primary" to={paths.newVenueProduct(props.code)}>
              {t('products.new')}
            </Link>
          ) : null}
        </>
      }
    >
      {done ? <Notice kind="success">{done}</Notice> : null}
      <ProblemNotice error={list.error} />
      <div className="check products-archived-toggle">
        <input
          id="products-with-archived"
          type="checkbox"
          checked={withArchived}
          onChange={(event) => setWithArchived(event.target.checked)}
        />
        <label htmlFor="products-with-archived">{t('products.showArchived')}</label>
      </div>
      {list.isPending ? <Loading /> : null}
      {list.data ? (
        <DataTable
          caption={t('products.caption', { count: list.data.products.length })}
          columns={columns}
          data={list.data.products}
          rowId={(row) => String(row.id)}
          empty={t('products.none')}
        />
      ) : null}
      <Dialog
        isOpen={confirming !== null}
        title={t(confirming?.is_archived ? 'products.unarchiveTitle' : 'products.archiveTitle', { name })}
        onClose={() => setConfirming(null)}
      >
        <p>{t(confirming?.is_archived ? 'products.unarchiveText' : 'products.archiveText', { name })}</p>
        <ProblemNotice error={toggle.error} />
        <div className="actions">
          <button type="button" className="button" onClick={() => setConfirming(null)}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className={confirming?.is_archived ? 'button button-primary' : 'button button-danger'}
            disabled={toggle.isPending}
            onClick={() => confirming && toggle.mutate(confirming)}
          >
            {t(confirming?.is_archived ? 'products.unarchive' : 'products.archive')}
          </button>
        </div>
      </Dialog>
    </Screen>
  );
}
