import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { type LevelType, type Nivel, NivelCreateBodySchema, NivelUpdateBodySchema } from '#sync/schemas/niveles.schema.ts';
import * as v from 'valibot';
import { localWrite } from '#app/data/local-write.ts';
import { resendCorrection } from '#app/data/refused-writes.ts';
import { type LocalNivel, toLocalNivel } from '#app/db/reference-rows.ts';
import { requireDevice } from '#app/sync/device-sync.ts';

const FIELDS = ['Nombre', 'IdNivelPadre', 'RutNivel'] as const;
export type NivelFields = Pick<Nivel, (typeof FIELDS)[number]>;

const LEVELS_PATH = '/api/niveles';
const parentsOf = (fields: NivelFields) => (fields.IdNivelPadre ? [{ table: 'niveles' as const, id: fields.IdNivelPadre }] : []);

/** The form's values for a level, or for what a refused write of it sent (SPEC RP15). */
export function nivelFieldsOf(source: Partial<Record<keyof NivelFields, unknown>> | null | undefined): NivelFields {
  return {
    Nombre: typeof source?.Nombre === 'string' ? source.Nombre : '',
    IdNivelPadre: typeof source?.IdNivelPadre === 'string' && source.IdNivelPadre ? source.IdNivelPadre : null,
    RutNivel: typeof source?.RutNivel === 'string' ? source.RutNivel : '',
  };
}

function created(companyId: string, id: string, type: LevelType, fields: NivelFields) {
  const body = v.parse(NivelCreateBodySchema, { ...fields, IdNivel: id, TipoNivel: type });
  return { body, row: toLocalNivel({ ...body, IdEmpresa: companyId, Estado: 1, Version: 1 }) };
}

/** Only the changed fields and the Version they were based on (SPEC CF2); null when nothing changed. */
function updated(base: LocalNivel, fields: NivelFields) {
  const changed = Object.fromEntries(FIELDS.filter((field) => base[field] !== fields[field]).map((field) => [field, fields[field]]));
  if (Object.keys(changed).length === 0) return null;
  const body = v.parse(NivelUpdateBodySchema, { Version: base.Version, ...changed });
  return { body, row: toLocalNivel({ ...base, ...changed, Version: base.Version + 1 }) };
}

export async function createLevel(type: LevelType, fields: NivelFields): Promise<string> {
  const { companyId } = requireDevice();
  const { body, row } = created(companyId, uuidV7(), type, fields);
  await localWrite({
    table: 'niveles',
    id: body.IdNivel,
    row,
    request: { method: 'POST', path: `${LEVELS_PATH}/post/${companyId}`, body },
    parents: parentsOf(body),
  });
  return body.IdNivel;
}

/** False when nothing changed: no write is queued. */
export async function updateLevel(current: LocalNivel, fields: NivelFields): Promise<boolean> {
  const write = updated(current, fields);
  if (!write) return false;
  const { companyId } = requireDevice();
  await localWrite({
    table: 'niveles',
    id: current.IdNivel,
    row: write.row,
    request: { method: 'PUT', path: `${LEVELS_PATH}/put/${companyId}/${current.IdNivel}`, body: write.body },
    parents: parentsOf(fields),
  });
  return true;
}

/**
 * RP15 for a refused level write: a creation goes whole again with the corrected fields (same id and type); an
 * update is rebased on the newest server version the device knows, with only the fields that differ from it.
 */
export async function resendLevel(deadKey: string, current: LocalNivel, fields: NivelFields): Promise<void> {
  const { companyId } = requireDevice();
  await resendCorrection(deadKey, {
    table: 'niveles',
    id: current.IdNivel,
    current,
    create: () => created(companyId, current.IdNivel, current.TipoNivel, fields),
    // Corrected back to the server's version: the entry still goes, as a write that changes nothing.
    update: (base) => updated(base, fields) ?? { body: v.parse(NivelUpdateBodySchema, { Version: base.Version }), row: base },
  });
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
