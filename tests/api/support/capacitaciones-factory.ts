import * as v from 'valibot';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { Capacitacion } from '#sync/schemas/capacitaciones.schema.ts';
import {
  type CapacitacionCreateBody,
  CapacitacionCreateBodySchema,
  type RealizacionBody,
  RealizacionBodySchema,
} from '#sync/schemas/capacitaciones.schema.ts';
import { seedId } from '#server/seed/demo-seed.ts';
import { ANDES, type TestServer } from './api-harness.ts';
import { type Answer, uploadImage } from './inspecciones-factory.ts';
import { send } from './sync-harness.ts';
import { SEEDED } from './trabajadores-factory.ts';

export const CAPACITACIONES = '/api/capacitaciones';
export const CREADAS = `${CAPACITACIONES}/creadas`;
export const TIPOS = `${CAPACITACIONES}/tipos`;
export const REALIZAR = `${CAPACITACIONES}/detalles/realizadas`;

/** The demo types of Andes (server/seed/demo-capacitaciones.ts), by key. */
export const SEEDED_TYPE = (key: string) => seedId(ANDES.id, 'tipo-capacitacion', key);

export function typeBody(fields: Record<string, unknown> = {}) {
  return {
    IdTipoCapacitacion: uuidV7(),
    Nombre: `Izaje de cargas ${uuidV7().slice(-6)}`,
    IdCategoria: 2,
    DuracionHoras: 4,
    VigenciaMeses: 12,
    Evaluada: 1,
    Descripcion: 'Rigger y señalero',
    ...fields,
  };
}

/** A session as the office form sends it: workers 1 to `workers`, one presenter (the supervisor's user). */
export function sessionBody(
  type: string,
  fields: Partial<Record<keyof CapacitacionCreateBody, unknown>> = {},
  workers = 3,
): CapacitacionCreateBody {
  return v.parse(CapacitacionCreateBodySchema, {
    IdCapacitacion: uuidV7(),
    IdTipoCapacitacion: type,
    Tema: 'Charla de izaje seguro',
    Fecha: '2026-11-20',
    HoraInicio: '08:00',
    Lugar: 'Patio de montaje, Faena Los Andes',
    IdNivel2: SEEDED.nv2(1),
    IdNivel3: SEEDED.nv3(1),
    Participantes: Array.from({ length: workers }, (_, index) => ({ Id: uuidV7(), IdPersona: SEEDED.worker(index + 2) })),
    Relatores: [{ Id: uuidV7(), Nombre: 'Jorge Araya Rojas', Rut: '15234567-4' }],
    ...fields,
  });
}

/** The attendance of a created session: everyone signs; grades when the type is evaluated. */
export function realisationBody(
  session: Capacitacion,
  signature: FileRef,
  grades: number[] | null,
  fields: Partial<RealizacionBody> = {},
): RealizacionBody {
  return v.parse(RealizacionBodySchema, {
    IdCapacitacion: session.IdCapacitacion,
    Version: session.Version,
    FechaRealizacion: '2026-11-20',
    Participantes: session.Participantes.map((participant, index) => ({
      Id: participant.Id,
      Asistio: 1,
      Nota: grades ? grades[index] : null,
      Firma: signature,
      FirmadoEn: '2026-11-20T12:00:00.000Z',
    })),
    Relatores: session.Relatores.map((relator) => ({ Id: relator.Id, Firma: signature, FirmadoEn: '2026-11-20T12:30:00.000Z' })),
    ...fields,
  });
}

export function write<Row = Capacitacion>(server: TestServer, token: string, method: string, path: string, body?: unknown, key?: string) {
  return send<Answer<Row>>(server, method, path, { token, body, ...(key ? { key } : {}) });
}

/** A fresh signature PNG uploaded as the outbox would. */
export function signature(server: TestServer, token: string): Promise<FileRef> {
  return uploadImage(server, token, 'firma');
}

export async function rows(
  server: TestServer,
  table:
    | 'capacitaciones'
    | 'capacitacion_participantes'
    | 'capacitacion_relatores'
    | 'capacitacion_evidencias'
    | 'cambios'
    | 'tipos_capacitacion'
    | 'programas_capacitacion',
): Promise<number> {
  const row = await server.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Rows of every table a session write touches: equal before and after means nothing was written. */
export function footprint(server: TestServer): Promise<number[]> {
  return Promise.all(
    (['capacitaciones', 'capacitacion_participantes', 'capacitacion_relatores', 'capacitacion_evidencias', 'cambios'] as const).map(
      (table) => rows(server, table),
    ),
  );
}
