import type { FileRef } from '#sync/schemas/trabajadores.schema.ts';

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

/** Several photos for one record: take or pick, compress in a worker, store the bytes on the device, show thumbnails. */
export function PhotoField({ label }: PhotoFieldProps) {
  return <p>{label}</p>;
}
