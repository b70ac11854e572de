import { formatDisplayDate, toWireDate } from '#sync/domain/dates.ts';
import { USUARIOS_MESSAGES } from '#sync/schemas/usuarios.schema.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useOfficeWrite } from '#app/data/use-office-write.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { QueryView } from '#app/ui/feedback/query-view.tsx';
import { DateField } from '#app/ui/form/date-field.tsx';
import { RefusedWrite } from '#app/ui/office/refused-write.tsx';
import { useInactiveDays, usuariosCalls, usuariosKeys } from './usuarios-api.ts';

/** The working days (Monday to Friday) from `from` to `to`, both included. */
export function workingDaysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = new Date(`${from}T12:00:00Z`); toWireDate(day) <= to && days.length < 366; day = new Date(day.getTime() + 86_400_000)) {
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

function DaysEditor({ userId, stored, canEdit }: { userId: number; stored: string[]; canEdit: boolean }) {
  const company = useRequiredSession().empresa.IdEmpresa;
  const { save, refused, discard } = useOfficeWrite();
  const [days, setDays] = useState(stored);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const add = () => {
    if (!from) return;
    setDays([...new Set([...days, ...workingDaysBetween(from, to || from)])].sort());
    setFrom('');
    setTo('');
  };
  const submit = async () => {
    setBusy(true);
    try {
      await save(
        { kind: 'usuarios', id: userId, request: { method: 'POST', path: usuariosCalls.inactiveDays, body: { IdUsuario: userId, Fechas: days } } },
        { success: USUARIOS_MESSAGES.inactiveDaysSaved, invalidate: [usuariosKeys.days(company, String(userId))] },
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <RefusedWrite refused={refused && { message: `${USUARIOS_MESSAGES.inactiveDaysFailed}: ${refused.message}` }} onDiscard={() => void discard()} />
      {days.length === 0 ? (
        <p className="muted">Sin días hábiles inactivos.</p>
      ) : (
        <ul className="chip-list" aria-label="Días hábiles inactivos">
          {days.map((day) => (
            <li key={day}>
              {formatDisplayDate(day)}
              {canEdit && (
                <button type="button" className="chip-list__remove" aria-label={`Quitar ${formatDisplayDate(day)}`} onClick={() => setDays(days.filter((other) => other !== day))}>
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit && (
        <>
          <div className="record-form__grid">
            <DateField label="Desde" value={from} onChange={setFrom} />
            <DateField label="Hasta" value={to} onChange={setTo} min={from || undefined} />
          </div>
          <div className="button-row">
            <IonButton fill="outline" color="dark" onClick={add} disabled={!from}>
              Agregar días hábiles
            </IonButton>
            <IonButton onClick={() => void submit()} disabled={busy}>
              Guardar días inactivos
            </IonButton>
          </div>
        </>
      )}
    </>
  );
}

/** Spec: inactive working days per user (dias_inactivos), replaced whole when saved. */
export function InactiveDaysCard({ userId, canEdit }: { userId: number; canEdit: boolean }) {
  const query = useInactiveDays(String(userId));
  return (
    <CardSection id="dias-inactivos" title="Días hábiles inactivos">
      <QueryView query={query}>{(stored) => <DaysEditor userId={userId} stored={stored} canEdit={canEdit} />}</QueryView>
    </CardSection>
  );
}
