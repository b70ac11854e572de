import type { FileRef } from '#sync/records/record-fields.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { cameraOutline, trashOutline } from 'ionicons/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { objectUrlOf } from '#app/data/local-file.ts';
import { compressPhoto } from '#app/media/compress-photo.ts';
import { PHOTO_ERROR_MESSAGE } from '#app/media/photo-compression-protocol.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import './photo-field.css';

export interface PhotoFieldProps {
  /** Visible label, also the accessible name of the picker. */
  label: string;
  /** Photos already attached (their bytes are in `archivosDispositivo`). */
  value: FileRef[];
  /** Called with the new list after a photo is compressed and stored, or one is removed. */
  onChange: (next: FileRef[]) => void;
  disabled?: boolean;
  max?: number;
}

interface Progress {
  current: number;
  total: number;
}

interface BatchOutcome {
  added: number;
  duplicates: number;
  failed: number;
  skipped: number;
}

/** Object URLs of the photos' bytes on this device, made once per photo and revoked when it leaves or on unmount. */
function useDevicePhotoUrls(hashes: string[]): Map<string, string> | undefined {
  const key = hashes.join(',');
  const files = useDbQuery((db) => db.archivosDispositivo.bulkGet(key ? key.split(',') : []), [key]);
  const cacheRef = useRef(new Map<string, string>());
  const [urls, setUrls] = useState<Map<string, string>>();

  useEffect(() => {
    if (!files) return;
    const cache = cacheRef.current;
    const present = new Set<string>();
    for (const file of files) {
      if (!file) continue;
      present.add(file.sha256);
      if (!cache.has(file.sha256)) cache.set(file.sha256, objectUrlOf(file));
    }
    for (const [sha256, url] of cache) {
      if (present.has(sha256)) continue;
      URL.revokeObjectURL(url);
      cache.delete(sha256);
    }
    setUrls(new Map(cache));
  }, [files]);

  useEffect(() => {
    const cache = cacheRef.current;
    return () => {
      for (const url of cache.values()) URL.revokeObjectURL(url);
      cache.clear();
    };
  }, []);

  return files ? urls : undefined;
}

function outcomeNotices({ added, duplicates, failed, skipped }: BatchOutcome, max: number): { error: string | null; info: string | null } {
  const tried = added + duplicates + failed;
  const error = failed === 0 ? null : tried === 1 ? PHOTO_ERROR_MESSAGE : `No fue posible procesar ${failed} de ${tried} fotos.`;
  const info = [
    duplicates === 1 ? 'Esa foto ya estaba agregada.' : duplicates > 1 ? `${duplicates} fotos ya estaban agregadas.` : null,
    skipped > 0 ? `Se permiten hasta ${max} fotos: ${skipped === 1 ? '1 foto quedó' : `${skipped} fotos quedaron`} fuera.` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return { error, info: info || null };
}

/** Several photos for one record: take or pick, compress in a worker, store the bytes on the device, show thumbnails. */
export function PhotoField({ label, value, onChange, disabled = false, max = 6 }: PhotoFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const groupRef = useRef<HTMLFieldSetElement>(null);
  // Photos of one pick finish one by one, maybe before the parent hands back the new value (an autosave round trip):
  // each emitted list is the latest value plus every photo of the pick so far, so none is dropped by a stale render.
  const valueRef = useRef(value);
  const pickedRef = useRef<FileRef[]>([]);
  const onChangeRef = useRef(onChange);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [notice, setNotice] = useState<{ error: string | null; info: string | null }>({ error: null, info: null });
  const confirm = useConfirm();
  const urls = useDevicePhotoUrls(value.map((photo) => photo.Sha256));

  useEffect(() => {
    valueRef.current = value;
  }, [value]);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const emit = (next: FileRef[]) => {
    valueRef.current = next;
    onChangeRef.current(next);
  };
  const has = (list: FileRef[], sha256: string) => list.some((ref) => ref.Sha256 === sha256);

  const busy = progress !== null;
  const full = value.length >= max;

  const addPhotos = async (picked: File[]) => {
    if (picked.length === 0) return;
    const accepted = picked.slice(0, Math.max(0, max - valueRef.current.length));
    const outcome: BatchOutcome = { added: 0, duplicates: 0, failed: 0, skipped: picked.length - accepted.length };
    setNotice({ error: null, info: null });
    pickedRef.current = [];
    for (const [index, file] of accepted.entries()) {
      setProgress({ current: index + 1, total: accepted.length });
      try {
        const photo = await compressPhoto(file);
        if (has(valueRef.current, photo.sha256) || has(pickedRef.current, photo.sha256)) {
          outcome.duplicates += 1;
          continue;
        }
        // Keyed by hash: the same photo is stored once however many records point at it.
        await requireDevice().db.archivosDispositivo.put(photo);
        pickedRef.current = [...pickedRef.current, { Sha256: photo.sha256, Tipo: 'image/jpeg' }];
        const base = valueRef.current;
        emit([...base, ...pickedRef.current.filter((ref) => !has(base, ref.Sha256))]);
        outcome.added += 1;
      } catch {
        outcome.failed += 1;
      }
    }
    setProgress(null);
    setNotice(outcomeNotices(outcome, max));
  };

  const remove = async (sha256: string, position: number) => {
    const confirmed = await confirm({ header: 'Quitar foto', message: `¿Quitar la foto ${position} de ${label}?` });
    if (!confirmed) return;
    // The bytes stay in archivosDispositivo: another record or a queued upload may point at the same hash.
    pickedRef.current = pickedRef.current.filter((ref) => ref.Sha256 !== sha256);
    emit(valueRef.current.filter((ref) => ref.Sha256 !== sha256));
    setNotice({ error: null, info: null });
    // The pressed button is gone: the group keeps the focus, so a screen reader stays on these photos.
    setTimeout(() => groupRef.current?.focus());
  };

  return (
    <fieldset ref={groupRef} className="photo-field" tabIndex={-1} aria-describedby={`${id}-count`}>
      <legend>{label}</legend>
      {value.length === 0 ? (
        <p className="muted photo-field__empty">Sin fotos.</p>
      ) : (
        <ul className="photo-field__grid">
          {value.map((photo, index) => {
            const url = urls?.get(photo.Sha256);
            const name = `Foto ${index + 1} de ${label}`;
            return (
              <li key={photo.Sha256} className="photo-field__item">
                {url ? (
                  <img className="photo-field__thumb" src={url} alt={name} />
                ) : (
                  <span className="photo-field__thumb photo-field__placeholder" role="img" aria-label={name}>
                    {urls ? 'Sin vista previa en este dispositivo' : 'Cargando…'}
                  </span>
                )}
                <button
                  type="button"
                  className="photo-field__remove"
                  aria-label={`Quitar foto ${index + 1}`}
                  disabled={disabled}
                  onClick={() => void remove(photo.Sha256, index + 1)}
                >
                  <IonIcon icon={trashOutline} aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        className="visually-hidden"
        tabIndex={-1}
        aria-label={`${label}: elegir fotos`}
        disabled={disabled || busy || full}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          void addPhotos(files);
        }}
      />
      <div className="photo-field__actions">
        <IonButton
          className="photo-field__add"
          fill="outline"
          color="dark"
          disabled={disabled || busy || full}
          onClick={() => inputRef.current?.click()}
        >
          <IonIcon slot="start" icon={cameraOutline} aria-hidden="true" />
          Agregar foto
        </IonButton>
        <span id={`${id}-count`} className="muted">
          {full ? `Máximo de ${max} fotos alcanzado.` : `${value.length} de ${max} fotos.`}
        </span>
      </div>
      <div role="status" className="photo-field__status">
        {progress && (
          <>
            <p className="photo-field__progress-text">
              <span>Comprimiendo foto…</span>
              {progress.total > 1 && <span className="muted"> {`${progress.current} de ${progress.total}`}</span>}
            </p>
            <progress className="photo-field__progress" aria-label="Comprimiendo foto" />
          </>
        )}
        {!progress && notice.info && <p className="notice notice--info">{notice.info}</p>}
      </div>
      <div role="alert">{notice.error && <p className="notice notice--error">{notice.error}</p>}</div>
    </fieldset>
  );
}
