import { MONTH_NAMES, toWireMonth } from '#sync/domain/dates.ts';
import { IonIcon } from '@ionic/react';
import { chevronBackOutline, chevronForwardOutline } from 'ionicons/icons';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { MonthRange } from './month-field.tsx';

interface MonthPickerProps {
  id: string;
  label: string;
  chosen: string | undefined;
  range: MonthRange;
  onPick: (wire: string) => void;
  onClose: () => void;
}

/** The twelve months of a year by their Spanish names, a year back or forward; Escape or a click outside closes it. */
export function MonthPicker({ id, label, chosen, range, onPick, onClose }: MonthPickerProps) {
  const [year, setYear] = useState(() => Number((chosen ?? range.max ?? toWireMonth(new Date())).slice(0, 4)));
  const panelRef = useRef<HTMLDivElement>(null);
  const minYear = range.min ? Number(range.min.slice(0, 4)) : -Infinity;
  const maxYear = range.max ? Number(range.max.slice(0, 4)) : Infinity;

  useEffect(() => {
    const panel = panelRef.current;
    (
      panel?.querySelector<HTMLButtonElement>('[aria-pressed="true"]:not(:disabled)') ??
      panel?.querySelector<HTMLButtonElement>('.month-field__month:not(:disabled)')
    )?.focus();
    const outside = (event: PointerEvent) => {
      const field = panel?.parentElement;
      if (field && !field.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
    // Once, when it opens: a new year keeps the focus where the person put it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <div
      ref={panelRef}
      id={id}
      className="month-field__panel"
      role="dialog"
      aria-label={`Meses de ${year} para ${label.replace(/\*$/, '')}`}
      onKeyDown={keys}
    >
      <div className="month-field__years">
        <button
          type="button"
          className="month-field__step"
          aria-label="Año anterior"
          disabled={year <= minYear}
          onClick={() => setYear(year - 1)}
        >
          <IonIcon icon={chevronBackOutline} aria-hidden="true" />
        </button>
        <span className="month-field__year" aria-live="polite">
          {year}
        </span>
        <button
          type="button"
          className="month-field__step"
          aria-label="Año siguiente"
          disabled={year >= maxYear}
          onClick={() => setYear(year + 1)}
        >
          <IonIcon icon={chevronForwardOutline} aria-hidden="true" />
        </button>
      </div>
      <div className="month-field__months">
        {MONTH_NAMES.map((monthName, index) => {
          const wire = `${year}-${String(index + 1).padStart(2, '0')}`;
          const outside = (range.min !== undefined && wire < range.min) || (range.max !== undefined && wire > range.max);
          return (
            <button
              key={wire}
              type="button"
              className="month-field__month"
              aria-label={`${monthName} de ${year}`}
              aria-pressed={wire === chosen}
              disabled={outside}
              onClick={() => onPick(wire)}
            >
              {monthName.slice(0, 3)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
