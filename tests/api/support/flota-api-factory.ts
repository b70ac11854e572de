import * as v from 'valibot';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { AnyEntity } from '#sync/records/entity.ts';
import { equipoEntity, instalacionEntity, vehiculoEntity } from '#sync/schemas/flota-activos.schema.ts';
import { certificadoVehiculoEntity, lecturaVehiculoEntity } from '#sync/schemas/flota-registros.schema.ts';
import { tipoEquipoEntity, tipoVehiculoEntity } from '#sync/schemas/flota-tipos.schema.ts';
import { ANDES, type TestServer } from './api-harness.ts';
import { newKey, send } from './sync-harness.ts';
import { SEEDED } from './trabajadores-factory.ts';

/**
 * The fleet's bodies (issue 38), each built through its entity's create body, so a factory body is always valid, and
 * the calls the fleet's tests make. Names and plates carry a counter: the demo's own fleet never collides with them.
 */
type Body = Record<string, unknown>;
export type Answer<T = Body> = { statusCode: number; message: string; code?: string; data: T };

let counter = 0;
const next = () => ++counter;
const parsed = (entity: AnyEntity, body: Body) => v.parse(entity.createBody!, body) as Body;

export const BASE = { vehiculos: '/api/vehiculos', equipos: '/api/equipos', instalaciones: '/api/instalaciones' } as const;
export type Kind = keyof typeof BASE;

export function tipoBody(kind: 'vehiculo' | 'equipo', overrides: Body = {}) {
  const entity = kind === 'vehiculo' ? tipoVehiculoEntity : tipoEquipoEntity;
  return parsed(entity, { [entity.id]: uuidV7(), Nombre: `Tipo de prueba ${next()}`, Medidor: 'km', ...overrides }) as Body & { Nombre: string };
}

const place = { IdNivel2: SEEDED.nv2(1), IdNivel3: SEEDED.nv3(1) };

export function vehiculoBody(IdTipoVehiculo: string, overrides: Body = {}) {
  const Patente = `ZX${String(next()).padStart(4, '0')}`;
  return parsed(vehiculoEntity, { IdVehiculo: uuidV7(), Patente, IdTipoVehiculo, Marca: 'Toyota', Modelo: 'Hilux', Anio: 2022, ...place, ...overrides }) as Body & {
    IdVehiculo: string;
    Patente: string;
  };
}

export function equipoBody(IdTipoEquipo: string, overrides: Body = {}) {
  const Codigo = `GRUA-${next()}`;
  return parsed(equipoEntity, { IdEquipo: uuidV7(), Codigo, Nombre: 'Grúa horquilla', IdTipoEquipo, ...place, ...overrides }) as Body & {
    IdEquipo: string;
    Codigo: string;
  };
}

export function instalacionBody(overrides: Body = {}) {
  return parsed(instalacionEntity, { IdInstalacion: uuidV7(), Nombre: `Estanque de combustible ${next()}`, ...place, ...overrides }) as Body & {
    IdInstalacion: string;
  };
}

export function certificadoBody(IdActivo: string, overrides: Body = {}) {
  const body = { IdCertificacion: uuidV7(), IdActivo, Clase: 'soap', FechaEmision: '2026-03-01', FechaVencimiento: '2027-03-01', ...overrides };
  return parsed(certificadoVehiculoEntity, body) as Body & { IdCertificacion: string };
}

export function lecturaBody(IdActivo: string, Fecha: string, Valor: number, overrides: Body = {}) {
  return parsed(lecturaVehiculoEntity, { IdLectura: uuidV7(), IdActivo, Fecha, Valor, ...overrides }) as Body & { IdLectura: string };
}

/** A write as the outbox sends it, with its own Idempotency-Key unless one is given. */
export const write = <T = Body>(server: TestServer, token: string, method: string, url: string, body?: unknown, key: string = newKey()) =>
  send<Answer<T>>(server, method, url, { token, body, key });

export const read = <T = Body>(server: TestServer, token: string, url: string) => send<Answer<T>>(server, 'GET', url, { token });

/** A type made through the API. */
export async function createTipo(server: TestServer, token: string, kind: 'vehiculo' | 'equipo', overrides: Body = {}) {
  const body = tipoBody(kind, overrides);
  const answer = await write(server, token, 'POST', kind === 'vehiculo' ? '/api/tipos-vehiculo' : '/api/tipos-equipo', body);
  if (answer.status !== 200) throw new Error(`tipo: ${JSON.stringify(answer.body)}`);
  return body;
}

/** A type with a meter and a vehicle of it, made through the API. */
export async function createVehiculo(server: TestServer, token: string, type: Body = {}, overrides: Body = {}) {
  const tipo = await createTipo(server, token, 'vehiculo', type);
  const body = vehiculoBody(String(tipo.IdTipoVehiculo), overrides);
  const answer = await write<Body>(server, token, 'POST', BASE.vehiculos, body);
  if (answer.status !== 200) throw new Error(`vehículo: ${JSON.stringify(answer.body)}`);
  return { tipo, vehiculo: body };
}

export const aptitud = (server: TestServer, token: string, kind: Kind, id: string) =>
  read<AptitudData | null>(server, token, `${BASE[kind]}/aptitud/${id}/${ANDES.id}`);

export interface CertificadoVigencia {
  IdCertificacion: string;
  Clase: string;
  FechaVencimiento: string;
  LecturaVencimiento: number | null;
  EstadoVigencia: string;
}

export interface AptitudData {
  Apto: 0 | 1;
  Motivos: string[];
  Lectura: number | null;
  Certificaciones: CertificadoVigencia[];
  Operadores: { IdPersona: string; Nombre: string; Apto: 0 | 1; Motivos: string[] }[];
}
