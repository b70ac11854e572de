import * as v from 'valibot';
import { actaSeal } from '#sync/domain/epp-delivery.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import { type EppEntregaCreateBody, EppEntregaCreateBodySchema } from '#sync/schemas/epp-entregas.schema.ts';
import { seedId } from '#server/seed/demo-seed.ts';
import { ANDES, type TestServer } from './api-harness.ts';
import { uploadImage } from './inspecciones-factory.ts';
import { send } from './sync-harness.ts';
import { SEEDED } from './trabajadores-factory.ts';

export const EPP = '/api/epp';
export const ENTREGADOS = `${EPP}/entregados`;
export const actaPath = (id: string, company = ANDES.id) => `${EPP}/one/${company}/${id}`;

/** The demo catalogue's ids (server/seed/demo-epp.ts). */
export const SEEDED_EPP = (key: 'casco' | 'lentes' | 'guantes' | 'arnes' | 'zapatos' | 'auditivo' | 'respirador' | 'chaleco' | 'dielectricos' | 'legionario') => seedId(ANDES.id, 'epp', key);
export const SEEDED_ACTA = (n: number) => seedId(ANDES.id, 'entrega-epp', n, 'acta');

/** Seeded worker n (1..20): the contractor's are 1, 5, 9, 13 and 17. */
export async function seededWorker(server: TestServer, n: number) {
  return (await server.deps.records.trabajadores.load(server.deps.db, ANDES.id, SEEDED.worker(n)))!.row;
}

export interface ActaOptions {
  worker: number;
  signatures: { deliverer: FileRef; worker: FileRef };
  overrides?: Partial<Record<keyof EppEntregaCreateBody, unknown>>;
  company?: string;
}

/** One worker's acta as the device builds it when they sign: valid through the shared schema, sealed with the shared seal. */
export async function actaBody(server: TestServer, options: ActaOptions): Promise<EppEntregaCreateBody> {
  const worker = await seededWorker(server, options.worker);
  const unsealed = {
    IdEntregadosEpp: uuidV7(),
    IdEntrega: uuidV7(),
    IdEmpresa: options.company ?? ANDES.id,
    IdPersona: worker.IdPersona,
    RunPersona: worker.RunPersona,
    NombreTrabajador: `${worker.Nombres} ${worker.ApellidoPaterno}`,
    Motivo: 1,
    Fecha: '2026-11-21',
    IdCliente: null,
    Items: [
      { IdLinea: uuidV7(), IdEpp: SEEDED_EPP('casco'), NombreEpp: 'Casco de seguridad', Talla: '', Cantidad: 1 },
      { IdLinea: uuidV7(), IdEpp: SEEDED_EPP('guantes'), NombreEpp: 'Guantes de cabritilla', Talla: 'L', Cantidad: 2 },
    ],
    Entregador: { Nombre: 'Jorge Araya Rojas', Rut: '15234567-4', Firma: options.signatures.deliverer },
    FirmaTrabajador: options.signatures.worker,
    FirmadoEn: '2026-11-21T11:50:00.000Z',
    Corrige: null,
    ...options.overrides,
  };
  const parsed = v.parse(EppEntregaCreateBodySchema, { ...unsealed, Sello: '0'.repeat(64) });
  const Sello = options.overrides?.Sello ?? (await actaSeal(options.company ?? ANDES.id, parsed));
  return { ...parsed, Sello: Sello as string };
}

export async function signatures(server: TestServer, token: string) {
  return { deliverer: await uploadImage(server, token, 'firma'), worker: await uploadImage(server, token, 'firma') };
}

export function postActa(server: TestServer, token: string, body: unknown, key?: string) {
  return send<{ statusCode: number; message: string; code?: string; data: Record<string, unknown> }>(server, 'POST', ENTREGADOS, { token, body, key });
}

export async function rowCount(server: TestServer, table: 'epp_entregas' | 'epp_entregas_lineas' | 'cambios' | 'epp_tipos' | 'epp_asignaciones'): Promise<number> {
  const row = await server.deps.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
