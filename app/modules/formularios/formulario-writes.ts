import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import { FormularioCreateBodySchema, FormularioUpdateBodySchema } from '#sync/schemas/formularios.schema.ts';
import * as v from 'valibot';
import { localWrite } from '#app/data/local-write.ts';
import type { LocalFormulario } from '#app/db/inspection-rows.ts';
import { toLocalFormulario } from '#app/db/reference-rows.ts';
import { type DeviceSync, requireDevice } from '#app/sync/device-sync.ts';
import { changedTemplateFields, copyName, type TemplateFields } from './formulario-editor-model.ts';

export const FORMULARIOS_PATH = '/api/formularios/formularios';

type WriteDevice = Pick<DeviceSync, 'db' | 'store' | 'replayer' | 'companyId'>;

/** A new template (version 1) as the device shows it until the server's row arrives with the next pull. */
export function createdTemplate(companyId: string, id: string, fields: TemplateFields, now: Date) {
  const body = v.parse(FormularioCreateBodySchema, { ...fields, IdFormulario: id });
  const row = toLocalFormulario({
    ...body,
    IdEmpresa: companyId,
    Estado: 1,
    VersionFormulario: 1,
    Version: 1,
    ActualizadoEn: now.toISOString(),
  });
  return { body, row };
}

/** Only the changed fields and the Version they were based on (SPEC CF2); null when nothing changed. */
export function updatedTemplate(current: LocalFormulario, fields: TemplateFields, now: Date) {
  const changed = changedTemplateFields(current, fields);
  if (Object.keys(changed).length === 0) return null;
  const body = v.parse(FormularioUpdateBodySchema, { IdFormulario: current.IdFormulario, Version: current.Version, ...changed });
  const { orden: _orden, ...base } = current;
  const row = toLocalFormulario({
    ...base,
    ...changed,
    // A new content is the next version (SPEC IN3); the server numbers it the same way.
    VersionFormulario: changed.Contenido ? current.VersionFormulario + 1 : current.VersionFormulario,
    Version: current.Version + 1,
    ActualizadoEn: now.toISOString(),
  });
  return { body, row };
}

export async function createFormulario(fields: TemplateFields, device: WriteDevice = requireDevice()): Promise<string> {
  const { body, row } = createdTemplate(device.companyId, uuidV7(), fields, new Date());
  await localWrite({ table: 'formularios', id: body.IdFormulario, row, request: { method: 'POST', path: FORMULARIOS_PATH, body } }, device);
  return body.IdFormulario;
}

/** False when nothing changed: no write is queued. */
export async function updateFormulario(
  current: LocalFormulario,
  fields: TemplateFields,
  device: WriteDevice = requireDevice(),
): Promise<boolean> {
  const write = updatedTemplate(current, fields, new Date());
  if (!write) return false;
  await localWrite(
    {
      table: 'formularios',
      id: current.IdFormulario,
      row: write.row,
      request: { method: 'PUT', path: `${FORMULARIOS_PATH}/${encodeURIComponent(current.IdFormulario)}`, body: write.body },
    },
    device,
  );
  return true;
}

/** A duplicate is a creation: a new id, "Copia de …", the same content as version 1. */
export async function duplicateFormulario(source: LocalFormulario, device: WriteDevice = requireDevice()): Promise<string> {
  return createFormulario(
    { Nombre: copyName(source.Nombre), Tipo: source.Tipo, Descripcion: source.Descripcion, Contenido: source.Contenido },
    device,
  );
}

/**
 * Retiring is Estado 0: no new inspections start on it, started ones still finish (SPEC IN3). The device shows it
 * retired until the pull, which does not keep retired templates.
 */
export async function retireFormulario(current: LocalFormulario, device: WriteDevice = requireDevice()): Promise<void> {
  await localWrite(
    {
      table: 'formularios',
      id: current.IdFormulario,
      row: { ...current, Estado: 0, Version: current.Version + 1 },
      request: { method: 'DELETE', path: `${FORMULARIOS_PATH}/${encodeURIComponent(current.IdFormulario)}?Version=${current.Version}` },
    },
    device,
  );
}
