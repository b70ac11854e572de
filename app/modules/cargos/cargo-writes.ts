import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { type Cargo, CargoCreateBodySchema, CargoUpdateBodySchema } from '#sync/schemas/cargos.schema.ts';
import * as v from 'valibot';
import { localWrite } from '#app/data/local-write.ts';
import { type LocalCargo, toLocalCargo } from '#app/db/reference-rows.ts';
import { requireDevice } from '#app/sync/device-sync.ts';

const CARGOS_PATH = '/api/cargos/newcargos2';
const FIELDS = ['NombreCargo', 'IdNivel2', 'IdNivel3'] as const;

export type CargoFields = Pick<Cargo, (typeof FIELDS)[number]>;

function levelParents(fields: CargoFields) {
  return [fields.IdNivel2, fields.IdNivel3].filter((id): id is string => id !== null).map((id) => ({ table: 'niveles' as const, id }));
}

export async function createCargo(fields: CargoFields): Promise<string> {
  const { companyId } = requireDevice();
  const body = v.parse(CargoCreateBodySchema, { ...fields, IdCargo: uuidV7() });
  await localWrite({
    table: 'cargos',
    id: body.IdCargo,
    row: toLocalCargo({ ...body, IdEmpresa: companyId, Estado: 1, Version: 1 }),
    request: { method: 'POST', path: CARGOS_PATH, body },
    parents: levelParents(body),
  });
  return body.IdCargo;
}

/** Only the changed fields and the Version they were based on (SPEC CF2); false when nothing changed. */
export async function updateCargo(current: LocalCargo, fields: CargoFields): Promise<boolean> {
  const changed = Object.fromEntries(FIELDS.filter((field) => current[field] !== fields[field]).map((field) => [field, fields[field]]));
  if (Object.keys(changed).length === 0) return false;
  const { companyId } = requireDevice();
  const body = v.parse(CargoUpdateBodySchema, { IdCargo: current.IdCargo, Version: current.Version, ...changed });
  await localWrite({
    table: 'cargos',
    id: current.IdCargo,
    row: toLocalCargo({ ...current, ...changed, Version: current.Version + 1 }),
    request: { method: 'PUT', path: `${CARGOS_PATH}/${companyId}`, body },
    parents: levelParents(fields),
  });
  return true;
}

export async function deleteCargo(current: LocalCargo): Promise<void> {
  const levels = current.IdNivel2 ? [current.IdNivel2, ...(current.IdNivel3 ? [current.IdNivel3] : [])] : [];
  await localWrite({
    table: 'cargos',
    id: current.IdCargo,
    row: null,
    request: { method: 'DELETE', path: `${CARGOS_PATH}/delete/${[current.IdCargo, ...levels].join('/')}?Version=${current.Version}` },
  });
}
