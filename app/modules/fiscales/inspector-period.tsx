import { DATE_PICKER_MIN, formatDisplayDate, isWireDate } from '#sync/domain/dates.ts';
import { FISCALES_MESSAGES, type PortalPeriod } from '#sync/schemas/fiscales.schema.ts';
import { IonButton } from '@ionic/react';
import { useEffect, useState } from 'react';
import { DateField } from '#app/ui/form/date-field.tsx';

interface InspectorPeriodProps {
  period: PortalPeriod;
  today: string;
  onAccept: (period: PortalPeriod) => void;
}

function rangeError(value: string, today: string): string | null {
  return isWireDate(value) && value >= DATE_PICKER_MIN && value <= today ? null : FISCALES_MESSAGES.dateOutOfRange;
}

/** The errors of a draft period (spec 5 and 9): each date in range, the initial not after the final. */
export function periodErrors(draft: PortalPeriod, today: string): { desde: string | null; hasta: string | null } {
  const desde = rangeError(draft.desde, today);
  const hasta = rangeError(draft.hasta, today);
  if (desde || hasta || draft.desde <= draft.hasta) return { desde, hasta };
  return { desde: FISCALES_MESSAGES.startAfterEnd, hasta: FISCALES_MESSAGES.endBeforeStart };
}

/**
 * Fecha inicial and Fecha final, typed DD/MM/AAAA (or picked) from 1969-01-01 to today; Aceptar applies them and is
 * disabled while they are wrong.
 */
export function InspectorPeriod({ period, today, onAccept }: InspectorPeriodProps) {
  const [draft, setDraft] = useState(period);
  useEffect(() => setDraft(period), [period]);
  const errors = periodErrors(draft, today);
  const invalid = errors.desde !== null || errors.hasta !== null;
  const field = (name: keyof PortalPeriod, label: string) => (
    <DateField
      label={label}
      value={draft[name]}
      min={DATE_PICKER_MIN}
      max={today}
      error={errors[name] ?? undefined}
      announceError
      onChange={(value) => setDraft((current) => ({ ...current, [name]: value }))}
    />
  );
  return (
    <fieldset className="inspector-period">
      <legend>
        Periodo: del {formatDisplayDate(period.desde)} al {formatDisplayDate(period.hasta)}
      </legend>
      {field('desde', 'Fecha inicial')}
      {field('hasta', 'Fecha final')}
      <IonButton fill="outline" color="dark" disabled={invalid} onClick={() => onAccept(draft)}>
        Aceptar
      </IonButton>
    </fieldset>
  );
}
