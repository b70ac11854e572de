import { formatRut, rutError } from '#sync/domain/rut.ts';
import type { Firma } from '#sync/schemas/inspecciones.schema.ts';
import { IonButton } from '@ionic/react';
import { useEffect, useId, useState } from 'react';
import { objectUrlOf } from '#app/data/local-file.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { SignaturePadField } from '#app/ui/form/signature-pad-field.tsx';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import type { SignerDetails } from './draft-store.ts';
import '#app/ui/records.css';
import '#app/ui/drafts/draft-field.css';
import './draft-fields.css';
import './draft-signatures.css';

/** A photo or signature taken on this device, shown from its bytes. */
export function useDeviceFileUrl(sha256: string | undefined): string | null {
  const file = useDbQuery(async (db) => (sha256 ? ((await db.archivosDispositivo.get(sha256)) ?? null) : null), [sha256]);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = objectUrlOf(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function SavedSignature({ firma, readOnly, onRemove }: { firma: Firma; readOnly: boolean; onRemove: (firma: Firma) => void }) {
  const url = useDeviceFileUrl(firma.Archivo.Sha256);
  const role = firma.Rol === 'Ejecutor' ? 'Ejecutor' : 'Firmante';
  return (
    <li className="insp-signature">
      {url ? <img className="insp-signature__image" src={url} alt={`Firma de ${firma.Nombre}`} /> : <div className="insp-signature__image" aria-hidden="true" />}
      <div>
        <p className="insp-signature__name">{firma.Nombre}</p>
        <p className="muted">
          {role}
          {firma.Rut ? ` · Rut ${formatRut(firma.Rut)}` : ''}
          {firma.Cargo ? ` · ${firma.Cargo}` : ''}
        </p>
        <p className="muted">Firmado el {formatDisplayDateTime(new Date(firma.FirmadoEn))}</p>
        {!readOnly && (
          <IonButton fill="outline" color="danger" size="small" aria-label={`Eliminar firma de ${firma.Nombre}`} onClick={() => onRemove(firma)}>
            Eliminar firma
          </IonButton>
        )}
      </div>
    </li>
  );
}

interface SignerFormProps {
  rol: Firma['Rol'];
  /** "del ejecutor" or "de quien firma": the end of every field's name. */
  whose: string;
  defaultName: string;
  saveLabel: string;
  onSave: (signer: SignerDetails, png: LocalFile | null) => Promise<void>;
  onDrawnChange: (drawn: boolean) => void;
  onCancel?: () => void;
}

function SignerForm({ rol, whose, defaultName, saveLabel, onSave, onDrawnChange, onCancel }: SignerFormProps) {
  const ids = useId();
  const [name, setName] = useState(defaultName);
  const [rut, setRut] = useState('');
  const [cargo, setCargo] = useState('');
  const [png, setPng] = useState<LocalFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const rutProblem = rut.trim() ? rutError(rut) : null;

  useEffect(() => {
    onDrawnChange(png !== null);
  }, [png, onDrawnChange]);
  useEffect(() => () => onDrawnChange(false), [onDrawnChange]);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await onSave({ Rol: rol, Nombre: name, Rut: rut, Cargo: cargo }, png);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'No fue posible guardar la firma');
      setSaving(false);
    }
  };

  return (
    <div className="insp-signer-form">
      <div className="record-form__grid">
        <div className="draft-field">
          <label htmlFor={`${ids}-nombre`}>Nombre {whose}*</label>
          <input id={`${ids}-nombre`} value={name} autoComplete="off" onChange={(event) => setName(event.target.value)} />
        </div>
        <div className={`draft-field${rutProblem ? ' draft-field--invalid' : ''}`}>
          <label htmlFor={`${ids}-rut`}>Rut {whose}</label>
          <input id={`${ids}-rut`} value={rut} autoComplete="off" aria-invalid={rutProblem ? true : undefined} onChange={(event) => setRut(event.target.value)} />
          {rutProblem && <p className="field-error">{rutProblem}</p>}
        </div>
        <div className="draft-field">
          <label htmlFor={`${ids}-cargo`}>Cargo {whose}</label>
          <input id={`${ids}-cargo`} value={cargo} autoComplete="off" onChange={(event) => setCargo(event.target.value)} />
        </div>
      </div>
      <SignaturePadField label={`Firma ${whose}`} hasCurrent={false} currentUrl={null} onChange={setPng} />
      <div role="alert">{error && <p className="notice notice--error">{error}</p>}</div>
      <div className="button-row">
        <IonButton onClick={() => void save()} disabled={saving || !png || !name.trim() || Boolean(rutProblem)}>
          {saveLabel}
        </IonButton>
        {onCancel && (
          <IonButton fill="outline" color="dark" onClick={onCancel}>
            Cancelar
          </IonButton>
        )}
      </div>
    </div>
  );
}

interface DraftSignaturesProps {
  firmas: Firma[];
  supervisor: string;
  readOnly: boolean;
  problem?: string;
  onSave: (signer: SignerDetails, png: LocalFile | null) => Promise<void>;
  onRemove: (firma: Firma) => void;
  /** True while a signature is drawn but not saved yet: finishing then asks to save it first. */
  onUnsavedChange: (unsaved: boolean) => void;
}

/** The executor's signature and those of every other person who must sign (lista_firmas). */
export function DraftSignatures({ firmas, supervisor, readOnly, problem, onSave, onRemove, onUnsavedChange }: DraftSignaturesProps) {
  const [adding, setAdding] = useState(false);
  const [drawnExecutor, setDrawnExecutor] = useState(false);
  const [drawnSigner, setDrawnSigner] = useState(false);
  const executor = firmas.find((firma) => firma.Rol === 'Ejecutor');
  const unsaved = (!executor && drawnExecutor) || (adding && drawnSigner);

  useEffect(() => {
    onUnsavedChange(unsaved);
  }, [unsaved, onUnsavedChange]);

  return (
    <section id="insp-firmas" className={`card insp-section${problem ? ' insp-section--invalid' : ''}`} aria-labelledby="insp-firmas-title" tabIndex={-1}>
      <h2 id="insp-firmas-title">Firmas</h2>
      {problem && <p className="field-error insp-section__error">{problem}</p>}
      {firmas.length > 0 && (
        <ul className="insp-signatures">
          {firmas.map((firma) => (
            <SavedSignature key={firma.IdFirma} firma={firma} readOnly={readOnly} onRemove={onRemove} />
          ))}
        </ul>
      )}
      {readOnly ? (
        firmas.length === 0 && <p className="muted">Sin firmas.</p>
      ) : (
        <>
          {!executor && (
            <div className="insp-subsection">
              <h3>Firma del ejecutor</h3>
              <SignerForm
                rol="Ejecutor"
                whose="del ejecutor"
                defaultName={supervisor}
                saveLabel="Guardar firma del ejecutor"
                onSave={onSave}
                onDrawnChange={setDrawnExecutor}
              />
            </div>
          )}
          {adding ? (
            <div className="insp-subsection">
              <h3>Otra persona que firma</h3>
              <SignerForm
                rol="Firmante"
                whose="de quien firma"
                defaultName=""
                saveLabel="Guardar firma"
                onDrawnChange={setDrawnSigner}
                onSave={async (signer, png) => {
                  await onSave(signer, png);
                  setAdding(false);
                }}
                onCancel={() => setAdding(false)}
              />
            </div>
          ) : (
            <div className="button-row">
              <IonButton fill="outline" color="dark" onClick={() => setAdding(true)}>
                Agregar firmante
              </IonButton>
            </div>
          )}
        </>
      )}
    </section>
  );
}
