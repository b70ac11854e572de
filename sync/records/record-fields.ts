import * as v from 'valibot';
import { rutError } from '../domain/rut.ts';

/** Messages every record shares, whatever its module. */
export const RECORD_MESSAGES = {
  idInvalid: 'El identificador no es válido',
  versionRequired: 'La versión del registro es requerida',
  fileInvalid: 'El archivo indicado no es válido',
} as const;

/** Ids of records made on a device (UUIDv7, SPEC OB3); the server accepts any UUID and never makes one up. */
export const RecordIdSchema = v.pipe(v.string(RECORD_MESSAGES.idInvalid), v.trim(), v.toLowerCase(), v.uuid(RECORD_MESSAGES.idInvalid));

/** A reference to another record that may be absent: null or omitted. */
export const OptionalRecordIdSchema = v.nullish(RecordIdSchema, null);

/** The `Version` a write was based on (SPEC CF2). */
export const BaseVersionSchema = v.pipe(
  v.number(RECORD_MESSAGES.versionRequired),
  v.integer(RECORD_MESSAGES.versionRequired),
  v.minValue(1, RECORD_MESSAGES.versionRequired),
);

/** What the server adds to every stored record: its company, its state and its version (SPEC CF1). */
export const RecordMetaEntries = {
  IdEmpresa: v.string(),
  /** 1 active, 0 deleted (a tombstone in the changes). */
  Estado: v.picklist([0, 1]),
  Version: v.pipe(v.number(), v.integer(), v.minValue(1)),
};

/** An optional RUT: empty, or a valid one (cleaned to 12345678-5). */
export const OptionalRutSchema = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.check((value) => value === '' || rutError(value) === null, (issue) => rutError(issue.input as string) ?? ''),
  v.transform((value) => value.replace(/[.\s]/g, '').toUpperCase()),
);

export const FILE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/heif', 'application/pdf'] as const;

/** A content-addressed file uploaded first with PUT /api/files/{Sha256} (SPEC FL2). */
export const FileRefSchema = v.object(
  {
    Sha256: v.pipe(v.string(RECORD_MESSAGES.fileInvalid), v.toLowerCase(), v.regex(/^[a-f0-9]{64}$/, RECORD_MESSAGES.fileInvalid)),
    Tipo: v.picklist(FILE_TYPES, RECORD_MESSAGES.fileInvalid),
  },
  RECORD_MESSAGES.fileInvalid,
);
export type FileRef = v.InferOutput<typeof FileRefSchema>;

/** A required name of up to `max` characters, trimmed, with the module's own message. */
export function nameSchema(message: string, max = 120) {
  return v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max));
}

/**
 * An image of a PDF report (a logo, a photo, a signature): any object of a report's data with this shape is one,
 * and is made drawable before the layout starts (app/reports/report-images.ts).
 */
export interface ReportImage {
  Sha256: string;
  Tipo: string;
  Url: string;
}

/** The company at the head of every report: its name, RUT and logo. */
export interface ReportCompany {
  Nombre: string;
  Rut: string;
  Logo: ReportImage | null;
}
