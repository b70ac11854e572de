import * as v from 'valibot';
import { actaSeal } from '#sync/domain/epp-delivery.ts';
import { personName } from '#sync/domain/person-name.ts';
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

/** A user of the demo company by e-mail (the tests post actas as the administrator). */
export async function demoUser(server: TestServer, correo = 'admin@andesdemo.cl', company = ANDES.id) {
  return server.deps.db.selectFrom('usuarios').selectAll().where('IdEmpresa', '=', company).where('CorreoElectronicoPersona', '=', correo).executeTakeFirstOrThrow();
}

/**
 * Who delivers (SPEC EP7): a user by e-mail (by default the administrator, who posts in the tests), a seeded worker
 * by number, or `'tipeado'`: the typed deliverer of an acta an older app queued (seal version 1, no VersionSello).
 */
export type ActaDeliverer = { user: string } | { worker: number } | 'tipeado';

export interface ActaOptions {
  worker: number;
  signatures: { deliverer: FileRef; worker: FileRef };
  deliverer?: ActaDeliverer;
  overrides?: Partial<Record<keyof EppEntregaCreateBody, unknown>>;
  company?: string;
}

async function delivererOf(server: TestServer, deliverer: ActaDeliverer, Firma: FileRef) {
  if (deliverer === 'tipeado') return { Nombre: 'Jorge Araya Rojas', Rut: '15234567-4', Firma };
  if ('user' in deliverer) {
    const user = await demoUser(server, deliverer.user);
    return { Nombre: personName(user), Rut: user.RunPersona, IdUsuario: user.IdUsuario, Firma };
  }
  const worker = await seededWorker(server, deliverer.worker);
  return { Nombre: personName(worker), Rut: worker.RunPersona, IdPersona: worker.IdPersona, Firma };
}

/**
 * One worker's acta as the device builds it when they sign: valid through the shared schema, sealed with the shared
 * seal under the current version (2), naming the worker as the roster does and the administrator as deliverer.
 */
export async function actaBody(server: TestServer, options: ActaOptions): Promise<EppEntregaCreateBody> {
  const worker = await seededWorker(server, options.worker);
  const deliverer = options.deliverer ?? { user: 'admin@andesdemo.cl' };
  const unsealed = {
    ...(deliverer === 'tipeado' ? {} : { VersionSello: 2 }),
    IdEntregadosEpp: uuidV7(),
    IdEntrega: uuidV7(),
    IdEmpresa: options.company ?? ANDES.id,
    IdPersona: worker.IdPersona,
    RunPersona: worker.RunPersona,
    NombreTrabajador: personName(worker),
    Motivo: 1,
    Fecha: '2026-11-21',
    IdCliente: null,
    Items: [
      { IdLinea: uuidV7(), IdEpp: SEEDED_EPP('casco'), NombreEpp: 'Casco de seguridad', Talla: '', Cantidad: 1 },
      { IdLinea: uuidV7(), IdEpp: SEEDED_EPP('guantes'), NombreEpp: 'Guantes de cabritilla', Talla: 'L', Cantidad: 2 },
    ],
    Entregador: await delivererOf(server, deliverer, options.signatures.deliverer),
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
