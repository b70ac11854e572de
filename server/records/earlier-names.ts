import { personName } from '#sync/domain/person-name.ts';
import type { Db } from '../db/database.ts';
import type { NombresAnterioresTable } from '../db/schema.ts';

type Person = { Nombres: string; ApellidoPaterno: string; ApellidoMaterno: string | null };

/**
 * Every name a worker (`trabajadores`, by IdPersona) or a user (`usuarios`, by IdUsuario) of the company has had:
 * the current one, from the row itself, then the earlier ones the triggers of migration 0021 kept, newest first. A
 * record signed offline under a name the office has changed since still names that person (SPEC EP6).
 */
export async function knownNames(
  db: Db,
  company: string,
  table: NombresAnterioresTable['Tabla'],
  id: string | number,
  current: Person,
): Promise<string[]> {
  const earlier = await db
    .selectFrom('nombres_anteriores')
    .select(['Nombres', 'ApellidoPaterno', 'ApellidoMaterno'])
    .where('IdEmpresa', '=', company)
    .where('Tabla', '=', table)
    .where('IdRegistro', '=', String(id))
    .orderBy('HastaEn', 'desc')
    .execute();
  return [personName(current), ...earlier.map(personName)];
}
