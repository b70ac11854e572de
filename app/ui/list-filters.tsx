import { IonButton, IonIcon } from '@ionic/react';
import { filterOutline } from 'ionicons/icons';
import { type ReactNode, useId, useState } from 'react';
import { useMediaQuery } from './use-media-query.ts';
import './records.css';

interface SelectFilterProps {
  label: string;
  value: string;
  emptyLabel: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}

export function SelectFilter({ label, value, emptyLabel, options, onChange }: SelectFilterProps) {
  const id = useId();
  return (
    <div className="select-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface FilterPanelProps {
  id: string;
  className?: string;
  /** Filters in use, counted on the "Filtros" button; omitted, the button says only "Filtros". */
  active?: number;
  children: ReactNode;
}

/** A list's filters: always shown on wide screens, folded behind a "Filtros" button on phones. */
export function FilterPanel({ id, className, active = 0, children }: FilterPanelProps) {
  const wide = useMediaQuery('(min-width: 768px)');
  const [open, setOpen] = useState(false);
  return (
    <>
      {!wide && (
        <IonButton fill="clear" color="dark" size="small" aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)}>
          <IonIcon slot="start" icon={filterOutline} aria-hidden="true" />
          {active > 0 ? `Filtros (${active})` : 'Filtros'}
        </IonButton>
      )}
      <div id={id} className={className ? `list-page__filters ${className}` : 'list-page__filters'} hidden={!wide && !open}>
        {children}
      </div>
    </>
  );
}
