import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { fileNameOfPath } from '#sync/domain/file-names.ts';
import { formatDisplayDate, toWireDate } from '#sync/domain/dates.ts';
import { type EvidenciaBody, type EvidenciaCapacitacion, type TipoEvidencia, TIPOS_EVIDENCIA } from '#sync/schemas/capacitaciones-programa.schema.ts';
import { IonButton } from '@ionic/react';
import { useId, useState } from 'react';
import { useDeviceFileUrls } from '#app/data/inspection-files.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { FileField, usePickedFile } from '#app/ui/form/file-pick-field.tsx';
import { SelectFilter } from '#app/ui/list-filters.tsx';
import '#app/ui/records.css';

interface EvidenceListProps {
  id: string;
  title: string;
  evidence: EvidenciaCapacitacion[];
  /** Signed addresses of the server's copies, by sha256 (online). */
  serverUrls: Record<string, string> | undefined;
  /** Absent: the list is only read. */
  onAdd?: (child: EvidenciaBody & Required<Pick<EvidenciaBody, 'Nombre' | 'TipoEvidencia' | 'Archivo' | 'Fecha'>>, file: LocalFile) => Promise<void>;
  onRemove?: (evidence: EvidenciaCapacitacion) => Promise<void>;
  defaultType?: TipoEvidencia;
}

/**
 * The evidence of a programme or a session: each file downloads under its stored name (spec part 2, section 5:
 * evidence without accents and with hyphens, guides with hyphens for spaces), from the device while it waits to
 * be sent, from the server afterwards.
 */
export function EvidenceList({ id, title, evidence, serverUrls, onAdd, onRemove, defaultType = 'Documento' }: EvidenceListProps) {
  const active = evidence.filter((item) => item.Estado === 1);
  const deviceUrls = useDeviceFileUrls(active.map((item) => item.Archivo));
  return (
    <CardSection id={id} title={title}>
      {active.length === 0 ? (
        <p className="muted">Sin evidencias.</p>
      ) : (
        <ul className="people-list training-evidence">
          {active.map((item) => {
            const url = deviceUrls?.[item.Archivo.Sha256] ?? serverUrls?.[item.Archivo.Sha256];
            const fileName = fileNameOfPath(item.Evidencia);
            return (
              <li key={item.Id}>
                {url ? (
                  <a href={url} download={fileName}>
                    {fileName}
                  </a>
                ) : (
                  <span>{fileName} (disponible con conexión)</span>
                )}
                <span className="muted">
                  {' '}
                  · {item.TipoEvidencia} · {formatDisplayDate(item.Fecha)}
                </span>
                {onRemove && (
                  <IonButton fill="clear" color="danger" size="small" onClick={() => void onRemove(item)}>
                    Quitar {fileName}
                  </IonButton>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {onAdd && <AddEvidence onAdd={onAdd} defaultType={defaultType} />}
    </CardSection>
  );
}

function AddEvidence({ onAdd, defaultType }: Required<Pick<EvidenceListProps, 'onAdd' | 'defaultType'>>) {
  const id = useId();
  const picked = usePickedFile();
  const [type, setType] = useState<TipoEvidencia>(defaultType);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    if (!picked.file) return picked.setError('Elige el archivo de la evidencia');
    setBusy(true);
    try {
      const file = picked.file;
      await onAdd({ Id: uuidV7(), Nombre: picked.name, TipoEvidencia: type, Archivo: { Sha256: file.sha256, Tipo: file.type as EvidenciaCapacitacion['Archivo']['Tipo'] }, Fecha: toWireDate(new Date()) }, file);
      picked.clear();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="subform" role="group" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Agregar evidencia</h3>
      <div className="record-form__grid">
        <FileField label="Archivo (PDF o imagen)" picked={picked} />
        <SelectFilter label="Tipo de evidencia" emptyLabel="Elige el tipo" value={type} options={TIPOS_EVIDENCIA.map((value) => ({ value, label: value }))} onChange={(value) => value && setType(value as TipoEvidencia)} />
      </div>
      <IonButton fill="outline" color="dark" disabled={busy} onClick={() => void add()}>
        Agregar evidencia
      </IonButton>
    </div>
  );
}
