import type { Kysely } from 'kysely';
import { ENTITIES } from '#sync/records/entities.ts';
import type { AssetTable } from '#sync/schemas/flota-activos.schema.ts';
import { type AssetPlace, REGISTROS_FLOTA_MESSAGES } from '#sync/schemas/flota-registros.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import { keepDerivedRow } from '#server/records/derived-rows.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { canSeeContractorRows } from '#server/tenancy/viewer.ts';
import { type AssetView, CERTIFICATES, loadAsset, READINGS } from './asset-records.ts';

/**
 * An asset's certificates and readings follow it: they carry copies of its worksite and contractor (set by the
 * server, never by the device), so they reach the devices of its worksite and contractor (SPEC PL13, PL7) and leave
 * the old ones when the asset moves (PL14).
 */

export const placeOf = (asset: AssetPlace): AssetPlace => ({
  IdNivel2: asset.IdNivel2,
  IdNivel3: asset.IdNivel3,
  RutContratista: asset.RutContratista,
});

/**
 * The active asset a certificate or reading names, when the writer may see it (a contractor: only its own): otherwise
 * 400, as for an asset that does not exist.
 */
export async function visibleAsset(ctx: WriteContext, db: Db, kind: AssetTable, id: string): Promise<AssetView> {
  const asset = await loadAsset(ctx.records, db, ctx.company, kind, id);
  if (!asset || asset.Estado === 0 || !canSeeContractorRows(ctx.viewer, asset))
    throw new HttpError(400, REGISTROS_FLOTA_MESSAGES.assetInvalid, 'VALIDACION');
  return asset;
}

type Loose = Kysely<Record<string, Record<string, unknown>>>;

const samePlace = (row: Record<string, unknown>, place: AssetPlace) =>
  (row.IdNivel2 ?? null) === place.IdNivel2 && (row.IdNivel3 ?? null) === place.IdNivel3 && (row.RutContratista ?? '') === place.RutContratista;

/**
 * After an asset is written: each of its active certificates and readings whose copied worksite or contractor differ
 * gets the asset's, as a derived row with its change-log row, in the asset's transaction.
 */
export async function moveFollowers(
  ctx: WriteContext,
  db: Db,
  kind: AssetTable,
  asset: AssetPlace & Record<string, unknown>,
): Promise<void> {
  const place = placeOf(asset);
  const IdActivo = String(asset[ENTITIES[kind].id]);
  for (const table of [CERTIFICATES[kind], READINGS[kind]]) {
    if (table === null) continue;
    const entity = ENTITIES[table];
    const rows = await (db as unknown as Loose)
      .selectFrom(table)
      .select([entity.id, 'IdNivel2', 'IdNivel3', 'RutContratista'])
      .where('IdEmpresa', '=', ctx.company)
      .where('IdActivo', '=', IdActivo)
      .where('Estado', '<>', 0)
      .orderBy(entity.id)
      .execute();
    for (const moved of rows.filter((row) => !samePlace(row, place))) {
      const found = (await ctx.records[table].load(db, ctx.company, String(moved[entity.id])))?.row;
      if (!found) continue;
      const { Version: _version, ...row } = found;
      await keepDerivedRow(ctx, db, entity, { ...row, ...place });
    }
  }
}
