import { IonButton } from '@ionic/react';
import { useId, useState } from 'react';
import { toWireDate } from '#sync/domain/dates.ts';
import { type DocumentoRequisito, MOTIVOS_RECHAZO } from '#sync/schemas/contratistas-documentos.schema.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import { useModalDialog } from '#app/ui/feedback/use-modal-dialog.ts';
import { DateField } from '#app/ui/form/date-field.tsx';
import { FieldShell } from '#app/ui/form/field-shell.tsx';
import { FileField, usePickedFile } from '#app/ui/form/file-pick-field.tsx';
import { RadioList } from '#app/ui/form/radio-list.tsx';
import { TextField } from '#app/ui/form/text-field.tsx';
import type { TransitionForm } from '#app/ui/workflow/use-workflow-actions.ts';
import { DocumentoArchivoLinks } from './documento-archivo.tsx';

const TITLES: Record<string, string> = { subir: 'Subir documento', aprobar: 'Aprobar documento', rechazar: 'Rechazar documento', comentar: 'Comentar' };

/**
 * The body of a document's transition: the file and its issue date (upload), whether the F30-1 shows debt (approve),
 * the coded reason (reject), a comment. The kit checks it with the transition's schema and queues it.
 */
export function DocumentoDialog({ form }: { form: TransitionForm<DocumentoRequisito> }) {
  const id = useId();
  const dialog = useModalDialog();
  const row = form.rows[0]!;
  const picked = usePickedFile();
  const [issued, setIssued] = useState(toWireDate(new Date()));
  const [debt, setDebt] = useState<0 | 1 | null>(null);
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const bodyAndFiles = (): [unknown, LocalFile[]] => {
    if (form.name === 'subir') {
      const file = picked.file;
      return [{ Archivo: file ? { Sha256: file.sha256, Tipo: file.type } : undefined, FechaEmision: issued }, file ? [file] : []];
    }
    if (form.name === 'aprobar') return [{ ConDeuda: row.ControlDeuda === 1 ? debt : null }, []];
    if (form.name === 'rechazar') return [{ Motivo: reason, Comentario: comment }, []];
    return [{ Comentario: comment }, []];
  };

  const submit = async () => {
    if (form.name === 'aprobar' && row.ControlDeuda === 1 && debt === null) return setError('Indica si el certificado muestra deuda laboral o previsional');
    setSaving(true);
    try {
      const [body, files] = bodyAndFiles();
      await form.submit(body, files);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'No fue posible guardar en este dispositivo');
      setSaving(false);
    }
  };

  return (
    <dialog ref={dialog} className="modal-dialog" aria-labelledby={`${id}-title`} onCancel={form.close}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <h2 id={`${id}-title`}>{TITLES[form.name] ?? form.transition.label}</h2>
        <p className="muted">{[row.NombreRequisito, row.NombrePersona || row.NombreActivo].filter(Boolean).join(' · ')}</p>
        {form.rows.length === 1 && <DocumentoArchivoLinks doc={row} />}
        {form.name === 'subir' && (
          <>
            <FileField label="Documento (PDF o imagen)*" picked={picked} />
            <DateField label="Fecha de emisión*" value={issued} onChange={setIssued} max={toWireDate(new Date())} required />
          </>
        )}
        {form.name === 'aprobar' && row.ControlDeuda === 1 && (
          <RadioList legend="¿El certificado muestra deuda laboral o previsional?*" options={[{ value: 0, label: 'No' }, { value: 1, label: 'Sí, muestra deuda' }]} chosen={debt} onChange={(value) => setDebt(value as 0 | 1)} />
        )}
        {form.name === 'rechazar' && (
          <FieldShell id={`${id}-motivo`} label="Motivo del rechazo*">
            <select id={`${id}-motivo`} value={reason} onChange={(event) => setReason(event.target.value)}>
              <option value="">Elige el motivo</option>
              {Object.entries(MOTIVOS_RECHAZO).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </FieldShell>
        )}
        {(form.name === 'rechazar' || form.name === 'comentar') && (
          <TextField label={form.name === 'comentar' ? 'Comentario*' : 'Comentario'} value={comment} onChange={setComment} autoComplete="off" />
        )}
        <div role="alert">{error && <p className="notice notice--error">{error}</p>}</div>
        <div className="button-row">
          <IonButton type="submit" disabled={saving}>
            {form.transition.label}
          </IonButton>
          <IonButton fill="outline" color="dark" onClick={form.close}>
            Cancelar
          </IonButton>
        </div>
      </form>
    </dialog>
  );
}
