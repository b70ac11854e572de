import type { Db } from '../db/database.ts';
import { hashPassword } from '../tenancy/password.ts';

/** A verified inspector account, so a person can try the inspectors' portal at once (same password as the demo users). */
export const DEMO_INSPECTOR = { correo: 'fiscalizador@dt.gob.cl' };

/** Creates the demo inspector once; running it again changes nothing (not even a password changed since). */
export async function seedInspectorDemo(db: Db, password: string, now: Date): Promise<void> {
  const existing = await db.selectFrom('fiscalizadores').select('IdFiscalizador').where('Correo', '=', DEMO_INSPECTOR.correo).executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('fiscalizadores')
    .values({
      Correo: DEMO_INSPECTOR.correo,
      HashContrasena: await hashPassword(password),
      DebeCambiarContrasena: 0,
      TemporalExpiraEn: null,
      CreadoEn: now.toISOString(),
      VerificadoEn: now.toISOString(),
    })
    .onConflict((oc) => oc.column('Correo').doNothing())
    .execute();
}
