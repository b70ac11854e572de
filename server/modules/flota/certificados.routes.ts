import type { AssetTable } from '#sync/schemas/flota-activos.schema.ts';
import {
  certificadoEquipoEntity,
  certificadoInstalacionEntity,
  type CertificadoFlota,
  certificadoProblem,
  certificadoVehiculoEntity,
  REGISTROS_FLOTA_MESSAGES,
} from '#sync/schemas/flota-registros.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import type { RecordRules } from '#server/records/record-writes.ts';
import type { WriteContext } from '#server/records/write-answer.ts';
import { canSeeContractorRows } from '#server/tenancy/viewer.ts';
import { placeOf, visibleAsset } from './asset-followers.ts';

const invalid = (message: string) => new HttpError(400, message, 'VALIDACION');

/**
 * The certificate as stored: of an asset the writer may see, due by meter only where the asset has one, its dates in
 * order, and where its asset is (worksite and contractor copied from it, whatever the device sent).
 */
async function placed(ctx: WriteContext, db: Db, kind: AssetTable, row: CertificadoFlota): Promise<CertificadoFlota> {
  const asset = await visibleAsset(ctx, db, kind, row.IdActivo);
  if (row.LecturaVencimiento !== null && asset.requirements.Medidor === '') throw invalid(REGISTROS_FLOTA_MESSAGES.noMeter);
  const problem = certificadoProblem(row);
  if (problem) throw invalid(problem);
  return { ...row, ...placeOf(asset) };
}

function certificadoRules(kind: AssetTable): RecordRules<CertificadoFlota> {
  return {
    // A contractor user reaches the certificates of its own assets (the copied RutContratista), company users all.
    visible: canSeeContractorRows,
    created: (ctx, body, db) =>
      placed(ctx, db, kind, { ...(body as CertificadoFlota), IdNivel2: null, IdNivel3: null, RutContratista: '', IdEmpresa: ctx.company, Estado: 1, Version: 1 }),
    merged: (ctx, merged, _current, _changed, db) => placed(ctx, db, kind, merged),
  };
}

type CertificadoEntity = typeof certificadoVehiculoEntity | typeof certificadoEquipoEntity | typeof certificadoInstalacionEntity;

/** Spec "POST certificaciones": create, edit (files included) and delete on the kit; the detail signs its files' links. */
function certificadoRoutes(entity: CertificadoEntity, kind: AssetTable) {
  return recordRoutes(entity, {
    rules: certificadoRules(kind),
    detailExtras: (c, row) => ({ Urls: c.get('deps').files.signedUrls(row.Archivos, c.get('deps').now()) }),
    summaries: {
      detail: 'Una certificación (también anulada) con enlaces firmados de sus archivos en Urls { sha256: url }; data null si no existe o no es visible',
    },
  });
}

export const certificadosRoutes = {
  vehiculos: certificadoRoutes(certificadoVehiculoEntity, 'vehiculos'),
  equipos: certificadoRoutes(certificadoEquipoEntity, 'equipos'),
  instalaciones: certificadoRoutes(certificadoInstalacionEntity, 'instalaciones'),
} satisfies Record<AssetTable, unknown>;
