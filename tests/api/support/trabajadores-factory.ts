import * as v from 'valibot';
import { rutCheckDigit } from '#sync/domain/rut.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { CargoCreateBodySchema, type CargoCreateBody } from '#sync/schemas/cargos.schema.ts';
import { NivelCreateBodySchema, type NivelCreateBody } from '#sync/schemas/niveles.schema.ts';
import { TrabajadorCreateBodySchema, type TrabajadorCreateBody } from '#sync/schemas/trabajadores.schema.ts';
import { seedId } from '#server/seed/demo-seed.ts';
import type { TestServer } from './api-harness.ts';
import { send } from './sync-harness.ts';

/** The ids the demo seed gives Andes' reference data. */
export const SEEDED = {
  nv2: (n: number) => seedId('76123456', 'nv2', n),
  nv3: (n: number) => seedId('76123456', 'nv3', n),
  cargo: (n: number) => seedId('76123456', 'cargo', n),
  worker: (n: number) => seedId('76123456', 'trabajador', n),
  contractorRut: '78945612-7',
};

let runCounter = 0;
/** A valid RUT no seeded worker has. */
export function freshRut(): string {
  runCounter += 1;
  const body = String(20_000_000 + runCounter * 7919);
  return `${body}-${rutCheckDigit(body)}`;
}

/** What the worker form would send: built through the shared schema, so a factory body is always valid. */
export function workerBody(overrides: Partial<Record<keyof TrabajadorCreateBody, unknown>> = {}): TrabajadorCreateBody {
  return v.parse(TrabajadorCreateBodySchema, {
    IdPersona: uuidV7(),
    RunPersona: freshRut(),
    Nombres: 'Ana María',
    ApellidoPaterno: 'Órdenes',
    ApellidoMaterno: 'Lagos',
    cargos: [SEEDED.cargo(1)],
    IdNivel2: SEEDED.nv2(1),
    IdNivel3: SEEDED.nv3(1),
    ...overrides,
  });
}

export function cargoBody(overrides: Partial<Record<keyof CargoCreateBody, unknown>> = {}): CargoCreateBody {
  return v.parse(CargoCreateBodySchema, {
    IdCargo: uuidV7(),
    NombreCargo: 'Rigger',
    IdNivel2: SEEDED.nv2(1),
    IdNivel3: SEEDED.nv3(1),
    ...overrides,
  });
}

export function levelBody(overrides: Partial<Record<keyof NivelCreateBody, unknown>> = {}): NivelCreateBody {
  return v.parse(NivelCreateBodySchema, { IdNivel: uuidV7(), TipoNivel: 2, Nombre: 'Faena Calama', ...overrides });
}

export interface WriteAnswer<Row = Record<string, unknown>> {
  statusCode: number;
  message: string;
  code?: string;
  data: Row;
}

export const WORKERS = '/api/trabajadores/newtrabajadores2';

export function createWorker(server: TestServer, token: string, body: unknown, key?: string) {
  return send<WriteAnswer>(server, 'POST', WORKERS, { token, body, ...(key ? { key } : {}) });
}

export function updateWorker(server: TestServer, token: string, body: unknown, key?: string) {
  return send<WriteAnswer>(server, 'PUT', WORKERS, { token, body, ...(key ? { key } : {}) });
}

export function deleteWorker(server: TestServer, token: string, id: string, userId: number, query = '') {
  return send<WriteAnswer>(server, 'DELETE', `${WORKERS}/${id}/${userId}${query}`, { token });
}

export interface ListAnswer {
  statusCode: number;
  data: {
    IdPersona: string;
    RunPersona: string;
    Nombres: string;
    ApellidoPaterno: string;
    RutContratista: string | null;
    cargos: string[];
  }[];
  total: number;
  Pagina: number;
  PorPagina: number;
}

export function listWorkers(server: TestServer, token: string, company: string, query = '') {
  return send<ListAnswer>(server, 'GET', `${WORKERS}/${company}${query}`, { token });
}

export function workerDetail(server: TestServer, token: string, company: string, id: string) {
  return send<{ statusCode: number; data: (Record<string, unknown> & { Urls: Record<string, string> }) | null }>(
    server,
    'GET',
    `${WORKERS}/detalle/${company}/${id}`,
    { token },
  );
}
