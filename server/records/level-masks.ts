import type { Mask } from '#sync/schemas/auth.schema.ts';
import type { Db } from '../db/database.ts';

/** The company's names for levels 2, 3 and 4 (TipoNv → Nombre): sign-in, level screens, workers and reports read them. */
export function listMasks(db: Db, companyId: string): Promise<Mask[]> {
  return db.selectFrom('mascaras').select(['TipoNv', 'Nombre']).where('IdEmpresa', '=', companyId).orderBy('TipoNv').execute();
}
