import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * The list's own width from which rows lay out as one line of columns: the same as the lists' CSS
 * `@container virtual-list (min-width: 760px)`.
 */
export const WIDE_LIST_PX = 760;

/** Every row's height in CSS pixels, or one for narrow lists (stacked lines) and one for wide lists. */
export type RowHeight = number | { narrow: number; wide: number };

interface VirtualListProps {
  count: number;
  /** Every row has this height: positions are computed, never measured. */
  rowHeight: RowHeight;
  label: string;
  renderRow: (index: number) => ReactNode;
  /** The rows now rendered, [start, end): the caller loads only these from the database. */
  onRange: (start: number, end: number) => void;
  overscan?: number;
}

/**
 * A list that renders only the rows in view (plus a margin), so thousands of records scroll as fast as twenty.
 * Rows stay list items with their position in the set for screen readers.
 */
export function VirtualList({ count, rowHeight: heights, label, renderRow, onRange, overscan = 10 }: VirtualListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ top: 0, height: 800, width: WIDE_LIST_PX });

  // Before the first paint: a phone's list must not show one frame of wide (shorter) rows that cut their text.
  useLayoutEffect(() => {
    const element = ref.current;
    if (element?.clientWidth) setViewport((current) => ({ ...current, height: element.clientHeight || 800, width: element.clientWidth }));
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        setViewport({ top: element.scrollTop, height: element.clientHeight || 800, width: element.clientWidth || WIDE_LIST_PX }),
      );
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, []);

  const rowHeight = typeof heights === 'number' ? heights : viewport.width >= WIDE_LIST_PX ? heights.wide : heights.narrow;
  const start = Math.min(count, Math.max(0, Math.floor(viewport.top / rowHeight) - overscan));
  const end = Math.min(count, Math.ceil((viewport.top + viewport.height) / rowHeight) + overscan);

  useEffect(() => onRange(start, end), [start, end, onRange]);

  const rows: ReactNode[] = [];
  for (let index = start; index < end; index += 1) {
    rows.push(
      <li
        key={index}
        className="virtual-list__row"
        style={{ top: index * rowHeight, height: rowHeight }}
        aria-setsize={count}
        aria-posinset={index + 1}
      >
        {renderRow(index)}
      </li>,
    );
  }

  return (
    <div ref={ref} className="virtual-list">
      <ul aria-label={label} className="virtual-list__items" style={{ height: count * rowHeight }}>
        {rows}
      </ul>
    </div>
  );
}
