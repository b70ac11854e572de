import { FILE_TYPES } from '#sync/records/record-fields.ts';
import { useId, useState } from 'react';
import { toLocalFile } from '#app/data/local-file.ts';
import type { LocalFile } from '#app/data/local-write.ts';

const MAX_FILE_BYTES = 15 * 1024 * 1024;
const FILE_MESSAGES = {
  tooLarge: 'El archivo supera el máximo de 15 MB',
  type: 'El archivo debe ser un PDF o una imagen (PNG, JPEG, WEBP o HEIC)',
} as const;

/** A file chosen in a file input, read into the bytes the outbox keeps (SPEC FL1), with its own error. */
export function usePickedFile() {
  const [file, setFile] = useState<LocalFile | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A new key empties the <input type="file"> after the file was used.
  const [generation, setGeneration] = useState(0);
  const pick = async (picked: File | undefined) => {
    setError(null);
    setFile(null);
    if (!picked) return;
    if (!(FILE_TYPES as readonly string[]).includes(picked.type)) return setError(FILE_MESSAGES.type);
    if (picked.size > MAX_FILE_BYTES) return setError(FILE_MESSAGES.tooLarge);
    setName(picked.name);
    setFile(await toLocalFile(picked));
  };
  const clear = () => {
    setFile(null);
    setError(null);
    setGeneration((count) => count + 1);
  };
  return { file, name, error, setError, generation, pick, clear };
}
export type PickedFile = ReturnType<typeof usePickedFile>;

export function FileField({ label, picked }: { label: string; picked: PickedFile }) {
  const id = useId();
  return (
    <div className="file-field">
      <label htmlFor={id}>{label}</label>
      <input
        key={picked.generation}
        id={id}
        type="file"
        accept={FILE_TYPES.join(',')}
        aria-invalid={picked.error ? true : undefined}
        aria-describedby={picked.error ? `${id}-error` : undefined}
        onChange={(event) => void picked.pick(event.target.files?.[0])}
      />
      {picked.file && <p className="muted">Archivo listo: {picked.name}</p>}
      {picked.error && (
        <p id={`${id}-error`} className="field-error">
          {picked.error}
        </p>
      )}
    </div>
  );
}
