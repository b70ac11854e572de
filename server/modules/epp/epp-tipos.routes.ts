import type { Context } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { EPP_TIPOS_MESSAGES, eppTipoEntity } from '#sync/schemas/epp-tipos.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { validate } from '#server/http/validation.ts';
import { recordResponses, recordRoutes } from '#server/records/record-routes.ts';
import { permit } from '#server/tenancy/permit.ts';
import { requireOwnCompany } from '#server/tenancy/require-session.ts';
import { EPP_READERS } from './epp-readers.ts';

const tags = ['epp_tipos'];
const security = [{ bearerAuth: [] }];
const CompanyPath = v.object({ company: v.string() });

/** The catalogue as the delivery and assignment screens pick from it, in name order. */
async function catalogue(c: Context<AppEnv>) {
  const { db, records } = c.get('deps');
  const rows = await records.epp_tipos.listActive(db, c.get('session').company, c.get('session').viewer);
  return c.json({ statusCode: 200, data: rows });
}

const listDoc = (summary: string) => describeRoute({ tags, security, summary, responses: recordResponses(eppTipoEntity).list });

/**
 * The EPP catalogue (spec "Catalogue": GET lista_epp/{company}; creados; creados_empresa/{company}; all/{company};
 * one/{id}; POST root, one per item; PUT root with actividades; DELETE {id}). Several items created at once are
 * several POSTs, each its own record and outbox entry.
 */
export const eppTiposRoutes = recordRoutes(eppTipoEntity, {
  rules: { unique: [{ fields: ['NombreEpp'], message: EPP_TIPOS_MESSAGES.duplicate, code: 'EPP_DUPLICADO' }] },
  summaries: {
    list: 'Catálogo de EPP de la empresa del token (all/{company}): { statusCode, data: EppTipo[] }',
    create: 'Crea un EPP del catálogo (uno por llamada: varios a la vez son varias llamadas) con el IdEpp generado en el dispositivo. 409 EPP_DUPLICADO si el nombre ya existe',
  },
})
  .get('/lista_epp/:company', listDoc('Catálogo de EPP para elegir (lista_epp): { statusCode, data: EppTipo[] }'), validate('param', CompanyPath), requireOwnCompany, permit(EPP_READERS, 'index'), catalogue)
  .get('/creados_empresa/:company', listDoc('EPP creados por la empresa (creados_empresa): { statusCode, data: EppTipo[] }'), validate('param', CompanyPath), requireOwnCompany, permit(EPP_READERS, 'index'), catalogue)
  // The spec's call names no company: the token's is the only one it can mean.
  .get('/creados', listDoc('EPP creados por la empresa del token (creados): { statusCode, data: EppTipo[] }'), permit(EPP_READERS, 'index'), catalogue)
  .get('/lista_epps/:company', listDoc('EPP que se pueden entregar, con sus tallas y vida útil (lista_epps): { statusCode, data: EppTipo[] }'), validate('param', CompanyPath), requireOwnCompany, permit(EPP_READERS, 'index'), catalogue);
