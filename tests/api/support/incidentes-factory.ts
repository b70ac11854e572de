import { toWireDate } from '#sync/domain/dates.ts';
import { incidentFolio } from '#sync/domain/incident-rules.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import type { AccidentCatalogueTable } from '#sync/schemas/incidentes-catalogos.schema.ts';
import type { Incidente } from '#sync/schemas/incidentes.schema.ts';
import type { MedidaControl } from '#sync/schemas/medidas-control.schema.ts';
import { seedId } from '#server/seed/seed-id.ts';
import { ANDES, type TestServer } from './api-harness.ts';
import { send } from './sync-harness.ts';

export const ACCIDENTES = '/api/accidentes';
export const REGISTRO = `${ACCIDENTES}/registro-accidentes`;
export const CREATE = `${REGISTRO}/nuevo/accidente/${ANDES.id}`;
export const caseUrl = (id: string, company = ANDES.id) => `${REGISTRO}/${id}/${company}`;

/** A record of the demo company's accident catalogues (server/modules/incidentes/catalogos-base.ts). */
export const seeded = (table: AccidentCatalogueTable, info: string) => seedId(ANDES.id, table, info);
/** A worker of the demo roster: 1, 5, 9... are the demo contractor's. */
export const demoWorker = (n: number) => seedId(ANDES.id, 'trabajador', n);
export const DEMO_CONTRACTOR = '78945612-7';

export interface CaseAnswer {
  statusCode: number;
  message: string;
  code?: string;
  data: Incidente;
  medidas: MedidaControl[];
}

/** A stage-1 report of a lost-time accident as the device sends it (reporter's signature uploaded first). */
export function stageOneBody(server: TestServer, signature: FileRef, fields: Record<string, unknown> = {}): Record<string, unknown> {
  const today = toWireDate(server.clock.now());
  return {
    IdEvaluacion: uuidV7(),
    IdAccidente: incidentFolio(server.clock.now()),
    Clasificacion: 'Accidente con tiempo perdido',
    FechaOcurrencia: today,
    HoraOcurrencia: '09:15',
    Lugar: 'Losa piso 3, edificio C',
    IdNivel2: seedId(ANDES.id, 'nv2', 1),
    IdNivel3: seedId(ANDES.id, 'nv3', 1),
    TipoEvento: seeded('tipos_evento', 'Caída al mismo nivel'),
    FuenteEvento: seeded('fuentes_evento', 'Desplazamiento a pie por la faena'),
    AgenteEvento: seeded('agentes_evento', 'Piso o superficie de trabajo'),
    NombreAccidentado: 'Pedro Soto Vidal',
    Rut: '15234567-4',
    Cargo: 'Jornal',
    Edad: 31,
    AntiguedadCargo: '1 año',
    NombreInformador: 'Jorge Araya Rojas',
    FirmaInformador: signature,
    FechaConocimiento: server.clock.now().toISOString(),
    ...fields,
  };
}

export function measure(fields: Partial<Pick<MedidaControl, 'MedidaControl' | 'Plazo' | 'Responsable' | 'IdResponsable'>> = {}) {
  return { IdMedidaControl: uuidV7(), MedidaControl: 'Señalizar y demarcar el tránsito peatonal de la losa', Plazo: '2026-12-15', Responsable: 'Jorge Araya Rojas', IdResponsable: null as number | null, ...fields };
}

export const createCase = (server: TestServer, token: string, body: unknown, key?: string) => send<CaseAnswer>(server, 'POST', CREATE, { token, body, key });
export const updateCase = (server: TestServer, token: string, id: string, body: unknown, key?: string) => send<CaseAnswer>(server, 'PUT', caseUrl(id), { token, body, key });
export const getCase = (server: TestServer, token: string, id: string) => send<{ statusCode: number; data: Incidente | null; medidas?: MedidaControl[]; Urls?: Record<string, string> }>(server, 'GET', caseUrl(id), { token });

export async function tableCount(server: TestServer, table: 'incidentes' | 'medidas_control' | 'cambios' | 'conflictos'): Promise<number> {
  const row = await server.deps.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Rows of the tables a case write touches: equal before and after means nothing was written. */
export function footprint(server: TestServer): Promise<number[]> {
  return Promise.all((['incidentes', 'medidas_control', 'cambios', 'conflictos'] as const).map((table) => tableCount(server, table)));
}
