import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { FILE_TYPES, type FileRef } from '#sync/records/record-fields.ts';
import type { Declaracion, EvidenciaIncidente } from '#sync/schemas/incidentes.schema.ts';
import { IonButton } from '@ionic/react';
import { useId, useState } from 'react';
import { toLocalFile } from '#app/data/local-file.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { PhotoField } from '#app/ui/form/photo-field.tsx';
import { TextInput } from './fields.tsx';

export interface EvidenceBinding {
  evidences: readonly EvidenciaIncidente[];
  declarations: readonly Declaracion[];
  /** Evidence and statements already on the server stay (CF5): only new ones can be taken away. */
  removable: (id: string) => boolean;
  onPhotos: (photos: FileRef[]) => Promise<void>;
  onFile: (file: LocalFile, name: string) => Promise<void>;
  onRemoveEvidence: (id: string) => Promise<void>;
  onDeclaration: (declaration: Omit<Declaracion, 'IdDeclaracion' | 'Archivo' | 'Fecha'>) => Promise<void>;
  onRemoveDeclaration: (id: string) => Promise<void>;
}

const isPhoto = (evidence: EvidenciaIncidente) => evidence.Archivo.Tipo.startsWith('image/');
const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** The evidence: photos compressed in the worker (as in inspections), documents as they are, and statements. */
export function EvidenceSection({ binding }: { binding: EvidenceBinding }) {
  const inputId = useId();
  const [fileError, setFileError] = useState<string | null>(null);
  const photos = binding.evidences.filter(isPhoto).map((evidence) => evidence.Archivo);
  const documents = binding.evidences.filter((evidence) => !isPhoto(evidence));

  const pickFile = async (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    if (!(FILE_TYPES as readonly string[]).includes(file.type) || file.size > MAX_FILE_BYTES) {
      setFileError('El archivo debe ser PDF o imagen, de hasta 10 MB');
      return;
    }
    await binding.onFile(await toLocalFile(file), file.name);
  };

  return (
    <CardSection id="incidente-evidencias" title="Evidencias y declaraciones">
      <PhotoField label="Fotos de la evidencia" value={photos} onChange={(next) => void binding.onPhotos(next)} max={12} />
      <div className="incident-files">
        <label htmlFor={inputId}>Agregar un documento (PDF o imagen sin comprimir)</label>
        <input
          id={inputId}
          type="file"
          accept="application/pdf,image/*"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            void pickFile(file);
          }}
        />
        {fileError && (
          <p className="field-error" role="alert">
            {fileError}
          </p>
        )}
        {documents.length > 0 && (
          <ul className="incident-list" aria-label="Documentos de la evidencia">
            {documents.map((evidence) => (
              <li key={evidence.IdEvidencia}>
                <span>{evidence.Nombre}</span>
                {binding.removable(evidence.IdEvidencia) && (
                  <IonButton
                    fill="clear"
                    color="danger"
                    size="small"
                    onClick={() => void binding.onRemoveEvidence(evidence.IdEvidencia)}
                    aria-label={`Quitar ${evidence.Nombre}`}
                  >
                    Quitar
                  </IonButton>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <Declarations binding={binding} />
    </CardSection>
  );
}

function Declarations({ binding }: { binding: EvidenceBinding }) {
  const [draft, setDraft] = useState({ key: uuidV7(), Nombre: '', Rut: '', Calidad: '', Texto: '' });
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    if (!draft.Nombre.trim() || !draft.Texto.trim()) return setError('Escribe quién declara y su declaración');
    setError(null);
    await binding.onDeclaration({
      Nombre: draft.Nombre.trim(),
      Rut: draft.Rut.trim(),
      Calidad: draft.Calidad.trim(),
      Texto: draft.Texto.trim(),
    });
    setDraft({ key: uuidV7(), Nombre: '', Rut: '', Calidad: '', Texto: '' });
  };
  return (
    <div className="incident-declarations">
      <h3>Declaraciones</h3>
      {binding.declarations.length === 0 ? (
        <p className="muted">Sin declaraciones.</p>
      ) : (
        <ul className="incident-list" aria-label="Declaraciones">
          {binding.declarations.map((declaration) => (
            <li key={declaration.IdDeclaracion}>
              <span>
                <strong>{declaration.Nombre}</strong>
                {declaration.Calidad ? ` (${declaration.Calidad})` : ''}: {declaration.Texto}
              </span>
              {binding.removable(declaration.IdDeclaracion) && (
                <IonButton
                  fill="clear"
                  color="danger"
                  size="small"
                  onClick={() => void binding.onRemoveDeclaration(declaration.IdDeclaracion)}
                  aria-label={`Quitar la declaración de ${declaration.Nombre}`}
                >
                  Quitar
                </IonButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="incident-grid" key={draft.key}>
        <TextInput
          label="Quién declara"
          value={draft.Nombre}
          onChange={(Nombre) => setDraft((current) => ({ ...current, Nombre }))}
          delay={0}
        />
        <TextInput
          label="Rut de quien declara"
          value={draft.Rut}
          onChange={(Rut) => setDraft((current) => ({ ...current, Rut }))}
          delay={0}
        />
        <TextInput
          label="En calidad de (testigo, accidentado…)"
          value={draft.Calidad}
          onChange={(Calidad) => setDraft((current) => ({ ...current, Calidad }))}
          delay={0}
        />
      </div>
      <TextInput
        label="Declaración"
        value={draft.Texto}
        onChange={(Texto) => setDraft((current) => ({ ...current, Texto }))}
        delay={0}
        multiline
      />
      {error && <p className="field-error">{error}</p>}
      <IonButton fill="outline" color="dark" onClick={() => void add()}>
        Agregar declaración
      </IonButton>
    </div>
  );
}
