import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { RecordIdSchema } from '#sync/records/record-fields.ts';
import { INCIDENTES_MESSAGES, incidenteEntity } from '#sync/schemas/incidentes.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { rendersDocument } from '#server/http/document-render.ts';
import { validate } from '#server/http/validation.ts';
import { applyOverdueToday } from '#server/records/overdue-lights.ts';
import { reportAnswer } from '#server/reports/render-report-pdf.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import { measuresOverdue } from './medidas.repo.ts';
import { buildIncidentReport } from './report-data.ts';

/** Only a case id reaches this call: the catalogues' own calls under /api/accidentes keep their names. */
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** GET accidentes/{id} (spec): the investigation report of a case (spec 2.4), as data or as the server's PDF. */
export const informeRoutes = new Hono<AppEnv>().use(requireSession).get(
  `/:IdEvaluacion{${UUID}}`,
  describeRoute({
    tags: ['accidentes'],
    security: [{ bearerAuth: [] }],
    summary:
      'Datos del informe de investigación (spec 2.4) de un caso: { statusCode, data: IncidentReportData } con imágenes como enlaces firmados; con Accept: application/pdf responde el PDF dibujado en el servidor. 404 si no existe o no es visible',
  }),
  rendersDocument(),
  validate('param', v.object({ IdEvaluacion: RecordIdSchema })),
  permissionsOf(incidenteEntity.permission)('index'),
  async (c) => {
    const deps = c.get('deps');
    const { company, viewer } = c.get('session');
    await applyOverdueToday(deps.db, deps.now(), measuresOverdue, company);
    const id = c.req.valid('param').IdEvaluacion;
    return reportAnswer(c, 'incidente', (mode) => buildIncidentReport(deps, company, viewer, id, mode), INCIDENTES_MESSAGES.notFound);
  },
);
