import { formatDisplayInstant } from '#sync/domain/dates.ts';
import type { OnSite } from '#sync/domain/on-site.ts';
import { IonButton } from '@ionic/react';
import { type GateCheck, subjectText, wayText } from './gate-view.ts';

interface GateAnswerCardProps {
  check: GateCheck;
  /** Their entry when the device's log has them inside now. */
  inside: OnSite | undefined;
  canApprove: boolean;
  busy: boolean;
  onLog: (kind: 'entrada' | 'salida' | 'rechazo') => void;
  onProvisional: () => void;
}

/**
 * The gate's answer, big enough to read at arm's length: green or red, in words first (the colour only beside them),
 * with how they got in or why not, and what the guard may log next.
 */
export function GateAnswerCard({ check, inside, canApprove, busy, onLog, onProvisional }: GateAnswerCardProps) {
  const allowed = check.answer.Permitido === 1;
  const way = wayText(check.answer);
  const person = check.Sujeto === 'persona' && check.Rut !== '';
  return (
    <section className={`gate-answer gate-answer--${allowed ? 'si' : 'no'}`} aria-labelledby="gate-answer-title">
      <div role="status" aria-live="polite" aria-atomic="true">
        <h2 id="gate-answer-title" className="gate-answer__verdict">
          {allowed ? 'Puede ingresar' : 'No puede ingresar'}
        </h2>
        <p className="gate-answer__who">{subjectText(check)}</p>
        {way && <p className="gate-answer__way">{way}</p>}
        {check.answer.Motivos.length > 0 && (
          <ul className="gate-answer__reasons" aria-label="Motivos">
            {check.answer.Motivos.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
        {inside && (
          <p className="gate-answer__inside">
            En faena desde el {formatDisplayInstant(inside.entry.FechaDispositivo)}
            {inside.overdue ? ' · Fuera de turno' : ''}
          </p>
        )}
      </div>
      <div className="button-row gate-answer__actions">
        {inside && (
          <IonButton disabled={busy} onClick={() => onLog('salida')}>
            Registrar salida
          </IonButton>
        )}
        {allowed && !inside && (
          <IonButton disabled={busy} onClick={() => onLog('entrada')}>
            Registrar entrada
          </IonButton>
        )}
        {!allowed && !inside && (check.Rut !== '' || check.IdActivo !== null) && (
          <IonButton disabled={busy} onClick={() => onLog('rechazo')}>
            Registrar rechazo
          </IonButton>
        )}
        {!allowed && !inside && person && canApprove && (
          <IonButton disabled={busy} onClick={onProvisional}>
            Pase provisorio
          </IonButton>
        )}
      </div>
    </section>
  );
}
