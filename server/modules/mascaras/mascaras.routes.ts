import { Hono } from 'hono';
import * as v from 'valibot';
import { MaskSchema } from '#sync/schemas/dashboard-answer.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { readRoute } from '#server/http/read-route.ts';
import { sessionOnly } from '#server/tenancy/permit.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import { listMasks } from '#server/records/level-masks.ts';

/** The bare list, without the `{ statusCode, data }` envelope (spec: GET mascaras/{empresa}). */
const MasksList = v.array(MaskSchema);

/** Masks: the company's own names for levels 2, 3 and 4 (spec: GET mascaras/{empresa}). */
export const mascarasRoutes = new Hono<AppEnv>().use(requireSession).route(
  '/',
  readRoute(
    '/:company',
    // Every screen names levels with the company's masks.
    { tags: ['mascaras'], summary: 'Nombres de los niveles 2, 3 y 4 de la empresa: [{ TipoNv, Nombre }]', answer: MasksList, access: sessionOnly() },
    (c, { params }) => listMasks(c.get('deps').db, params.company),
  ),
);
