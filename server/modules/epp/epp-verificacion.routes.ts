import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { actaSeal } from '#sync/domain/epp-delivery.ts';
import { isSeal } from '#sync/domain/seal.ts';
import { EPP_ENTREGAS_MESSAGES, type EppEntrega, type EppVerification } from '#sync/schemas/epp-entregas.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import type { Db } from '#server/db/database.ts';
import { HttpError } from '#server/http/http-error.ts';
import { publicCall } from '#server/tenancy/permit.ts';
import * as repo from './epp-entregas.repo.ts';

const CodePath = v.object({ codigo: v.pipe(v.string(), v.trim(), v.toLowerCase()) });

const answer = v.object({
  statusCode: v.literal(200),
  data: v.object({
    Codigo: v.string(),
    Empresa: v.string(),
    Fecha: v.string(),
    Lineas: v.number(),
    SelloCoincide: v.boolean(),
    VersionSello: v.number(),
    Anulada: v.boolean(),
    AnuladaEn: v.nullable(v.string()),
    RecibidoEn: v.string(),
  }),
});

/**
 * What the server holds of an acta now, sealed again under the version it was sealed with (SPEC EP6): a row changed
 * behind the application's back no longer matches its printed seal. The one check of an acta's seal, for the public
 * verification and for any reader of the registry (the inspector portal's EPP card).
 */
export async function checkActaSeal(db: Db, row: repo.DeliveryRow): Promise<{ acta: EppEntrega; sealMatches: boolean }> {
  const acta = repo.toWireEntrega(row, await repo.linesOf(db, row.IdEntregadosEpp));
  return { acta, sealMatches: (await actaSeal(row.IdEmpresa, acta)) === row.Sello };
}

/**
 * The public check of a printed acta (`/verificar/{codigo}`, no session): the code is the acta's seal. It says
 * whether the acta exists, whether the seal recomputed from what the server stores is still the printed one, whether
 * it was annulled, and when the server received it; nothing personal beyond what the paper already shows.
 */
export const eppVerificacionRoutes = new Hono<AppEnv>().get(
  '/:codigo',
  describeRoute({
    tags: ['verificacion'],
    summary:
      'Verificación pública de un acta de entrega de EPP por su código (el sello impreso en el acta y en su QR): { statusCode, data: { Codigo, Empresa, Fecha, Lineas, SelloCoincide, VersionSello, Anulada, AnuladaEn, RecibidoEn } } (VersionSello: la versión de la forma canónica con que se selló; 1 no sella los nombres, 2 sella el del trabajador y el de quien entrega); 404 si no existe un acta con ese código',
    responses: { 200: { description: 'El acta existe', content: { 'application/json': { schema: resolver(answer) } } } },
  }),
  publicCall(),
  async (c) => {
    const { db } = c.get('deps');
    const code = v.parse(CodePath, c.req.param()).codigo;
    const row = isSeal(code) ? await repo.findDeliveryBySeal(db, code) : undefined;
    if (!row) throw new HttpError(404, EPP_ENTREGAS_MESSAGES.codeNotFound, 'NO_ENCONTRADA');
    const { acta, sealMatches } = await checkActaSeal(db, row);
    const empresa = await db.selectFrom('empresas').select('NombreEmpresa').where('IdEmpresa', '=', row.IdEmpresa).executeTakeFirst();
    const data: EppVerification = {
      Codigo: row.Sello,
      Empresa: empresa?.NombreEmpresa ?? '',
      Fecha: row.Fecha,
      Lineas: acta.Items.length,
      SelloCoincide: sealMatches,
      VersionSello: row.VersionSello,
      Anulada: row.Anulada === 1,
      AnuladaEn: row.AnuladaEn,
      RecibidoEn: row.RecibidoEn,
    };
    return c.json({ statusCode: 200, data });
  },
);
