import { formatRut } from '#sync/domain/rut.ts';
import { useId, useState } from 'react';
import type { LocalRows } from '#app/db/reference-rows.ts';
import { FormDialog } from '#app/ui/feedback/form-dialog.tsx';
import { FieldShell } from '#app/ui/form/field-shell.tsx';
import { queueRevocation } from './acceso-writes.ts';

/** «Revocar pase»: the reason, then the change that every tablet of the worksite receives (GA-PAS2). */
export function RevocarPaseDialog({ pass, onClose }: { pass: LocalRows['pases_dia']; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    const result = await queueRevocation(pass, reason);
    if (result.ok) return onClose();
    setProblem(result.message);
    setSaving(false);
  };
  const described = problem ? { 'aria-invalid': true, 'aria-describedby': `${id}-Motivo-error` } : {};
  return (
    <FormDialog title="Revocar pase del día" submitLabel="Revocar" busy={saving} className="gate-dialog" onSubmit={() => void save()} onClose={onClose}>
      <p>{`${pass.Nombre || 'Persona'} · RUT ${formatRut(pass.Rut)}`}</p>
      <FieldShell id={`${id}-Motivo`} label="Motivo*" error={problem}>
        <textarea id={`${id}-Motivo`} rows={3} maxLength={300} value={reason} onChange={(event) => setReason(event.target.value)} {...described} />
      </FieldShell>
    </FormDialog>
  );
}
