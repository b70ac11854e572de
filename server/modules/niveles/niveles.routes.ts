import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import { MaskSchema } from '#sync/schemas/dashboard-answer.schema.ts';
import { LEVEL_TYPES, nivelEntity, NIVELES_MESSAGES, NivelSchema } from '#sync/schemas/niveles.schema.ts';
import { listMasks } from '#server/records/level-masks.ts';
import { readRoute } from '#server/http/read-route.ts';
import { validate } from '#server/http/validation.ts';
import { recordResponses, recordRoutes } from '#server/records/record-routes.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { requireOwnCompany } from '#server/tenancy/require-session.ts';
import { nivelRules } from './niveles.rules.ts';

const tags = ['niveles'];
const security = [{ bearerAuth: [] }];
const can = permissionsOf(nivelEntity.permission);

const CompanyPath = v.object({ company: v.string() });
const LevelsWithMasks = dataAnswer(v.object({ mascaras: v.array(MaskSchema), niveles: v.array(NivelSchema) }));
const ListQuery = v.object({
  TipoNivel: v.optional(
    v.pipe(
      v.picklist(LEVEL_TYPES.map(String), NIVELES_MESSAGES.typeInvalid),
      v.transform((value) => Number(value) as 2 | 3 | 4),
    ),
  ),
});

export const nivelesRoutes = recordRoutes(nivelEntity, { rules: nivelRules, list: false })
  .get(
    '/:company',
    describeRoute({
      tags,
      security,
      summary: 'Niveles activos de la empresa (opcional ?TipoNivel=2|3|4): { statusCode, data: Nivel[] }',
      responses: recordResponses(nivelEntity).list,
    }),
    validate('param', CompanyPath),
    requireOwnCompany,
    can('index'),
    validate('query', ListQuery),
    async (c) => {
      const { db, records } = c.get('deps');
      const type = c.req.valid('query').TipoNivel;
      const levels = await records.niveles.listActive(db, c.get('session').company, c.get('session').viewer);
      return c.json({ statusCode: 200, data: type === undefined ? levels : levels.filter((level) => level.TipoNivel === type) });
    },
  )
  .route(
    '/',
    readRoute(
      '/all/:company',
      {
        tags,
        summary: 'Niveles activos de todos los tipos con los nombres de la empresa (máscaras): { statusCode, data: { mascaras, niveles } }',
        answer: LevelsWithMasks,
        access: can('index'),
      },
      async (c) => {
        const { db, records } = c.get('deps');
        const { company, viewer } = c.get('session');
        const [mascaras, niveles] = await Promise.all([listMasks(db, company), records.niveles.listActive(db, company, viewer)]);
        return { statusCode: 200, data: { mascaras, niveles } };
      },
    ),
  );
