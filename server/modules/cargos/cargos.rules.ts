import { CARGOS_MESSAGES, type Cargo } from '#sync/schemas/cargos.schema.ts';
import { HttpError } from '#server/http/http-error.ts';
import type { RecordRules } from '#server/records/record-writes.ts';

/** A position's own rules: its name is unique for its combination of levels, and its level 3 hangs from its level 2. */
export const cargoRules: RecordRules<Cargo> = {
  unique: [{ fields: ['NombreCargo', 'IdNivel2', 'IdNivel3'], message: CARGOS_MESSAGES.duplicate, code: 'CARGO_DUPLICADO' }],
  async check(ctx, db, cargo) {
    const level3 = cargo.IdNivel3 ? (await ctx.records.niveles.load(db, ctx.company, cargo.IdNivel3))?.row : undefined;
    if (level3 && level3.IdNivelPadre !== cargo.IdNivel2) throw new HttpError(400, CARGOS_MESSAGES.levelMismatch, 'VALIDACION');
  },
};
