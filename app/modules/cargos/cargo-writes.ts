import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { type Cargo, CargoCreateBodySchema, CargoUpdateBodySchema } from '#sync/schemas/cargos.schema.ts';
import * as v from 'valibot';
import { localWrite } from '#app/data/local-write.ts';
import { resendCorrection } from '#app/data/refused-writes.ts';
import { type LocalCargo, toLocalCargo } from '#app/db/reference-rows.ts';
import { requireDevice } from '#app/sync/device-sync.ts';

const CARGOS_PATH = '/api/cargos/newcargos2';
const FIELDS = ['NombreCargo', 'IdNivel2', 'IdNivel3'] as const;

export type CargoFields = Pick<Cargo, (typeof FIELDS)[number]>;

/** The form's values for a cargo, or for what a refused write of it sent (SPEC RP15). */
export function cargoFieldsOf(source: Partial<Record<keyof CargoFields, unknown>> | null | undefined): CargoFields {
  const level = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return {
    NombreCargo: typeof source?.NombreCargo === 'string' ? source.NombreCargo : '',
    IdNivel2: level(source?.IdNivel2),
    IdNivel3: level(source?.IdNivel3),
  };
}

function levelParents(fields: CargoFields) {
  return [fields.IdNivel2, fields.IdNivel3].filter((id): id is string => id !== null).map((id) => ({ table: 'niveles' as const, id }));
}

function created(companyId: string, id: string, fields: CargoFields) {
  const body = v.parse(CargoCreateBodySchema, { ...fields, IdCargo: id });
  return { body, row: toLocalCargo({ ...body, IdEmpresa: companyId, Estado: 1, Version: 1 }) };
}

/** Only the changed fields and the Version they were based on (SPEC CF2); null when nothing changed. */
function updated(base: LocalCargo, fields: CargoFields) {
  const changed = Object.fromEntries(FIELDS.filter((field) => base[field] !== fields[field]).map((field) => [field, fields[field]]));
  if (Object.keys(changed).length === 0) return null;
  const body = v.parse(CargoUpdateBodySchema, { IdCargo: base.IdCargo, Version: base.Version, ...changed });
  return { body, row: toLocalCargo({ ...base, ...changed, Version: base.Version + 1 }) };
}

export async function createCargo(fields: CargoFields): Promise<string> {
  const { companyId } = requireDevice();
  const { body, row } = created(companyId, uuidV7(), fields);
  await localWrite({
    table: 'cargos',
    id: body.IdCargo,
    row,
    request: { method: 'POST', path: CARGOS_PATH, body },
    parents: levelParents(body),
  });
  return body.IdCargo;
}

/** False when nothing changed: no write is queued. */
export async function updateCargo(current: LocalCargo, fields: CargoFields): Promise<boolean> {
  const write = updated(current, fields);
  if (!write) return false;
  const { companyId } = requireDevice();
  await localWrite({
    table: 'cargos',
    id: current.IdCargo,
    row: write.row,
    request: { method: 'PUT', path: `${CARGOS_PATH}/${companyId}`, body: write.body },
    parents: levelParents(fields),
  });
  return true;
}

/**
 * RP15 for a refused cargo write: a creation goes whole again with the corrected fields; an update is rebased
 * on the newest server version the device knows, with only the fields that differ from it.
 */
export async function resendCargo(deadKey: string, current: LocalCargo, fields: CargoFields): Promise<void> {
  const { companyId } = requireDevice();
  await resendCorrection(deadKey, {
    table: 'cargos',
    id: current.IdCargo,
    current,
    create: () => created(companyId, current.IdCargo, fields),
    // Corrected back to the server's version: the entry still goes, as a write that changes nothing.
    update: (base) => updated(base, fields) ?? { body: v.parse(CargoUpdateBodySchema, { IdCargo: base.IdCargo, Version: base.Version }), row: base },
  });
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
