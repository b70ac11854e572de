import { fillPath } from '#sync/records/entity.ts';
import type { FileRef } from '#sync/records/record-fields.ts';
import {
  INCIDENT_FIELDS,
  INCIDENTES_MESSAGES,
  type Declaracion,
  type EvidenciaIncidente,
  incidenteEntity,
  IncidenteUpdateBodySchema,
  type Investigador,
} from '#sync/schemas/incidentes.schema.ts';
import type { MedidaNueva } from '#sync/schemas/medidas-control.schema.ts';
import * as v from 'valibot';
import { localWrite } from '#app/data/local-write.ts';
import { resendCorrection } from '#app/data/refused-writes.ts';
import { photoFiles } from '#app/data/review-writes.ts';
import { withIncidentDerived } from '#app/db/incident-derived.ts';
import type { IncidentFields, LocalIncidente } from '#app/db/incident-rows.ts';
import { referencedRecords } from '#app/records/record-writes.ts';
import { type DeviceSync, requireDevice } from '#app/sync/device-sync.ts';
import { measureRows } from './draft-finish.ts';

type WriteDevice = Pick<DeviceSync, 'db' | 'store' | 'replayer'>;

const casePath = (incident: LocalIncidente, template: string) =>
  `${incidenteEntity.api.base}${fillPath(template, { company: incident.IdEmpresa, IdEvaluacion: incident.IdEvaluacion })}`;

/** What an edit adds to a case: evidence, statements, investigators and control measures (children, CF5). */
export interface CaseAdditions {
  evidences: EvidenciaIncidente[];
  declarations: Declaracion[];
  investigators: Investigador[];
  measures: MedidaNueva[];
}

export const NO_ADDITIONS: CaseAdditions = { evidences: [], declarations: [], investigators: [], measures: [] };

/** The fields whose value differs from the case's (CF2: an update sends only those). */
export function changedFields(current: LocalIncidente, fields: Partial<IncidentFields>): Partial<IncidentFields> {
  const currentFields = current as unknown as Record<string, unknown>;
  return Object.fromEntries(
    INCIDENT_FIELDS.filter(
      (field) =>
        field in fields &&
        JSON.stringify((fields as Record<string, unknown>)[field]) !==
          JSON.stringify(currentFields[field] ?? (field === 'RutContratista' ? '' : undefined)),
    ).map((field) => [field, (fields as Record<string, unknown>)[field]]),
  ) as Partial<IncidentFields>;
}

/** What an edit of a case writes: the PUT's body, the row the device shows, the new files and measures. */
export interface CaseUpdate {
  body: unknown;
  row: LocalIncidente;
  files: FileRef[];
  measures: ReturnType<typeof measureRows>;
}

/** The update of `current` with `fields` and `additions` (CF2: only what changed); null when there is nothing to send. */
export function buildUpdate(
  current: LocalIncidente,
  fields: Partial<IncidentFields>,
  additions: CaseAdditions = NO_ADDITIONS,
): CaseUpdate | null {
  const changed = changedFields(current, fields);
  const nothingAdded = Object.values(additions).every((list) => list.length === 0);
  if (Object.keys(changed).length === 0 && nothingAdded) return null;
  const body = v.parse(IncidenteUpdateBodySchema, {
    IdEvaluacion: current.IdEvaluacion,
    Version: current.Version,
    ...changed,
    ...(additions.evidences.length ? { Evidencias: additions.evidences } : {}),
    ...(additions.declarations.length ? { Declaraciones: additions.declarations } : {}),
    ...(additions.investigators.length ? { Investigadores: additions.investigators } : {}),
    ...(additions.measures.length ? { MedidasControl: additions.measures } : {}),
  });
  const row = withIncidentDerived({
    ...current,
    ...(changed as Partial<LocalIncidente>),
    RutContratista: changed.RutContratista === undefined ? current.RutContratista : changed.RutContratista || null,
    Evidencias: [...current.Evidencias, ...additions.evidences],
    Declaraciones: [...current.Declaraciones, ...additions.declarations],
    Investigadores: [...current.Investigadores, ...additions.investigators],
    Version: current.Version + 1,
  });
  const files: FileRef[] = [
    ...additions.evidences.map((evidence) => evidence.Archivo),
    ...additions.investigators.map((investigator) => investigator.Firma),
    ...(changed.FirmaInformador ? [changed.FirmaInformador] : []),
  ];
  return { body, row, files, measures: measureRows(row, additions.measures, new Date()) };
}

/**
 * A case completed or corrected on this device (stages 2 and 3, the DIAT filed, the work suspended, the notices
 * given): ONE PUT with only what changed and what is added, the case and its new measures shown at once, the new
 * files uploaded first (OB1, FL1). False when there is nothing to send.
 */
export async function updateIncident(
  current: LocalIncidente,
  fields: Partial<IncidentFields>,
  additions: CaseAdditions = NO_ADDITIONS,
  device: WriteDevice = requireDevice(),
): Promise<boolean> {
  const update = buildUpdate(current, fields, additions);
  if (!update) return false;
  await localWrite(
    {
      table: 'incidentes',
      id: current.IdEvaluacion,
      row: update.row,
      request: { method: 'PUT', path: casePath(current, incidenteEntity.api.update!), body: update.body },
      parents: referencedRecords(incidenteEntity, { ...update.row }),
      files: await photoFiles(device.db, update.files),
      also: { tables: ['medidas_control'], apply: (db) => db.medidas_control.bulkPut(update.measures) },
    },
    device,
  );
  return true;
}

/**
 * RP15 for a refused edit: the person's corrected form rebased on the newest server version the device knows,
 * with only what differs from it. Its new files were uploaded with the refused entry.
 */
export function resendIncidentUpdate(
  deadKey: string,
  current: LocalIncidente,
  fields: Partial<IncidentFields>,
  additions: CaseAdditions,
): Promise<void> {
  return resendCorrection(deadKey, {
    table: 'incidentes',
    id: current.IdEvaluacion,
    current,
    create: () => {
      throw new Error('Un reporte rechazado se corrige en su borrador');
    },
    update: (base) => {
      const update = buildUpdate(base as LocalIncidente, fields, additions);
      return update
        ? { body: update.body, row: update.row }
        : { body: { IdEvaluacion: base.IdEvaluacion, Version: (base as LocalIncidente).Version }, row: base as LocalIncidente };
    },
  });
}

/** The device's own refusal, the server's words: a case closes only when every control measure is approved (IC4). */
export class CloseRefused extends Error {
  constructor() {
    super(INCIDENTES_MESSAGES.closeRefused);
  }
}

/** Close (2) or reopen (1): a POST of the spec's call with the Version the person saw; the device shows it at once. */
export async function setIncidentState(current: LocalIncidente, target: 1 | 2, device: WriteDevice = requireDevice()): Promise<void> {
  if (target === 2) {
    const measures = await device.db.medidas_control.where('IdEvaluacion').equals(current.IdEvaluacion).toArray();
    if (measures.some((measure) => measure.Estado === 1 && measure.Aprobada !== 1)) throw new CloseRefused();
  }
  const call = target === 2 ? 'cerrar' : 'abrir';
  await localWrite(
    {
      table: 'incidentes',
      id: current.IdEvaluacion,
      row: { ...current, Estado: target, CerradoEn: target === 2 ? new Date().toISOString() : null, Version: current.Version + 1 },
      request: {
        method: 'POST',
        path: `${incidenteEntity.api.base}/registro-accidentes/${call}/registro/${encodeURIComponent(current.IdEvaluacion)}`,
        body: { Version: current.Version },
      },
    },
    device,
  );
}

/** The case and its measures leave the device now; the server keeps them as Estado 0. */
export async function deleteIncident(current: LocalIncidente, device: WriteDevice = requireDevice()): Promise<void> {
  await localWrite(
    {
      table: 'incidentes',
      id: current.IdEvaluacion,
      row: null,
      request: { method: 'DELETE', path: `${casePath(current, incidenteEntity.api.remove!)}?Version=${current.Version}` },
      also: { tables: ['medidas_control'], apply: (db) => db.medidas_control.where('IdEvaluacion').equals(current.IdEvaluacion).delete() },
    },
    device,
  );
}
