import type { Kysely } from 'kysely';
import { ACTIVITY_MESSAGES, contractActivities, worksiteOfActivity } from '#sync/domain/contract-activities.ts';
import { CONTRATOS_MESSAGES, contratoEntity, contratoProblem, type Contrato } from '#sync/schemas/contratistas-contratos.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import { activeContractorRuts } from '#server/records/office-parties.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import type { RecordRules } from '#server/records/record-writes.ts';
import type { Viewer } from '#server/tenancy/viewer.ts';
import { syncContract } from './contract-documents.ts';

/** A contractor user sees the contracts it holds and those it works in as a subcontractor. */
export function canSeeContract(viewer: Viewer, row: Pick<Contrato, 'RutContratista' | 'Subcontratistas'>): boolean {
  if (viewer.kind === 'contratista') return viewer.rut !== '' && (row.RutContratista === viewer.rut || row.Subcontratistas.includes(viewer.rut));
  return viewer.kind === 'empresa';
}

/** Each activity's level 3 area lies in the activity's worksite (the levels themselves exist: the entity's references). */
async function checkActivityLevels(db: Db, company: string, row: Contrato) {
  const placed = contractActivities(row).filter((activity) => activity.IdNivel3 !== null);
  if (placed.length === 0) return;
  const areas = await db
    .selectFrom('niveles')
    .select(['IdNivel', 'IdNivelPadre'])
    .where('IdEmpresa', '=', company)
    .where('IdNivel', 'in', placed.map((activity) => activity.IdNivel3!))
    .execute();
  const parentOf = new Map(areas.map((area) => [area.IdNivel, area.IdNivelPadre]));
  if (placed.some((activity) => parentOf.get(activity.IdNivel3!) !== worksiteOfActivity(row, activity)))
    throw new HttpError(400, ACTIVITY_MESSAGES.level3NotOfWorksite, 'NIVEL3_AJENO');
}

type Loose = Kysely<Record<string, Record<string, unknown>>>;

/** The people and assets a contract names, each of which must belong to its contractor or a subcontractor. */
const MEMBERS = [
  { field: 'Trabajadores', table: 'trabajadores', id: 'IdPersona', message: CONTRATOS_MESSAGES.workerNotOfContract, code: 'TRABAJADOR_AJENO' },
  { field: 'Vehiculos', table: 'vehiculos', id: 'IdVehiculo', message: CONTRATOS_MESSAGES.vehicleNotOfContract, code: 'VEHICULO_AJENO' },
  { field: 'Equipos', table: 'equipos', id: 'IdEquipo', message: CONTRATOS_MESSAGES.equipmentNotOfContract, code: 'EQUIPO_AJENO' },
] as const;

/** Its contractor and subcontractors are active contractor companies, its people and assets theirs, its activities' areas in place. */
async function checkContract(db: Db, company: string, row: Contrato) {
  const problem = contratoProblem(row);
  if (problem) throw new HttpError(400, problem, 'CONTRATO_INVALIDO');
  const companies = [row.RutContratista, ...row.Subcontratistas];
  const known = await activeContractorRuts(db, company, companies);
  if (!known.has(row.RutContratista)) throw new HttpError(400, CONTRATOS_MESSAGES.contractorNotFound, 'CONTRATISTA_INEXISTENTE');
  if (row.Subcontratistas.some((rut) => !known.has(rut))) throw new HttpError(400, CONTRATOS_MESSAGES.subcontractorNotFound, 'SUBCONTRATISTA_INEXISTENTE');
  await checkActivityLevels(db, company, row);
  for (const { table, id, field, message, code } of MEMBERS) {
    const ids = row[field];
    if (ids.length === 0) continue;
    const outside = await (db as unknown as Loose)
      .selectFrom(table)
      .select(id)
      .where('IdEmpresa', '=', company)
      .where(id, 'in', ids)
      .where((eb) => eb.or([eb('RutContratista', 'is', null), eb('RutContratista', 'not in', companies)]))
      .executeTakeFirst();
    if (outside) throw new HttpError(400, message, code);
  }
}

/**
 * Contracts on the record kit (spec "Contracts": /contrato/{emp}, PUT /contrato/{ContratosIds}/{emp}). Writing one
 * makes the documents its requirements ask and recomputes its workers' accreditations in the same transaction.
 */
export const contratoRules: RecordRules<Contrato> = {
  visible: canSeeContract,
  check: (ctx, db, row) => checkContract(db, ctx.company, row),
  written: (ctx, db, row) => syncContract(ctx, db, row),
};

export const contratosRoutes = recordRoutes(contratoEntity, { rules: contratoRules });
