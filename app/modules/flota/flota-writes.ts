import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { entityOf } from '#sync/records/entities.ts';
import * as v from 'valibot';
import type { LocalFile } from '#app/data/local-write.ts';
import type { LocalRows } from '#app/db/reference-rows.ts';
import { queueCreate } from '#app/records/record-writes.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import type { AssetPlace } from '#sync/schemas/flota-registros.schema.ts';
import type { CertificateTable, ReadingTable } from './asset-kinds.ts';

/** The asset's place: the row made here carries it at once, so the device lists it where the server will. */
export type { AssetPlace } from '#sync/schemas/flota-registros.schema.ts';

type Fields = Record<string, unknown>;

/** A body the person filled in, checked with the record's create schema: the body, or each field's first message. */
export function checkedBody(table: CertificateTable | ReadingTable, fields: Fields):
  | { body: Fields; problems: null }
  | { body: null; problems: Record<string, string> } {
  const result = v.safeParse(entityOf(table).createBody!, fields);
  if (result.success) return { body: result.output as Fields, problems: null };
  const problems: Record<string, string> = {};
  for (const issue of result.issues) {
    const field = String(issue.path?.[0]?.key ?? '');
    problems[field] ??= issue.message;
  }
  return { body: null, problems };
}

function shownRow(body: Fields, place: AssetPlace, extra: Fields = {}) {
  return { ...body, ...place, ...extra, IdEmpresa: requireDevice().companyId, Estado: 1, Version: 1 };
}

/** A new certificate's fields: its id made here, its photos and PDF as the references its body carries. */
export function certificateFields(fields: Fields, files: readonly LocalFile[]): Fields {
  return { ...fields, IdCertificacion: uuidV7(), Archivos: files.map((file) => ({ Sha256: file.sha256, Tipo: file.type })) };
}

/** Queues a certificate with its files in one transaction (SPEC OB1, FL1): it works offline. */
export async function queueCertificate(table: CertificateTable, body: Fields, files: LocalFile[], place: AssetPlace): Promise<string> {
  return queueCreate(table, body, { row: shownRow(body, place) as unknown as LocalRows[CertificateTable], files });
}

/** A new reading's fields: its id made here, taken now. */
export function readingFields(fields: Fields): Fields {
  return { ...fields, IdLectura: uuidV7(), Fecha: new Date().toISOString() };
}

/** Who took a reading: the server records it; the row made here says it until the server's copy arrives. */
export interface ReadingTaker {
  IdUsuario: number;
  NombreUsuario: string;
}

export async function queueReading(table: ReadingTable, body: Fields, place: AssetPlace, who: ReadingTaker): Promise<string> {
  return queueCreate(table, body, { row: shownRow(body, place, { ...who }) as unknown as LocalRows[ReadingTable] });
}
