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

/** A worker's row: its id from the worker, contract and worksite, as stored since issue 37. */
function workerRow(ctx: WriteContext, contract: Contrato, subject: ContractSubject, IdNivel2: string, accreditation: Accreditation) {
  const row: Omit<Acreditacion, 'Version'> = {
    IdAcreditacion: derivedId(ctx.company, 'acreditacion', subject.id, contract.IdContrato, IdNivel2),
    IdEmpresa: ctx.company,
    Estado: 1,
    IdPersona: subject.id,
    NombrePersona: subject.Nombre,
    RunPersona: subject.RunPersona,
    IdContrato: contract.IdContrato,
    IdNivel2,
    RutContratista: subject.RutContratista,
    ...accreditation,
  };
  return { entity: acreditacionEntity, row, id: row.IdAcreditacion };
}

function assetRow(ctx: WriteContext, contract: Contrato, subject: ContractSubject, IdNivel2: string, accreditation: Accreditation) {
  const row: Omit<AcreditacionActivo, 'Version'> = {
    IdAcreditacion: derivedId(ctx.company, 'acreditacion-activo', subject.id, contract.IdContrato, IdNivel2),
    IdEmpresa: ctx.company,
    Estado: 1,
    IdActivo: subject.id,
    ClaseActivo: subject.resource === 'Vehiculos' ? 'vehiculo' : 'equipo',
    NombreActivo: subject.Nombre,
    IdContrato: contract.IdContrato,
    IdNivel2,
    RutContratista: subject.RutContratista,
    ...accreditation,
  };
  return { entity: acreditacionActivoEntity, row, id: row.IdAcreditacion };
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
      const made = subject.resource === 'Trabajadores' ? workerRow : assetRow;
      const { entity, row, id } = made(ctx, contract, subject, IdNivel2, accreditation);
      kept.add(id);
      await keepDerivedRow(ctx, db, entity, row as never);
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
