import { formatNumber } from '#sync/domain/number-format.ts';
import { Link } from 'react-router-dom';
import { type InboxItem, useInboxCounts } from './home-inbox.ts';

/**
 * "Por atender": what waits for the person's decision (requests to dispatch, answers to review, DIATs to file), each
 * a count that opens its list. Its rows are known from the role before anything is read and keep their height while
 * the counts arrive; when nothing waits, the same space says so (no card below moves: CLS).
 */
export function HomeInboxCard({ items, today }: { items: InboxItem[]; today: string }) {
  const counts = useInboxCounts(
    items.map((item) => item.kind),
    today,
  );
  const nothing = counts !== undefined && items.every((item) => counts[item.kind] === 0);

  return (
    <section className="card home-inbox" aria-labelledby="home-inbox-title">
      <h2 id="home-inbox-title">Por atender</h2>
      <div className={`home-inbox__body home-inbox__body--rows-${items.length}`}>
        {nothing ? (
          <p className="home-inbox__empty" role="status">
            Nada espera tu revisión en este dispositivo.
          </p>
        ) : (
          <ul className="home-inbox__list">
            {items.map((item) => {
              const count = counts?.[item.kind];
              const shown = count === undefined ? '…' : formatNumber(count);
              return (
                <li key={item.kind}>
                  <Link
                    className={count === 0 ? 'home-inbox__row home-inbox__row--none' : 'home-inbox__row'}
                    to={item.href}
                    aria-label={`${item.label}: ${shown}`}
                  >
                    <span className="home-inbox__label">{item.label}</span>
                    <span className="home-inbox__count">{shown}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
