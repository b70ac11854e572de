import { toWireDate } from '#sync/domain/dates.ts';
import { CLASES, CLASES_CERTIFICACION, type ClaseCertificacion } from '#sync/domain/fleet-fitness.ts';
import { IonButton } from '@ionic/react';
import { useEffect, useId } from 'react';
import { FormDialog } from '#app/ui/feedback/form-dialog.tsx';
import { DateField } from '#app/ui/form/date-field.tsx';
import { FieldShell } from '#app/ui/form/field-shell.tsx';
import { FileField, usePickedFile } from '#app/ui/form/file-pick-field.tsx';
import { meterUnit } from './meter-text.ts';
import { type CertificadoFormProps, MAX_CERTIFICATE_FILES, useCertificadoForm } from './use-certificado-form.ts';
import './asset-sections.css';

const SHOWN_FIELDS = ['Clase', 'FechaEmision', 'FechaVencimiento', 'LecturaVencimiento', 'Certificador', 'Observacion'];

/** Each photo or PDF picked joins the certificate's files, and the picker empties for the next one. */
function useAddedFiles(add: (file: NonNullable<ReturnType<typeof usePickedFile>['file']>, name: string) => void) {
  const picked = usePickedFile();
  const { file, name, clear } = picked;
  useEffect(() => {
    if (!file) return;
    add(file, name);
    clear();
  }, [file, name, clear, add]);
  return picked;
}

/**
 * «Agregar certificación»: the class, its dates (the expiry proposed, and said to be a proposal), the reading it
 * falls due at when the asset has a meter, who certified it and its photos or PDF. Saved on this device and queued
 * with its files: it works offline, and the asset's page shows it at once.
 */
export function CertificadoDialog({ onClose, ...props }: CertificadoFormProps & { onClose: () => void }) {
  const id = useId();
  const form = useCertificadoForm(props);
  const picked = useAddedFiles(form.addFile);
  const { problems } = form;
  const general = problems[''] ?? Object.entries(problems).find(([field]) => !SHOWN_FIELDS.includes(field))?.[1];
  const unit = meterUnit(props.state.medidor);
  const invalid = (field: string) => (problems[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {});

  return (
    <FormDialog
      title="Agregar certificación"
      submitLabel="Guardar certificación"
      busy={form.saving}
      problem={general}
      className="fleet-dialog"
      onSubmit={() => void form.save().then((saved) => saved && onClose())}
      onClose={onClose}
    >
        <FieldShell id={`${id}-Clase`} label="Certificación*" error={problems.Clase}>
          <select
            id={`${id}-Clase`}
            value={form.clase ?? ''}
            onChange={(event) => form.setClase((event.target.value || null) as ClaseCertificacion | null)}
            {...invalid('Clase')}
          >
            <option value="">Elige la certificación</option>
            {CLASES.map((clase) => (
              <option key={clase} value={clase}>
                {CLASES_CERTIFICACION[clase]}
              </option>
            ))}
          </select>
        </FieldShell>
        <DateField
          label="Fecha de emisión*"
          value={form.issued}
          onChange={form.setIssued}
          error={problems.FechaEmision}
          max={toWireDate(new Date())}
          required
        />
        <DateField label="Fecha de vencimiento" value={form.expiry.value} onChange={form.expiry.set} error={problems.FechaVencimiento} />
        {form.expiryNote && <p className="muted">{form.expiryNote}</p>}
        {form.hasMeter && (
          <FieldShell
            id={`${id}-LecturaVencimiento`}
            label={`Lectura de vencimiento (${unit})`}
            error={problems.LecturaVencimiento}
            helper={form.dueNote && <p className="muted">{form.dueNote}</p>}
          >
            <input
              id={`${id}-LecturaVencimiento`}
              inputMode="decimal"
              autoComplete="off"
              value={form.due.value}
              onChange={(event) => form.due.set(event.target.value)}
              {...invalid('LecturaVencimiento')}
            />
          </FieldShell>
        )}
        <FieldShell id={`${id}-Certificador`} label="Certificador" error={problems.Certificador}>
          <input id={`${id}-Certificador`} maxLength={160} value={form.certifier} onChange={(event) => form.setCertifier(event.target.value)} />
        </FieldShell>
        <FieldShell id={`${id}-Observacion`} label="Observación" error={problems.Observacion}>
          <textarea id={`${id}-Observacion`} rows={2} maxLength={500} value={form.note} onChange={(event) => form.setNote(event.target.value)} />
        </FieldShell>
        {form.files.length < MAX_CERTIFICATE_FILES && <FileField label="Foto o PDF del certificado" picked={picked} />}
        {form.files.length > 0 && (
          <ul className="fleet-list">
            {form.files.map((added) => (
              <li key={added.file.sha256}>
                {added.name}{' '}
                <IonButton fill="clear" size="small" color="dark" onClick={() => form.removeFile(added.file.sha256)}>
                  Quitar {added.name}
                </IonButton>
              </li>
            ))}
          </ul>
        )}
    </FormDialog>
  );
}
