import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageLoading } from './feedback/page-loading.tsx';
import './records.css';

interface SimpleListProps<T> {
  /** undefined while they are read. */
  items: T[] | undefined;
  label: string;
  loadingLabel?: string;
  emptyMessage: string;
  renderItem: (item: T) => ReactNode;
}

/** A short list of records in a card, one link a line: the maintainers' lists, read whole. */
export function SimpleList<T>({ items, label, loadingLabel, emptyMessage, renderItem }: SimpleListProps<T>) {
  if (!items) return <PageLoading label={loadingLabel} />;
  if (items.length === 0) return <p className="notice notice--info">{emptyMessage}</p>;
  return (
    <section className="card card--flush">
      <ul className="simple-list" aria-label={label}>
        {items.map(renderItem)}
      </ul>
    </section>
  );
}

interface SimpleListItemProps {
  to: string;
  title: string;
  metaClassName?: string;
  /** Adds the "Pendiente" badge after the details: the record has changes not yet sent. */
  pending?: boolean;
  children?: ReactNode;
}

export function SimpleListItem({ to, title, metaClassName, pending = false, children }: SimpleListItemProps) {
  return (
    <li>
      <Link to={to}>
        <span className="simple-list__main">{title}</span>
        <span className={metaClassName ? `simple-list__meta ${metaClassName}` : 'simple-list__meta'}>
          {children}
          {pending && (
            <>
              {' '}
              <span className="badge badge--pending">Pendiente</span>
            </>
          )}
        </span>
      </Link>
    </li>
  );
}
