import { DEFAULT_PROVISIONAL_PER_YEAR, DEFAULT_SHIFT_ENDS } from '#sync/domain/on-site.ts';
import { ACCESO_MESSAGES, type AjustesAcceso, ajustesAccesoEntity } from '#sync/schemas/acceso.schema.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import type { RecordRules } from '#server/records/record-writes.ts';
import type { RecordRegistry } from '#server/records/record-registry.ts';

export interface GateSettings {
  FinesTurno: readonly string[];
  MaxProvisoriosAnio: number;
}

/** The company's gate settings, or the product's defaults (shifts end at 08:00 and 20:00; three provisional passes a year). */
export async function gateSettings(db: Db, records: RecordRegistry, company: string): Promise<GateSettings> {
  const [row] = await records.ajustes_acceso.listActive(db, company, { kind: 'empresa' });
  return row ?? { FinesTurno: DEFAULT_SHIFT_ENDS, MaxProvisoriosAnio: DEFAULT_PROVISIONAL_PER_YEAR };
}

/** One settings row per company: a second create is refused (the office edits the one it has). */
export const ajustesRules: RecordRules<AjustesAcceso> = {
  async check(ctx, db, row, current) {
    if (current) return;
    const [existing] = await ctx.records.ajustes_acceso.listActive(db, ctx.company, ctx.viewer);
    if (existing && existing.IdAjuste !== row.IdAjuste) throw new HttpError(409, ACCESO_MESSAGES.settingsExist, 'AJUSTES_EXISTEN');
  },
};

export const ajustesRoutes = recordRoutes(ajustesAccesoEntity, { rules: ajustesRules });
