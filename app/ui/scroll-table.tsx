import type { ReactNode } from 'react';
import './scroll-table.css';

interface ScrollTableProps {
  /** The table's name (its caption, read by screen readers) and its scrolling region's. */
  label: string;
  /** The table's look: the records' (`record-table`) or a report's. */
  className?: string;
  /** The table's head and body. */
  children: ReactNode;
}

/**
 * A table that scrolls sideways on a narrow screen. Its scrolling area is a named region that takes keyboard focus,
 * so it can be scrolled without a mouse even when no cell holds a link or a button.
 */
export function ScrollTable({ label, className = 'record-table', children }: ScrollTableProps) {
  return (
    <div className="scroll-table" role="region" aria-label={`${label}: tabla desplazable`} tabIndex={0}>
      <table className={className}>
        <caption className="visually-hidden">{label}</caption>
        {children}
      </table>
    </div>
  );
}
