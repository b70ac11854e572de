import { useId, useState } from 'react';
import { FormDialog } from '#app/ui/feedback/form-dialog.tsx';
import { FieldShell } from '#app/ui/form/field-shell.tsx';
import { queueProvisionalPass, type GateUser } from './acceso-writes.ts';
import type { GateSettings } from './gate-lookup.ts';
import type { GatePlace } from './gate-place.tsx';
import { type GateCheck, subjectText } from './gate-view.ts';

interface ProvisorioDialogProps {
  check: GateCheck;
  place: GatePlace;
  settings: GateSettings;
  who: GateUser;
  onDone: () => void;
  onClose: () => void;
}

/** «Pase provisorio»: the reason, then the pass until the end of the shift and the entry it opens, both queued. */
export function ProvisorioDialog({ check, place, settings, who, onDone, onClose }: ProvisorioDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ Motivo?: string; general?: string }>({});
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      const result = await queueProvisionalPass(check, reason, place, settings, who);
      if (result.ok) return onDone();
      setProblems({ [result.field]: result.message });
    } catch (failure) {
      setProblems({ general: failure instanceof Error ? failure.message : 'No fue posible guardar en este dispositivo' });
    }
    setSaving(false);
  };
  const described = problems.Motivo ? { 'aria-invalid': true, 'aria-describedby': `${id}-Motivo-error` } : { 'aria-describedby': `${id}-Motivo-help` };
  return (
    <FormDialog
      title="Pase provisorio"
      submitLabel="Dar pase y registrar entrada"
      busy={saving}
      problem={problems.general}
      className="gate-dialog"
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <p>{subjectText(check)}</p>
      <FieldShell
        id={`${id}-Motivo`}
        label="Motivo*"
        error={problems.Motivo}
        helper={
          <p id={`${id}-Motivo-help`} className="muted">
            Vale hasta el fin del turno. Máximo {settings.MaxProvisoriosAnio} al año por persona.
          </p>
        }
      >
        <textarea id={`${id}-Motivo`} rows={3} maxLength={300} value={reason} onChange={(event) => setReason(event.target.value)} {...described} />
      </FieldShell>
    </FormDialog>
  );
}
