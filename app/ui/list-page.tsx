import { formatNumber } from '#sync/domain/number-format.ts';
import { IonButton, IonContent } from '@ionic/react';
import type { ReactNode } from 'react';
import { PageLoading } from './feedback/page-loading.tsx';
import { ListTitleRow, type ListTitleRowProps } from './list-title-row.tsx';
import { type RowHeight, VirtualList } from './virtual-list.tsx';
import './records.css';

interface ListPageProps extends ListTitleRowProps {
  /** The record in the count, the list's name and the messages: one and many ("inspección", "inspecciones"). */
  noun: { one: string; many: string };
  /** What stands between the title and the count: search, filters. */
  children?: ReactNode;
  /** Said right after the count. */
  countDetail?: ReactNode;
  /** The matching ids, in list order; undefined while they are read. */
  ids: readonly string[] | undefined;
  filtered: boolean;
  /** The list's accessible name; "Lista de <plural>" by default. */
  listLabel?: string;
  /** Shown instead of the list when the filters leave nothing. */
  noMatchMessage: string;
  /** With it, an empty filtered list also offers "Limpiar filtros". */
  onClearFilters?: () => void;
  rowHeight: RowHeight;
  renderRow: (index: number) => ReactNode;
  onRange: (start: number, end: number) => void;
}

/** A screen-filling list of many records: the heading and filters stay, only the rows in view are rendered. */
export function ListPage(props: ListPageProps) {
  const {
    title,
    create,
    noun,
    children,
    countDetail,
    ids,
    filtered,
    listLabel,
    noMatchMessage,
    onClearFilters,
    rowHeight,
    renderRow,
    onRange,
  } = props;
  const loading = `Cargando ${noun.many}…`;
  return (
    <IonContent scrollY={false}>
      <div className="list-page">
        <div className="list-page__head">
          <ListTitleRow title={title} create={create} />
          {children}
          <p className="muted list-page__count" role="status">
            {ids === undefined ? loading : ids.length === 1 ? `1 ${noun.one}` : `${formatNumber(ids.length)} ${noun.many}`}
            {countDetail}
          </p>
        </div>
        {ids === undefined ? (
          <PageLoading label={loading} />
        ) : ids.length === 0 ? (
          <div className="list-page__empty">
            <p className="notice notice--info">
              {filtered ? noMatchMessage : `Aún no hay ${noun.many} en este dispositivo. Se descargan al sincronizar con conexión.`}
            </p>
            {filtered && onClearFilters && (
              <IonButton fill="outline" color="dark" onClick={onClearFilters}>
                Limpiar filtros
              </IonButton>
            )}
          </div>
        ) : (
          <VirtualList
            count={ids.length}
            rowHeight={rowHeight}
            label={listLabel ?? `Lista de ${noun.many}`}
            renderRow={renderRow}
            onRange={onRange}
          />
        )}
      </div>
    </IonContent>
  );
}
