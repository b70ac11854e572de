import type { Selectable } from 'kysely';
import type { Semaforo } from '#sync/domain/traffic-light.ts';
import { medidaControlWorkflow } from '#sync/schemas/medidas-control.workflow.ts';
import { type MedidaControl, medidaControlEntity } from '#sync/schemas/medidas-control.schema.ts';
import type { Db } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import type { OverdueRule } from '#server/records/overdue-lights.ts';
import { partiesAudience, recordChange } from '#server/sync/change-log.repo.ts';

export function toWireMedida(row: Selectable<Database['medidas_control']>): MedidaControl {
  return {
    IdMedidaControl: row.IdMedidaControl,
    IdEmpresa: row.IdEmpresa,
    Estado: row.Estado === 0 ? 0 : 1,
    Version: row.Version,
    IdEvaluacion: row.IdEvaluacion,
    MedidaControl: row.MedidaControl,
    Plazo: row.Plazo,
    Responsable: row.Responsable,
    IdResponsable: row.IdResponsable,
    Semaforo: row.Semaforo as Semaforo,
    Respondida: row.Respondida === 1 ? 1 : 0,
    Aprobada: row.Aprobada === 1 ? 1 : 0,
    Archivos: JSON.parse(row.Archivos) as MedidaControl['Archivos'],
    Respuestas: JSON.parse(row.Respuestas) as MedidaControl['Respuestas'],
    RutContratista: row.RutContratista,
    IdCliente: row.IdCliente,
    CreadoEn: row.CreadoEn,
  };
}

/** The case's live measures, in the order they were written. */
export async function measuresOf(db: Db, company: string, idEvaluacion: string): Promise<MedidaControl[]> {
  const rows = await db
    .selectFrom('medidas_control')
    .selectAll()
    .where('IdEmpresa', '=', company)
    .where('IdEvaluacion', '=', idEvaluacion)
    .where('Estado', '<>', 0)
    .orderBy('CreadoEn')
    .orderBy('IdMedidaControl')
    .execute();
  return rows.map(toWireMedida);
}

/** Measures travel to company users and to the contractor and client of their case (SPEC IC6). */
export async function logMeasure(db: Db, row: MedidaControl, now: Date): Promise<void> {
  const audience = partiesAudience(row.RutContratista, row.IdCliente);
  await recordChange(db, { company: row.IdEmpresa, table: medidaControlEntity.table, id: row.IdMedidaControl, op: 'upsert', row, audience }, now);
}

/** SPEC OV1 on control measures (IC5): their light is `Semaforo`. */
export const measuresOverdue: OverdueRule<MedidaControl> = {
  workflow: medidaControlWorkflow,
  table: 'medidas_control',
  id: 'IdMedidaControl',
  toWire: (row) => toWireMedida(row as unknown as Selectable<Database['medidas_control']>),
  log: logMeasure,
};
