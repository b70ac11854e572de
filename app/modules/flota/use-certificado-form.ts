import { toWireDate } from '#sync/domain/dates.ts';
import type { ClaseCertificacion } from '#sync/domain/fleet-fitness.ts';
import { entityOf } from '#sync/records/entities.ts';
import { certificadoProblem, REGISTROS_FLOTA_MESSAGES } from '#sync/schemas/flota-registros.schema.ts';
import { TIPOS_FLOTA_MESSAGES } from '#sync/schemas/flota-tipos.schema.ts';
import { useState } from 'react';
import type { LocalFile } from '#app/data/local-write.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import type { AssetKind } from './asset-kinds.ts';
import type { AssetState } from './asset-state.ts';
import { suggestedDueReading, suggestedExpiry } from './certificado-suggestions.ts';
import { type AssetPlace, certificateFields, checkedBody, queueCertificate } from './flota-writes.ts';
import { parseReading, readingText } from './meter-text.ts';

/** At most this many photos or PDFs per certificate (its schema's limit). */
export const MAX_CERTIFICATE_FILES = 10;

export interface CertificadoFormProps {
  kind: AssetKind;
  assetId: string;
  place: AssetPlace;
  state: AssetState;
  plate: string | null;
}

/** A value the form proposes until the person types their own. */
function useSuggested(suggestion: string) {
  const [typed, setTyped] = useState<string | null>(null);
  return { value: typed ?? suggestion, suggested: typed === null, set: setTyped };
}

/**
 * The new certificate's fields, its proposed expiry (by the plate's calendar or the type's validity) and due reading
 * (the current reading plus the type's interval), each field's problem, and the save through the outbox.
 */
export function useCertificadoForm({ kind, assetId, place, state, plate }: CertificadoFormProps) {
  const showSaved = useSavedToast();
  const [clase, setClase] = useState<ClaseCertificacion | null>(null);
  const [issued, setIssued] = useState(() => toWireDate(new Date()));
  const [certifier, setCertifier] = useState('');
  const [note, setNote] = useState('');
  const [files, setFiles] = useState<{ file: LocalFile; name: string }[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const requirement = state.requirements.find((row) => row.Clase === clase);
  const expirySuggestion = suggestedExpiry(clase, issued, requirement, plate);
  const expiry = useSuggested(expirySuggestion?.date ?? '');
  const dueSuggestion = state.medidor === '' ? null : suggestedDueReading(requirement, state.current);
  const due = useSuggested(dueSuggestion === null ? '' : String(dueSuggestion));

  const addFile = (file: LocalFile, name: string) =>
    setFiles((current) => (current.some((added) => added.file.sha256 === file.sha256) ? current : [...current, { file, name }]));
  const removeFile = (sha256: string) => setFiles((current) => current.filter((added) => added.file.sha256 !== sha256));

  /** True when it was queued; otherwise the problems show beside their fields. */
  const save = async (): Promise<boolean> => {
    const dueReading = due.value.trim() === '' ? null : parseReading(due.value);
    const fields = {
      IdActivo: assetId,
      Clase: clase,
      FechaEmision: issued,
      FechaVencimiento: expiry.value,
      LecturaVencimiento: dueReading,
      Certificador: certifier,
      Observacion: note,
    };
    const checked = checkedBody(kind.certificates, certificateFields(fields, files.map((added) => added.file)));
    const found: Record<string, string> = { ...checked.problems };
    if (clase === null) found.Clase = TIPOS_FLOTA_MESSAGES.classInvalid;
    if (due.value.trim() !== '' && dueReading === null) found.LecturaVencimiento = REGISTROS_FLOTA_MESSAGES.dueReadingInvalid;
    const dates = { FechaEmision: issued, FechaVencimiento: expiry.value, LecturaVencimiento: dueReading };
    const across = checked.body && certificadoProblem(dates);
    if (across) found.FechaVencimiento = across;
    setProblems(found);
    if (!checked.body || Object.keys(found).length > 0) return false;
    setSaving(true);
    try {
      await queueCertificate(kind.certificates, checked.body, files.map((added) => added.file), place);
      showSaved(entityOf(kind.certificates).messages.created);
      return true;
    } catch (failure) {
      setProblems({ '': failure instanceof Error ? failure.message : 'No fue posible guardar en este dispositivo' });
      setSaving(false);
      return false;
    }
  };

  return {
    clase,
    setClase,
    issued,
    setIssued,
    expiry,
    expiryNote: expiry.suggested && expirySuggestion ? expirySuggestion.note : null,
    due,
    dueNote:
      due.suggested && dueSuggestion !== null
        ? `Sugerencia: la lectura actual más ${readingText(requirement!.IntervaloLectura!, state.medidor)}, el intervalo del tipo.`
        : null,
    hasMeter: state.medidor !== '',
    certifier,
    setCertifier,
    note,
    setNote,
    files,
    addFile,
    removeFile,
    problems,
    saving,
    save,
  };
}
