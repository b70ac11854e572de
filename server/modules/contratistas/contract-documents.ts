import { superiorsOf } from '#sync/domain/subcontract-chains.ts';
import { toWireMonth } from '#sync/domain/dates.ts';
import type { Contrato } from '#sync/schemas/contratistas-contratos.schema.ts';
import { documentoRequisitoEntity, type DocumentoRequisito } from '#sync/schemas/contratistas-documentos.schema.ts';
import type { Requisito } from '#sync/schemas/contratistas-requisitos.schema.ts';
import type { Db } from '#server/db/database.ts';
import { keepDerivedRow } from '#server/records/derived-rows.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { keepAccreditations } from './contract-accreditations.ts';
import { APPLIES_TO, type ContractSubject, subjectsOf } from './contract-subjects.ts';
import { derivedId } from './derived-id.ts';

/** The whole company, whoever writes: a contractor's upload recomputes accreditations it cannot see. */
const COMPANY = { kind: 'empresa' } as const;

/**
 * What a requirement asks for a contract: each company, the contract, or each worker, vehicle or machine, and the month
 * of a monthly one.
 */
function targetsOf(requirement: Requisito, contract: Contrato, subjects: readonly ContractSubject[], month: string) {
  const Mes = requirement.Frecuencia === 'mensual' ? month : '';
  const none = { IdContrato: null, IdPersona: null, NombrePersona: '', IdActivo: null, NombreActivo: '', Mes };
  if (requirement.Aplicacion === 'empresa')
    return [contract.RutContratista, ...contract.Subcontratistas].map((RutContratista) => ({ ...none, RutContratista }));
  if (requirement.Aplicacion === 'contrato') return [{ ...none, RutContratista: contract.RutContratista, IdContrato: contract.IdContrato }];
  return subjects
    .filter((subject) => APPLIES_TO[subject.resource] === requirement.Aplicacion)
    .map((subject) =>
      subject.resource === 'Trabajadores'
        ? { ...none, RutContratista: subject.RutContratista, IdPersona: subject.id, NombrePersona: subject.Nombre }
        : { ...none, RutContratista: subject.RutContratista, IdActivo: subject.id, NombreActivo: subject.Nombre },
    );
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
async function ensureDocuments(
  ctx: WriteContext,
  db: Db,
  contract: Contrato,
  subjects: readonly ContractSubject[],
  contracts: readonly Contrato[],
) {
  const asked = (row: Requisito) => contract.Requisitos.includes(row.IdRequisito);
  const requirements = (await ctx.records.requisitos.listActive(db, ctx.company, COMPANY)).filter(asked);
  const month = toWireMonth(ctx.now);
  for (const requirement of requirements) {
    for (const target of targetsOf(requirement, contract, subjects, month)) {
      // A requirement asks of workers or of assets, never both: the person's place in the id holds the asset's.
      const about = target.IdPersona ?? target.IdActivo ?? '';
      const id = derivedId(ctx.company, requirement.IdRequisito, target.RutContratista, target.IdContrato ?? '', about, target.Mes);
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
      const names = { NombrePersona: target.NombrePersona || base.NombrePersona, NombreActivo: target.NombreActivo || base.NombreActivo };
      const next = { ...base, ...copiedFrom(requirement), ...names, Superiores };
      await keepDerivedRow(ctx, db, documentoRequisitoEntity, next);
    }
  }
}

/** After a contract is written: its documents exist and its accreditations are recomputed, in the same transaction. */
export async function syncContract(ctx: WriteContext, db: Db, contract: Contrato): Promise<void> {
  await syncContracts(ctx, db, [contract]);
}

/** Each contract's documents made, then every document read once for all of their accreditations. */
export async function syncContracts(ctx: WriteContext, db: Db, contracts: readonly Contrato[]): Promise<void> {
  const active = await ctx.records.contratos.listActive(db, ctx.company, COMPANY);
  const staffed = [];
  for (const contract of contracts) {
    const subjects = await subjectsOf(db, ctx.company, contract);
    if (contract.Estado !== 0) await ensureDocuments(ctx, db, contract, subjects, active);
    staffed.push({ contract, subjects });
  }
  const documents = await ctx.records.documentos_requisito.listActive(db, ctx.company, COMPANY);
  await keepSuperiors(ctx, db, documents, active);
  for (const { contract, subjects } of staffed) await keepAccreditations(ctx, db, contract, subjects, documents);
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
    await keepAccreditations(ctx, db, contract, await subjectsOf(db, ctx.company, contract), documents);
  }
}
