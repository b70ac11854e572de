import { READING_MESSAGES, readingProblem } from '#sync/domain/meter-readings.ts';
import { entityOf } from '#sync/records/entities.ts';
import { useId, useState } from 'react';
import { fullName } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { FormDialog } from '#app/ui/feedback/form-dialog.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { FieldShell } from '#app/ui/form/field-shell.tsx';
import type { ReadingTable } from './asset-kinds.ts';
import type { AssetState } from './asset-state.ts';
import { type AssetPlace, checkedBody, queueReading, readingFields } from './flota-writes.ts';
import { meterUnit, parseReading, readingText } from './meter-text.ts';
import './asset-sections.css';

interface LecturaDialogProps {
  table: ReadingTable;
  assetId: string;
  place: AssetPlace;
  state: AssetState;
  onClose: () => void;
}

/**
 * «Registrar lectura»: the value read now. One lower than the current reading is a correction, and only then the
 * form asks why (readings only move forward, sync/domain/meter-readings.ts). Saved on this device and queued.
 */
export function LecturaDialog({ table, assetId, place, state, onClose }: LecturaDialogProps) {
  const id = useId();
  const session = useRequiredSession();
  const showSaved = useSavedToast();
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ Valor?: string; Motivo?: string; general?: string }>({});
  const [saving, setSaving] = useState(false);
  const value = parseReading(typed);
  const lower = value !== null && state.current !== null && value < state.current;

  const save = async () => {
    const Motivo = lower ? reason : '';
    const problem = value === null ? READING_MESSAGES.invalid : readingProblem(state.current, { Valor: value, Motivo });
    if (problem) return setProblems(problem === READING_MESSAGES.lowerNeedsReason ? { Motivo: problem } : { Valor: problem });
    const checked = checkedBody(table, readingFields({ IdActivo: assetId, Valor: value, Motivo }));
    if (!checked.body) {
      const { Motivo: reasonProblem, ...others } = checked.problems;
      return setProblems(reasonProblem ? { Motivo: reasonProblem } : { Valor: Object.values(others)[0] });
    }
    setProblems({});
    setSaving(true);
    try {
      await queueReading(table, checked.body, place, { IdUsuario: session.usuario.IdUsuario, NombreUsuario: fullName(session) });
      showSaved(entityOf(table).messages.created);
      onClose();
    } catch (failure) {
      setProblems({ general: failure instanceof Error ? failure.message : 'No fue posible guardar en este dispositivo' });
      setSaving(false);
    }
  };

  const described = (field: 'Valor' | 'Motivo') =>
    problems[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : { 'aria-describedby': `${id}-${field}-help` };
  return (
    <FormDialog
      title="Registrar lectura"
      submitLabel="Guardar lectura"
      busy={saving}
      problem={problems.general}
      className="fleet-dialog"
      onSubmit={() => void save()}
      onClose={onClose}
    >
        <FieldShell
          id={`${id}-Valor`}
          label={`Valor (${meterUnit(state.medidor)})*`}
          error={problems.Valor}
          helper={<p id={`${id}-Valor-help`} className="muted">Lectura actual: {state.current === null ? 'sin lecturas' : readingText(state.current, state.medidor)}</p>}
        >
          <input id={`${id}-Valor`} inputMode="decimal" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} {...described('Valor')} />
        </FieldShell>
        {lower && (
          <FieldShell
            id={`${id}-Motivo`}
            label="Motivo de la corrección*"
            error={problems.Motivo}
            helper={
              !problems.Motivo && (
                <p id={`${id}-Motivo-help`} className="notice notice--warning">
                  {READING_MESSAGES.lowerNeedsReason}
                </p>
              )
            }
          >
            <textarea id={`${id}-Motivo`} rows={2} maxLength={300} value={reason} onChange={(event) => setReason(event.target.value)} {...described('Motivo')} />
          </FieldShell>
        )}
    </FormDialog>
  );
}
