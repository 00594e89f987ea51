/** An option's or set product's buttons: move it up or down, or remove it. */
import { useTranslation } from 'react-i18next';

export function RowMoves(props: {
  index: number;
  count: number;
  name: string;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="row-moves">
      <button
        type="button"
        className="button button-quiet"
        disabled={props.index === 0}
        aria-label={t('products.moveUp', { name: props.name })}
        onClick={() => props.onMove(props.index - 1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="button button-quiet"
        disabled={props.index === props.count - 1}
        aria-label={t('products.moveDown', { name: props.name })}
        onClick={() => props.onMove(props.index + 1)}
      >
        ↓
      </button>
      <button
        type="button"
        className="button button-quiet"
        aria-label={t('products.removeNamed', { name: props.name })}
        onClick={props.onRemove}
      >
        {t('products.remove')}
      </button>
    </div>
  );
}
