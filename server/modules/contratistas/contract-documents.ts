import { createHash } from 'node:crypto';
import { accreditationOf, type AccreditationDocument } from '#sync/domain/accreditation.ts';
import { worksitesOfWorker } from '#sync/domain/contract-activities.ts';
import { superiorsOf } from '#sync/domain/subcontract-chains.ts';
import { toWireDate, toWireMonth } from '#sync/domain/dates.ts';
import { personName } from '#sync/domain/person-name.ts';
import { acreditacionEntity, type Acreditacion } from '#sync/schemas/contratistas-acreditaciones.schema.ts';
import type { Contrato } from '#sync/schemas/contratistas-contratos.schema.ts';
import { documentoRequisitoEntity, type DocumentoRequisito } from '#sync/schemas/contratistas-documentos.schema.ts';
import type { Requisito } from '#sync/schemas/contratistas-requisitos.schema.ts';
import type { Db } from '#server/db/database.ts';
import { audienceOf } from '#server/records/record-audience.ts';
import { keepDerivedRow } from '#server/records/derived-rows.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { recordChange } from '#server/sync/change-log.repo.ts';
import { uuidOfHash } from '#server/seed/seed-id.ts';
import { worksiteOfChange } from '#server/tenancy/record-worksites.ts';

/** The whole company, whoever writes: a contractor's upload recomputes accreditations it cannot see. */
const COMPANY = { kind: 'empresa' } as const;

/**
 * A stable id from what a row is about, so the same document or accreditation is never made twice. Stored rows carry
 * these ids: the parts, their separator and the variant never change.
 */
const derivedId = (...parts: string[]) => uuidOfHash(createHash('sha256').update(parts.join('|')).digest('hex'), 'a');

type Worker = { IdPersona: string; RunPersona: string; RutContratista: string; Nombre: string };

async function workersOf(db: Db, company: string, ids: readonly string[]): Promise<Worker[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('trabajadores')
    .select(['IdPersona', 'RunPersona', 'RutContratista', 'Nombres', 'ApellidoPaterno', 'ApellidoMaterno'])
    .where('IdEmpresa', '=', company)
    .where('IdPersona', 'in', [...ids])
    .where('Estado', '!=', 0)
    .execute();
  return rows.map((row) => ({
    IdPersona: row.IdPersona,
    RunPersona: row.RunPersona,
    RutContratista: row.RutContratista ?? '',
    Nombre: personName(row),
  }));
}

/** What a requirement asks for a contract: the company, contract or worker, and the month of a monthly one. */
function targetsOf(requirement: Requisito, contract: Contrato, workers: readonly Worker[], month: string) {
  const Mes = requirement.Frecuencia === 'mensual' ? month : '';
  const none = { IdContrato: null, IdPersona: null, NombrePersona: '', Mes };
  if (requirement.Aplicacion === 'empresa')
    return [contract.RutContratista, ...contract.Subcontratistas].map((RutContratista) => ({ ...none, RutContratista }));
  if (requirement.Aplicacion === 'contrato') return [{ ...none, RutContratista: contract.RutContratista, IdContrato: contract.IdContrato }];
  return workers.map((worker) => ({
    ...none,
    RutContratista: worker.RutContratista,
    IdPersona: worker.IdPersona,
    NombrePersona: worker.Nombre,
  }));
}

const copiedFrom = (requirement: Requisito) => ({
  NombreRequisito: requirement.Nombre,
  Aplicacion: requirement.Aplicacion,
  Obligatorio: requirement.Obligatorio,
  ControlDeuda: requirement.ControlDeuda,
  PeriodoMeses: requirement.PeriodoMeses,
});

/**
 * Every document a contract asks, made once (pending) and kept in step with its requirement's name and rules, and
 * with the companies above its company in the chains of the active contracts (`contracts`) that ask it.
 */
async function ensureDocuments(ctx: WriteContext, db: Db, contract: Contrato, workers: readonly Worker[], contracts: readonly Contrato[]) {
  const asked = (row: Requisito) => contract.Requisitos.includes(row.IdRequisito);
  const requirements = (await ctx.records.requisitos.listActive(db, ctx.company, COMPANY)).filter(asked);
  const month = toWireMonth(ctx.now);
  for (const requirement of requirements) {
    for (const target of targetsOf(requirement, contract, workers, month)) {
      const id = derivedId(ctx.company, requirement.IdRequisito, target.RutContratista, target.IdContrato ?? '', target.IdPersona ?? '', target.Mes);
      const found = (await ctx.records.documentos_requisito.load(db, ctx.company, id))?.row;
      const base: Omit<DocumentoRequisito, 'Version'> = found ?? {
        IdDocumento: id,
        IdEmpresa: ctx.company,
        Estado: 1,
        IdRequisito: requirement.IdRequisito,
        ...copiedFrom(requirement),
        ...target,
        Superiores: [],
        EstadoDocumento: 'pendiente',
        Archivo: null,
        FechaEmision: '',
        FechaVencimiento: '',
        Motivo: '',
        ConDeuda: null,
        Renovacion: null,
        Historial: [],
      };
      const Superiores = superiorsOf(contracts, { IdRequisito: requirement.IdRequisito, ...target });
      const next = { ...base, ...copiedFrom(requirement), NombrePersona: target.NombrePersona || base.NombrePersona, Superiores };
      await keepDerivedRow(ctx, db, documentoRequisitoEntity, next);
    }
  }
}

/**
 * The contract's accreditation rows: one per worker and worksite where the worker's activities are (the contract's
 * when in none); a worker who left it, a worksite left (or a deleted contract) loses its row.
 */
async function keepAccreditations(
  ctx: WriteContext,
  db: Db,
  contract: Contrato,
  workers: readonly Worker[],
  documents: readonly AccreditationDocument[],
) {
  const today = toWireDate(ctx.now);
  const kept = new Set<string>();
  if (contract.Estado !== 0) {
    for (const worker of workers) {
      const accreditation = accreditationOf(contract, worker, documents, today);
      for (const IdNivel2 of worksitesOfWorker(contract, worker.IdPersona)) {
        const id = derivedId(ctx.company, 'acreditacion', worker.IdPersona, contract.IdContrato, IdNivel2);
        kept.add(id);
        const row: Omit<Acreditacion, 'Version'> = {
          IdAcreditacion: id,
          IdEmpresa: ctx.company,
          Estado: 1,
          IdPersona: worker.IdPersona,
          NombrePersona: worker.Nombre,
          RunPersona: worker.RunPersona,
          IdContrato: contract.IdContrato,
          IdNivel2,
          RutContratista: worker.RutContratista,
          ...accreditation,
        };
        await keepDerivedRow(ctx, db, acreditacionEntity, row);
      }
    }
  }
  const stale = await db
    .selectFrom('acreditaciones')
    .select('IdAcreditacion')
    .where('IdEmpresa', '=', ctx.company)
    .where('IdContrato', '=', contract.IdContrato)
    .where('Estado', '=', 1)
    .execute();
  for (const { IdAcreditacion } of stale.filter((row) => !kept.has(row.IdAcreditacion))) {
    const found = (await ctx.records.acreditaciones.load(db, ctx.company, IdAcreditacion))!.row;
    await ctx.records.acreditaciones.update!(db, { ...found, Estado: 0, Version: found.Version + 1 }, '{}');
    const worksite = await worksiteOfChange(db, ctx.company, 'acreditaciones', found);
    const audience = audienceOf(acreditacionEntity, found);
    await recordChange(db, { company: ctx.company, table: 'acreditaciones', id: IdAcreditacion, op: 'delete', audience, worksite }, ctx.now);
  }
}

/** After a contract is written: its documents exist and its workers' accreditations are recomputed, in the same transaction. */
export async function syncContract(ctx: WriteContext, db: Db, contract: Contrato): Promise<void> {
  await syncContracts(ctx, db, [contract]);
}

/** Each contract's documents made, then every document read once for all of their accreditations. */
export async function syncContracts(ctx: WriteContext, db: Db, contracts: readonly Contrato[]): Promise<void> {
  const active = await ctx.records.contratos.listActive(db, ctx.company, COMPANY);
  const staffed = [];
  for (const contract of contracts) {
    const workers = contract.Estado === 0 ? [] : await workersOf(db, ctx.company, contract.Trabajadores);
    if (contract.Estado !== 0) await ensureDocuments(ctx, db, contract, workers, active);
    staffed.push({ contract, workers });
  }
  const documents = await ctx.records.documentos_requisito.listActive(db, ctx.company, COMPANY);
  await keepSuperiors(ctx, db, documents, active);
  for (const { contract, workers } of staffed) await keepAccreditations(ctx, db, contract, workers, documents);
}

/**
 * Who is above each document's company now: a contract deleted, a subcontractor moved in its chain or taken out, a
 * requirement no longer asked change it for documents the contract's own pass did not touch. Written only when changed.
 */
async function keepSuperiors(ctx: WriteContext, db: Db, documents: readonly DocumentoRequisito[], active: readonly Contrato[]) {
  for (const { Version: _version, ...doc } of documents) {
    const Superiores = superiorsOf(active, doc);
    if (Superiores.join() !== doc.Superiores.join()) await keepDerivedRow(ctx, db, documentoRequisitoEntity, { ...doc, Superiores });
  }
}

const asking = async (ctx: WriteContext, db: Db, IdRequisito: string) =>
  (await ctx.records.contratos.listActive(db, ctx.company, COMPANY)).filter((row) => row.Requisitos.includes(IdRequisito));

/** After a requirement is written: every active contract that asks it gets its documents again and its accreditations. */
export async function syncContractsAsking(ctx: WriteContext, db: Db, IdRequisito: string): Promise<void> {
  await syncContracts(ctx, db, await asking(ctx, db, IdRequisito));
}

/** After a decision on a document: only the accreditations of the contracts asking its requirement (no document is made). */
export async function syncAccreditationsAsking(ctx: WriteContext, db: Db, IdRequisito: string): Promise<void> {
  const contracts = await asking(ctx, db, IdRequisito);
  if (contracts.length === 0) return;
  const documents = await ctx.records.documentos_requisito.listActive(db, ctx.company, COMPANY);
  for (const contract of contracts) {
    await keepAccreditations(ctx, db, contract, await workersOf(db, ctx.company, contract.Trabajadores), documents);
  }
}
