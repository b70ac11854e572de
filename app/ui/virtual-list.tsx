import { type ReactNode, useEffect, useRef, useState } from 'react';

interface VirtualListProps {
  count: number;
  /** Every row has this height in CSS pixels: positions are computed, never measured. */
  rowHeight: number;
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
export function VirtualList({ count, rowHeight, label, renderRow, onRange, overscan = 10 }: VirtualListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ top: 0, height: 800 });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setViewport({ top: element.scrollTop, height: element.clientHeight || 800 }));
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

  const start = Math.min(count, Math.max(0, Math.floor(viewport.top / rowHeight) - overscan));
  const end = Math.min(count, Math.ceil((viewport.top + viewport.height) / rowHeight) + overscan);

  useEffect(() => onRange(start, end), [start, end, onRange]);

  const rows: ReactNode[] = [];
  for (let index = start; index < end; index += 1) {
    rows.push(
      <li key={index} className="virtual-list__row" style={{ top: index * rowHeight, height: rowHeight }} aria-setsize={count} aria-posinset={index + 1}>
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
