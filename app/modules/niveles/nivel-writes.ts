import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { type LevelType, type Nivel, NivelCreateBodySchema, NivelUpdateBodySchema } from '#sync/schemas/niveles.schema.ts';
import * as v from 'valibot';
import { localWrite } from '#app/data/local-write.ts';
import { type LocalNivel, toLocalNivel } from '#app/db/reference-rows.ts';
import { requireDevice } from '#app/sync/device-sync.ts';

const FIELDS = ['Nombre', 'IdNivelPadre', 'RutNivel'] as const;
export type NivelFields = Pick<Nivel, (typeof FIELDS)[number]>;

const LEVELS_PATH = '/api/niveles';
const parentsOf = (fields: NivelFields) => (fields.IdNivelPadre ? [{ table: 'niveles' as const, id: fields.IdNivelPadre }] : []);

export async function createLevel(type: LevelType, fields: NivelFields): Promise<string> {
  const { companyId } = requireDevice();
  const body = v.parse(NivelCreateBodySchema, { ...fields, IdNivel: uuidV7(), TipoNivel: type });
  await localWrite({
    table: 'niveles',
    id: body.IdNivel,
    row: toLocalNivel({ ...body, IdEmpresa: companyId, Estado: 1, Version: 1 }),
    request: { method: 'POST', path: `${LEVELS_PATH}/post/${companyId}`, body },
    parents: parentsOf(body),
  });
  return body.IdNivel;
}

/** Only the changed fields and the Version they were based on (SPEC CF2); false when nothing changed. */
export async function updateLevel(current: LocalNivel, fields: NivelFields): Promise<boolean> {
  const changed = Object.fromEntries(FIELDS.filter((field) => current[field] !== fields[field]).map((field) => [field, fields[field]]));
  if (Object.keys(changed).length === 0) return false;
  const { companyId } = requireDevice();
  const body = v.parse(NivelUpdateBodySchema, { Version: current.Version, ...changed });
  await localWrite({
    table: 'niveles',
    id: current.IdNivel,
    row: toLocalNivel({ ...current, ...changed, Version: current.Version + 1 }),
    request: { method: 'PUT', path: `${LEVELS_PATH}/put/${companyId}/${current.IdNivel}`, body },
    parents: parentsOf(fields),
  });
  return true;
}

export async function deleteLevel(current: LocalNivel): Promise<void> {
  const { companyId } = requireDevice();
  await localWrite({
    table: 'niveles',
    id: current.IdNivel,
    row: null,
    request: { method: 'DELETE', path: `${LEVELS_PATH}/delete/${companyId}/${current.IdNivel}?Version=${current.Version}` },
  });
}
