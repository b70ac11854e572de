import { accreditationOf, type AccreditationDocument } from '#sync/domain/accreditation.ts';
import { worksitesOf } from '#sync/domain/contract-activities.ts';
import { toWireDate } from '#sync/domain/dates.ts';
import {
  acreditacionActivoEntity,
  acreditacionEntity,
  type Acreditacion,
  type AcreditacionActivo,
} from '#sync/schemas/contratistas-acreditaciones.schema.ts';
import type { Contrato } from '#sync/schemas/contratistas-contratos.schema.ts';
import type { Db } from '#server/db/database.ts';
import { dropDerivedRow, keepDerivedRow } from '#server/records/derived-rows.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { type ContractSubject, subjectKey } from './contract-subjects.ts';
import { derivedId } from './derived-id.ts';

type Accreditation = Pick<Acreditacion, 'Acreditado' | 'AcreditadoHasta' | 'Motivos'>;

/** What a worker's and an asset's row share: the id from the subject, contract and worksite, and the accreditation. */
type Placement = [contract: Contrato, subject: ContractSubject, IdNivel2: string, accreditation: Accreditation];

function placedRow(ctx: WriteContext, kind: string, [contract, subject, IdNivel2, accreditation]: Placement) {
  return {
    IdAcreditacion: derivedId(ctx.company, kind, subject.id, contract.IdContrato, IdNivel2),
    IdEmpresa: ctx.company,
    Estado: 1 as const,
    IdContrato: contract.IdContrato,
    IdNivel2,
    RutContratista: subject.RutContratista,
    ...accreditation,
  };
}

/** Keeps one subject's row at one worksite (a worker's as stored since issue 37, an asset's since 38); its id. */
async function keepRow(ctx: WriteContext, db: Db, placement: Placement): Promise<string> {
  const subject = placement[1];
  if (subject.resource === 'Trabajadores') {
    const row: Omit<Acreditacion, 'Version'> = {
      ...placedRow(ctx, 'acreditacion', placement),
      IdPersona: subject.id,
      NombrePersona: subject.Nombre,
      RunPersona: subject.RunPersona,
    };
    await keepDerivedRow(ctx, db, acreditacionEntity, row);
    return row.IdAcreditacion;
  }
  const row: Omit<AcreditacionActivo, 'Version'> = {
    ...placedRow(ctx, 'acreditacion-activo', placement),
    IdActivo: subject.id,
    ClaseActivo: subject.resource === 'Vehiculos' ? 'vehiculo' : 'equipo',
    NombreActivo: subject.Nombre,
  };
  await keepDerivedRow(ctx, db, acreditacionActivoEntity, row);
  return row.IdAcreditacion;
}

/**
 * The contract's accreditation rows: one per worker, vehicle or machine and worksite where its activities are (the
 * contract's when in none); one taken out of the contract, a worksite left (or a deleted contract) loses its row.
 */
export async function keepAccreditations(
  ctx: WriteContext,
  db: Db,
  contract: Contrato,
  subjects: readonly ContractSubject[],
  documents: readonly AccreditationDocument[],
): Promise<void> {
  const today = toWireDate(ctx.now);
  const kept = new Set<string>();
  for (const subject of contract.Estado === 0 ? [] : subjects) {
    const accreditation = accreditationOf(contract, subjectKey(subject), documents, today);
    for (const IdNivel2 of worksitesOf(contract, subject.resource, subject.id)) {
      kept.add(await keepRow(ctx, db, [contract, subject, IdNivel2, accreditation]));
    }
  }
  for (const entity of [acreditacionEntity, acreditacionActivoEntity]) {
    const stored = await db
      .selectFrom(entity.table)
      .select('IdAcreditacion')
      .where('IdEmpresa', '=', ctx.company)
      .where('IdContrato', '=', contract.IdContrato)
      .where('Estado', '=', 1)
      .execute();
    for (const { IdAcreditacion } of stored) if (!kept.has(IdAcreditacion)) await dropDerivedRow(ctx, db, entity, IdAcreditacion);
  }
}
