import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { rutCheckDigit } from '#sync/domain/rut.ts';
import type { PermissionAction } from '#sync/records/permissions.ts';
import { ANDES, type TestServer } from './api-harness.ts';
import { newKey, send } from './sync-harness.ts';

export type Session = { token: string; userId: number };
export type Answer<T = Record<string, unknown>> = { statusCode: number; message: string; code?: string; data: T; CorreoEnviado?: boolean };

let counter = 0;
/** A valid RUT no seeded person or company has, different in every call. */
export function freshRut(): string {
  counter += 1;
  const body = String(23_000_000 + counter * 7919 + Math.floor(Math.random() * 5000));
  return `${body}-${rutCheckDigit(body)}`;
}

export const TEMPORARY = 'Temporal.2026';

export function roleBody(overrides: { NombreRol?: string; Permisos?: { Ruta: string; Acciones: PermissionAction[] }[] } = {}) {
  counter += 1;
  return {
    NombreRol: `Rol de prueba ${counter}`,
    Permisos: [{ Ruta: '/trabajadores', Acciones: ['index'] as PermissionAction[] }],
    ...overrides,
  };
}

export function userBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    RunPersona: freshRut(),
    NombreUsuario: `usuario${counter}`,
    Nombres: 'Francisca',
    ApellidoPaterno: 'Morales',
    ApellidoMaterno: 'Tapia',
    CorreoElectronicoPersona: `usuario${counter}@andesdemo.cl`,
    TelefonoPersona: '+56 9 5555 1234',
    FechaNacimiento: '1990-06-15',
    IdRol: 0,
    Tipo: 'empresa',
    ContrasenaTemporal: TEMPORARY,
    ...overrides,
  };
}

export function contractorBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    IdEmpresaContratista: uuidV7(),
    RutCompleto: freshRut(),
    Nombre: `Servicios Andinos ${counter} Ltda.`,
    Correo: `contacto${counter}@contratista.cl`,
    Telefono: '+56 2 2444 5566',
    Direccion: 'Los Carrera 1200, Concepción',
    Tipo: 2,
    ContrasenaTemporal: TEMPORARY,
    ...overrides,
  };
}

export function clientBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    IdCliente: uuidV7(),
    RutCliente: freshRut(),
    Nombre: `Minera del Desierto ${counter} S.A.`,
    Correo: `cliente${counter}@minera.cl`,
    Tipo: 2,
    ContrasenaTemporal: TEMPORARY,
    ...overrides,
  };
}

/** Writes the way the outbox sends them: each with its own Idempotency-Key. */
export const write = <T = Record<string, unknown>>(
  server: TestServer,
  token: string,
  method: string,
  url: string,
  body?: unknown,
  key: string = newKey(),
) => send<Answer<T>>(server, method, url, { token, body, key });

export const read = <T = Record<string, unknown>>(server: TestServer, token: string, url: string) =>
  send<Answer<T>>(server, 'GET', url, { token });

export async function roleIdByName(server: TestServer, name: string): Promise<number> {
  return (
    await server.deps.db
      .selectFrom('roles')
      .select('IdRol')
      .where('IdEmpresa', '=', ANDES.id)
      .where('NombreRol', '=', name)
      .where('Estado', '=', 1)
      .executeTakeFirstOrThrow()
  ).IdRol;
}

/** A role made through the API, and a company user with it, signed in after changing the temporary password. */
export async function userWithRole(
  server: TestServer,
  admin: Session,
  permisos: { Ruta: string; Acciones: PermissionAction[] }[],
  overrides: Record<string, unknown> = {},
) {
  const role = await write<{ IdRol: number }>(server, admin.token, 'POST', `/api/roles/post/${ANDES.id}`, roleBody({ Permisos: permisos }));
  if (role.status !== 200) throw new Error(`role: ${JSON.stringify(role.body)}`);
  const body = userBody({ IdRol: role.body.data.IdRol, ...overrides });
  const made = await write<{ IdUsuario: number }>(server, admin.token, 'POST', '/api/usuarios', body);
  if (made.status !== 200) throw new Error(`user: ${JSON.stringify(made.body)}`);
  const session = await signInFirstTime(server, String(body.CorreoElectronicoPersona));
  return { role: role.body.data.IdRol, user: made.body.data.IdUsuario, body, session };
}

/** Signs in with the temporary password, changes it as the first sign-in asks, and signs in again. */
export async function signInFirstTime(server: TestServer, email: string, password = TEMPORARY): Promise<Session> {
  const challenge = await server.request<{ Desafio?: string }>('POST', '/api/auth/login', {
    body: { RutEmpresa: ANDES.rut, Correo: email, Contrasena: password },
  });
  if (!challenge.body.Desafio) throw new Error(`no challenge: ${JSON.stringify(challenge.body)}`);
  const changed = await server.request('POST', '/api/auth/cambiar-contrasena', {
    body: { Desafio: challenge.body.Desafio, Contrasena: 'Nueva.Clave.2026', ConfirmarContrasena: 'Nueva.Clave.2026' },
  });
  if (changed.status !== 200) throw new Error(`change: ${JSON.stringify(changed.body)}`);
  return server.login(email, ANDES.rut, 'Nueva.Clave.2026');
}

export async function lastMailTo(server: TestServer, email: string) {
  return server.deps.db.selectFrom('correos').selectAll().where('Para', '=', email).orderBy('IdCorreo', 'desc').executeTakeFirst();
}

export async function auditOf(server: TestServer, entity: string, id: string | number) {
  const rows = await server.deps.db
    .selectFrom('auditoria')
    .selectAll()
    .where('Entidad', '=', entity)
    .where('IdRegistro', '=', String(id))
    .orderBy('IdAuditoria')
    .execute();
  return rows.map((row) => ({ ...row, Cambios: JSON.parse(row.Cambios) as { Campo: string; Antes: string; Despues: string }[] }));
}
