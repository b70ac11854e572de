import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * Users, roles, contractor companies and clients become the company's own data (issue "Who may sign in and what
 * they see"):
 *
 * - `empresas_contratistas` and `clientes`: until now a contractor or a client existed only as a value on its users
 *   (`usuarios.IdContratista`, the contractor's RUT that records carry as RutContratista; `usuarios.IdCliente`).
 *   Each distinct value becomes a row, so there is one source: a user still names its contractor by RUT and its
 *   client by id, and the row says whether it is active (Estado 1 active, 2 deactivated, spec) and whether it has
 *   an account (Tipo 2, spec).
 * - `usuarios.NombreUsuario` (spec: User), unique per company like the e-mail; `roles.Estado` (1 active, 0
 *   deleted: users keep pointing at their role's row).
 * - `SeqPermisos` on roles and users: the change-log seq of the last change of what a user may read (role grants,
 *   role, contractor or client). A device that pulled before it downloads its tables again (SPEC PL11).
 * - `dias_inactivos`: inactive working days per user (spec). `auditoria`: who changed which user, role, contractor
 *   or client, when, and what (field, before, after).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE empresas_contratistas (
    IdEmpresaContratista TEXT PRIMARY KEY,
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    Rut TEXT NOT NULL,
    RutCompleto TEXT NOT NULL,
    Nombre TEXT NOT NULL,
    Correo TEXT NOT NULL,
    Telefono TEXT NOT NULL DEFAULT '',
    Direccion TEXT NOT NULL DEFAULT '',
    LogoArchivo TEXT,
    Estado INTEGER NOT NULL DEFAULT 1 CHECK (Estado IN (1, 2)),
    Tipo INTEGER NOT NULL DEFAULT 2 CHECK (Tipo IN (1, 2)),
    IdUsuario INTEGER,
    Version INTEGER NOT NULL DEFAULT 1,
    CreadoEn TEXT NOT NULL,
    UNIQUE (IdEmpresa, RutCompleto)
  )`.execute(db);

  await sql`CREATE TABLE clientes (
    IdCliente TEXT PRIMARY KEY,
    IdEmpresa TEXT NOT NULL REFERENCES empresas (IdEmpresa),
    RutCliente TEXT NOT NULL DEFAULT '',
    Nombre TEXT NOT NULL,
    Correo TEXT NOT NULL,
    Telefono TEXT NOT NULL DEFAULT '',
    Direccion TEXT NOT NULL DEFAULT '',
    LogoArchivo TEXT,
    Estado INTEGER NOT NULL DEFAULT 1 CHECK (Estado IN (1, 2)),
    Tipo INTEGER NOT NULL DEFAULT 2 CHECK (Tipo IN (1, 2)),
    IdUsuario INTEGER,
    Version INTEGER NOT NULL DEFAULT 1,
    CreadoEn TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX clientes_empresa ON clientes (IdEmpresa, Nombre)`.execute(db);

  await sql`ALTER TABLE usuarios ADD COLUMN NombreUsuario TEXT NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE usuarios ADD COLUMN SeqPermisos INTEGER NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE roles ADD COLUMN Estado INTEGER NOT NULL DEFAULT 1`.execute(db);
  await sql`ALTER TABLE roles ADD COLUMN SeqPermisos INTEGER NOT NULL DEFAULT 0`.execute(db);

  await sql`CREATE TABLE dias_inactivos (
    IdUsuario INTEGER NOT NULL REFERENCES usuarios (IdUsuario) ON DELETE CASCADE,
    IdEmpresa TEXT NOT NULL,
    Fecha TEXT NOT NULL,
    PRIMARY KEY (IdUsuario, Fecha)
  )`.execute(db);

  await sql`CREATE TABLE auditoria (
    IdAuditoria INTEGER PRIMARY KEY AUTOINCREMENT,
    IdEmpresa TEXT NOT NULL,
    Fecha TEXT NOT NULL,
    IdAutor INTEGER NOT NULL,
    NombreAutor TEXT NOT NULL,
    Entidad TEXT NOT NULL,
    IdRegistro TEXT NOT NULL,
    NombreRegistro TEXT NOT NULL,
    Accion TEXT NOT NULL,
    Cambios TEXT NOT NULL DEFAULT '[]'
  )`.execute(db);
  await sql`CREATE INDEX auditoria_empresa ON auditoria (IdEmpresa, IdAuditoria)`.execute(db);
  await sql`CREATE INDEX auditoria_registro ON auditoria (IdEmpresa, Entidad, IdRegistro)`.execute(db);

  await nameExistingUsers(db);
  await partiesFromUsers(db);
  await clientsDownloadAgain(db);
}

/**
 * Client users used to pull the company's workers; from now on they pull none (SPEC PL7). Their devices download
 * their tables again at the next pull (SPEC PL11), which leaves no worker on them.
 */
async function clientsDownloadAgain(db: Kysely<unknown>): Promise<void> {
  const companies = await sql<{ IdEmpresa: string }>`SELECT DISTINCT IdEmpresa FROM usuarios WHERE Tipo = 'cliente'`.execute(db);
  for (const { IdEmpresa } of companies.rows) {
    const marker = await sql`INSERT INTO cambios (IdEmpresa, Tabla, IdRegistro, Operacion, Fila, CreadoEn, Audiencia)
      VALUES (${IdEmpresa}, '_permisos', 'clientes-sin-trabajadores', 'upsert', '{}', ${new Date().toISOString()}, 'empresa')`.execute(db);
    await sql`UPDATE usuarios SET SeqPermisos = ${Number(marker.insertId)} WHERE IdEmpresa = ${IdEmpresa} AND Tipo = 'cliente'`.execute(db);
  }
}

interface UserRow {
  IdUsuario: number;
  IdEmpresa: string;
  CorreoElectronicoPersona: string;
  Tipo: string;
  IdContratista: string | null;
  IdCliente: string | null;
}

async function existingUsers(db: Kysely<unknown>): Promise<UserRow[]> {
  const result = await sql<UserRow>`SELECT IdUsuario, IdEmpresa, CorreoElectronicoPersona, Tipo, IdContratista, IdCliente FROM usuarios ORDER BY IdUsuario`.execute(db);
  return result.rows;
}

/** Each user gets the local part of their e-mail as user name, numbered when two of a company would share it. */
async function nameExistingUsers(db: Kysely<unknown>): Promise<void> {
  const taken = new Set<string>();
  for (const user of await existingUsers(db)) {
    const base = user.CorreoElectronicoPersona.split('@')[0]!.toLowerCase().replace(/[^a-z0-9._-]/g, '') || 'usuario';
    let name = base;
    for (let n = 2; taken.has(`${user.IdEmpresa}:${name}`); n += 1) name = `${base}${n}`;
    taken.add(`${user.IdEmpresa}:${name}`);
    await sql`UPDATE usuarios SET NombreUsuario = ${name} WHERE IdUsuario = ${user.IdUsuario}`.execute(db);
  }
}

/** A contractor or client named only on its users becomes a row; its first user is its account. */
async function partiesFromUsers(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  const seen = new Set<string>();
  for (const user of await existingUsers(db)) {
    if (user.Tipo === 'contratista' && user.IdContratista && !seen.has(`c:${user.IdEmpresa}:${user.IdContratista}`)) {
      seen.add(`c:${user.IdEmpresa}:${user.IdContratista}`);
      await sql`INSERT INTO empresas_contratistas (IdEmpresaContratista, IdEmpresa, Rut, RutCompleto, Nombre, Correo, Estado, Tipo, IdUsuario, CreadoEn)
        VALUES (${randomUUID()}, ${user.IdEmpresa}, ${user.IdContratista.slice(0, -2)}, ${user.IdContratista}, ${`Empresa contratista ${user.IdContratista}`},
          ${user.CorreoElectronicoPersona}, 1, 2, ${user.IdUsuario}, ${now})`.execute(db);
    }
    if (user.Tipo === 'cliente' && user.IdCliente && !seen.has(`k:${user.IdEmpresa}:${user.IdCliente}`)) {
      seen.add(`k:${user.IdEmpresa}:${user.IdCliente}`);
      await sql`INSERT INTO clientes (IdCliente, IdEmpresa, Nombre, Correo, Estado, Tipo, IdUsuario, CreadoEn)
        VALUES (${user.IdCliente}, ${user.IdEmpresa}, ${`Cliente ${user.IdCliente}`}, ${user.CorreoElectronicoPersona}, 1, 2, ${user.IdUsuario}, ${now})`.execute(db);
    }
  }
}
