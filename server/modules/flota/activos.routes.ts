import type { AnyEntity, RowOf } from '#sync/records/entity.ts';
import { ACTIVOS_MESSAGES, type AssetTable, equipoEntity, instalacionEntity, vehiculoEntity } from '#sync/schemas/flota-activos.schema.ts';
import { tipoFlotaProblem } from '#sync/schemas/flota-tipos.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import { activeContractorRuts } from '#server/records/office-parties.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import type { RecordRules } from '#server/records/record-writes.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { canSeeContractorRows } from '#server/tenancy/viewer.ts';
import { moveFollowers } from './asset-followers.ts';

const invalid = (message: string, code = 'VALIDACION') => new HttpError(400, message, code);
const notTheirs = () => new HttpError(403, ACTIVOS_MESSAGES.contractorOnly, 'CONTRATISTA_AJENO');

/** What every asset has, whatever its kind: where it is, whose it is and (vehicles, machines) who operates it. */
interface AssetFields {
  IdNivel2: string;
  IdNivel3: string | null;
  RutContratista: string;
  Operadores?: string[];
}

/** A contractor user writes only its own contractor's assets: its RUT, whatever the body says (none while it has none). */
function ownContractor(ctx: WriteContext, sent: unknown): string {
  if (ctx.viewer.kind !== 'contratista') return typeof sent === 'string' ? sent : '';
  if (ctx.viewer.rut === '' || (typeof sent === 'string' && sent !== '' && sent !== ctx.viewer.rut)) throw notTheirs();
  return ctx.viewer.rut;
}

/** The level 3 area lies in the asset's worksite (that both levels exist is the entity's references). */
async function checkArea(ctx: WriteContext, db: Db, row: AssetFields) {
  if (row.IdNivel3 === null) return;
  const area = (await ctx.records.niveles.load(db, ctx.company, row.IdNivel3))?.row;
  if (area?.IdNivelPadre !== row.IdNivel2) throw invalid(ACTIVOS_MESSAGES.level3Invalid, 'NIVEL3_AJENO');
}

/** A contractor named by a company user is one of the company's active contractor companies. */
async function checkContractor(ctx: WriteContext, db: Db, row: AssetFields, current: AssetFields | null) {
  if (row.RutContratista === '' || row.RutContratista === current?.RutContratista || ctx.viewer.kind === 'contratista') return;
  const known = await activeContractorRuts(db, ctx.company, [row.RutContratista]);
  if (!known.has(row.RutContratista)) throw invalid(ACTIVOS_MESSAGES.contractorInvalid, 'CONTRATISTA_INEXISTENTE');
}

/** The operators a contractor user adds are its own workers: it names no one it cannot see (SPEC PL7). */
async function checkOperators(ctx: WriteContext, db: Db, row: AssetFields, current: AssetFields | null) {
  if (ctx.viewer.kind !== 'contratista') return;
  const added = (row.Operadores ?? []).filter((id) => !(current?.Operadores ?? []).includes(id));
  for (const id of added) {
    const worker = (await ctx.records.trabajadores.load(db, ctx.company, id))?.row;
    if (!worker || !canSeeContractorRows(ctx.viewer, worker)) throw invalid(ACTIVOS_MESSAGES.workerInvalid);
  }
}

type OwnRules<R> = Pick<RecordRules<R>, 'unique'> & { problem?(row: R): string | null };

/**
 * The rules every asset shares on the kit's writes, plus its kind's own: a contractor user's assets are its own, the
 * area in the worksite, the contractor known; its certificates and readings follow it when it moves.
 */
function assetRules<E extends AnyEntity>(kind: AssetTable, own: OwnRules<RowOf<E>> = {}): RecordRules<RowOf<E>> {
  return {
    visible: (viewer, row) => canSeeContractorRows(viewer, row as unknown as AssetFields),
    received(ctx, body) {
      return body.RutContratista === undefined ? body : { ...body, RutContratista: ownContractor(ctx, body.RutContratista) };
    },
    created: (ctx, body) =>
      ({ ...body, RutContratista: ownContractor(ctx, body.RutContratista), IdEmpresa: ctx.company, Estado: 1, Version: 1 }) as RowOf<E>,
    async check(ctx, db, row, current) {
      const problem = own.problem?.(row);
      if (problem) throw invalid(problem);
      const fields = row as unknown as AssetFields;
      const before = current as unknown as AssetFields | null;
      await checkArea(ctx, db, fields);
      await checkContractor(ctx, db, fields, before);
      await checkOperators(ctx, db, fields, before);
    },
    written: (ctx, db, row) => moveFollowers(ctx, db, kind, row as unknown as AssetFields & Record<string, unknown>),
    unique: own.unique,
  };
}

/** Spec "Vehicles, equipment, installations": GET list/{company}, GET {id}/{company}, POST and PUT on the base, DELETE {id}. */
export const activoRoutes = {
  vehiculos: recordRoutes(vehiculoEntity, {
    rules: assetRules<typeof vehiculoEntity>('vehiculos', {
      unique: [{ fields: ['Patente'], message: ACTIVOS_MESSAGES.plateDuplicate, code: 'VEHICULO_DUPLICADO' }],
    }),
  }),
  equipos: recordRoutes(equipoEntity, {
    rules: assetRules<typeof equipoEntity>('equipos', {
      unique: [{ fields: ['Codigo'], message: ACTIVOS_MESSAGES.codeDuplicate, code: 'EQUIPO_DUPLICADO' }],
    }),
  }),
  // An installation asks its own certifications, as a type would, but has no meter.
  instalaciones: recordRoutes(instalacionEntity, {
    rules: assetRules<typeof instalacionEntity>('instalaciones', {
      problem: (row) => tipoFlotaProblem({ Medidor: '', Certificaciones: row.Certificaciones }),
    }),
  }),
} satisfies Record<AssetTable, unknown>;
