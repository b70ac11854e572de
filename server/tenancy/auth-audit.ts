import type { Db } from '../db/database.ts';

export interface HistoryEntry {
  Usuario: string;
  IdEmpresa: string;
  Origen: string;
  Texto: string;
  Afectado?: string;
  /** The spec's audit record has password fields; only whether one was given is kept, never the password. */
  conContrasena?: boolean;
  conCodigo?: boolean;
}

const GIVEN = '[proporcionada]';

/** Login-activity log (spec: usuarios/logs with an estado). */
export async function logSignInActivity(db: Db, companyId: string, email: string, estado: string, detalle: string, now: Date) {
  try {
    await db
      .insertInto('registro_accesos')
      .values({ IdEmpresa: companyId, Correo: email, Estado: estado, Detalle: detalle, Fecha: now.toISOString() })
      .execute();
  } catch (error) {
    console.warn('[auth] no se pudo registrar el acceso', error);
  }
}

/** History record of each sign-in step. A failure here must never block signing in (spec 4.1). */
export async function writeHistory(db: Db, entry: HistoryEntry, now: Date) {
  try {
    await db
      .insertInto('historial')
      .values({
        Usuario: entry.Usuario,
        IdEmpresa: entry.IdEmpresa,
        Origen: entry.Origen,
        Texto: entry.Texto,
        Afectado: entry.Afectado ?? entry.Usuario,
        Contrasena1: entry.conContrasena ? GIVEN : '',
        Contrasena2: entry.conContrasena ? GIVEN : '',
        CodigoVerificacion: entry.conCodigo ? GIVEN : '',
        Fecha: now.toISOString(),
      })
      .execute();
  } catch (error) {
    console.warn('[auth] no se pudo registrar el historial', error);
  }
}
