import { formatDisplayDate } from '#sync/domain/dates.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { type Certificacion, CertificacionSchema, FILE_TYPES } from '#sync/schemas/trabajadores.schema.ts';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { IonButton } from '@ionic/react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { toLocalFile } from '#app/data/local-file.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import type { LocalCargo } from '#app/db/reference-rows.ts';
import { FormInput } from '#app/ui/form/form-input.tsx';
import { FormSelect } from '#app/ui/form/form-select.tsx';
import { fileRefOf } from './trabajador-writes.ts';

const MAX_FILE_BYTES = 15 * 1024 * 1024;
const FILE_TOO_LARGE = 'El archivo supera el máximo de 15 MB';

const { entries } = CertificacionSchema;
const NewCertificationSchema = v.object({ Nombre: entries.Nombre, FechaVencimiento: entries.FechaVencimiento, IdCargo: entries.IdCargo });

export interface NewCertification {
  certification: Certificacion;
  files: LocalFile[];
}

interface CertificationsEditorProps {
  existing: Certificacion[];
  added: NewCertification[];
  cargos: LocalCargo[];
  /** A correction resends the refused write's own files only: nothing can be attached then. */
  locked: boolean;
  onChange: (added: NewCertification[]) => void;
}

/** The worker's certifications with their expiry; new ones are appended with their files (SPEC CF5). */
export function CertificationsEditor({ existing, added, cargos, locked, onChange }: CertificationsEditorProps) {
  const fileId = useId();
  const [file, setFile] = useState<LocalFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [fileInput, setFileInput] = useState(0);
  const { control, handleSubmit, reset } = useForm({
    resolver: valibotResolver(NewCertificationSchema),
    defaultValues: { Nombre: '', FechaVencimiento: '', IdCargo: null as string | null },
  });
  const cargoName = (id: string | null) => cargos.find((cargo) => cargo.IdCargo === id)?.NombreCargo ?? '';
  const rows = [...existing.filter((certification) => certification.Estado === 1), ...added.map((entry) => entry.certification)];

  const pick = async (picked: File | undefined) => {
    setFileError(null);
    setFile(null);
    if (!picked) return;
    if (picked.size > MAX_FILE_BYTES) return setFileError(FILE_TOO_LARGE);
    setFile(await toLocalFile(picked));
  };

  const add = handleSubmit((values) => {
    const certification: Certificacion = {
      IdCertificacion: uuidV7(),
      IdCargo: values.IdCargo,
      Nombre: values.Nombre,
      FechaVencimiento: values.FechaVencimiento,
      Estado: 1,
      Archivos: file ? [fileRefOf(file)] : [],
    };
    onChange([...added, { certification, files: file ? [file] : [] }]);
    reset();
    setFile(null);
    setFileInput((count) => count + 1);
  });

  return (
    <section className="card" aria-labelledby="certifications-title">
      <h2 id="certifications-title">Certificaciones</h2>
      {rows.length === 0 ? (
        <p className="muted">Sin certificaciones registradas.</p>
      ) : (
        <table className="record-table">
          <caption className="visually-hidden">Certificaciones del trabajador</caption>
          <thead>
            <tr>
              <th scope="col">Certificación</th>
              <th scope="col">Cargo</th>
              <th scope="col">Vence</th>
              <th scope="col">Archivos</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((certification) => (
              <tr key={certification.IdCertificacion}>
                <td>{certification.Nombre}</td>
                <td>{cargoName(certification.IdCargo) || '—'}</td>
                <td>{formatDisplayDate(certification.FechaVencimiento)}</td>
                <td>{certification.Archivos.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!locked && (
        <div className="subform" role="group" aria-labelledby="certification-new-title">
          <h3 id="certification-new-title">Agregar certificación</h3>
          <div className="record-form__grid">
            <FormInput control={control} name="Nombre" label="Nombre de la certificación*" />
            <FormInput control={control} name="FechaVencimiento" label="Fecha de vencimiento*" type="date" />
            <FormSelect
              control={control}
              name="IdCargo"
              label="Cargo"
              emptyLabel="Sin cargo específico"
              options={cargos.map((cargo) => ({ value: cargo.IdCargo, label: cargo.NombreCargo }))}
            />
            <div className="file-field">
              <label htmlFor={fileId}>Archivo del certificado (PDF o imagen)</label>
              <input key={fileInput} id={fileId} type="file" accept={FILE_TYPES.join(',')} onChange={(event) => void pick(event.target.files?.[0])} />
              {fileError && <p className="field-error">{fileError}</p>}
            </div>
          </div>
          <div className="button-row">
            <IonButton fill="outline" color="dark" onClick={() => void add()}>
              Agregar certificación
            </IonButton>
          </div>
        </div>
      )}
    </section>
  );
}
