import { READING_MESSAGES, readingProblem } from '#sync/domain/meter-readings.ts';
import { type LecturaFlota, lecturaEquipoEntity, lecturaVehiculoEntity, REGISTROS_FLOTA_MESSAGES } from '#sync/schemas/flota-registros.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import type { RecordRules } from '#server/records/record-writes.ts';
import { canSeeContractorRows } from '#server/tenancy/viewer.ts';
import { placeOf, visibleAsset } from './asset-followers.ts';
import { type ReadingTable, readingsOf } from './asset-records.ts';

/**
 * The reading before `reading`: the value of the asset's active reading taken last at or before its moment (the
 * last made, on a tie), whatever order the devices sent them in; null when it is the first.
 */
async function previousValue(db: Db, table: ReadingTable, company: string, reading: LecturaFlota): Promise<number | null> {
  const at = Date.parse(reading.Fecha);
  let previous: { at: number; value: number } | null = null;
  for (const row of await readingsOf(db, table, company, reading.IdActivo)) {
    const taken = Date.parse(row.Fecha);
    const before = row.IdLectura !== reading.IdLectura && taken <= at;
    if (before && (previous === null || taken >= previous.at)) previous = { at: taken, value: row.Valor };
  }
  return previous?.value ?? null;
}

/**
 * A reading is only created (a wrong one is corrected by a lower one with its reason): of an asset with a meter that
 * the writer may see, never below the one before it without a reason, kept with who took it and where the asset is.
 */
function lecturaRules(kind: 'vehiculos' | 'equipos', table: ReadingTable): RecordRules<LecturaFlota> {
  return {
    visible: canSeeContractorRows,
    async created(ctx, body, db) {
      const sent = body as LecturaFlota;
      const asset = await visibleAsset(ctx, db, kind, sent.IdActivo);
      if (asset.requirements.Medidor === '') throw new HttpError(400, REGISTROS_FLOTA_MESSAGES.noMeter, 'VALIDACION');
      const problem = readingProblem(await previousValue(db, table, ctx.company, sent), sent);
      if (problem) throw new HttpError(400, problem, problem === READING_MESSAGES.lowerNeedsReason ? 'LECTURA_MENOR' : 'VALIDACION');
      const taker = { IdUsuario: ctx.user, NombreUsuario: ctx.userName };
      return { ...sent, ...placeOf(asset), ...taker, IdEmpresa: ctx.company, Estado: 1, Version: 1 };
    },
  };
}

/** The readings' calls: the list, the detail and the create (an idempotent resend is the kit's, by IdLectura and key). */
export const lecturasRoutes = {
  vehiculos: recordRoutes(lecturaVehiculoEntity, { rules: lecturaRules('vehiculos', 'lecturas_vehiculo') }),
  equipos: recordRoutes(lecturaEquipoEntity, { rules: lecturaRules('equipos', 'lecturas_equipo') }),
};
