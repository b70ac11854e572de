import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import type { AppEnv } from '#server/app-env.ts';
import { validate } from '#server/http/validation.ts';
import { sessionOnly } from '#server/tenancy/permit.ts';
import { requireOwnCompany, requireSession } from '#server/tenancy/require-session.ts';
import { listMasks } from '#server/records/level-masks.ts';

/** Masks: the company's own names for levels 2, 3 and 4 (spec: GET mascaras/{empresa}). */
export const mascarasRoutes = new Hono<AppEnv>().use(requireSession).get(
  '/:company',
  describeRoute({ tags: ['mascaras'], security: [{ bearerAuth: [] }], summary: 'Nombres de los niveles 2, 3 y 4 de la empresa' }),
  validate('param', v.object({ company: v.string() })),
  requireOwnCompany,
  // Every screen names levels with the company's masks.
  sessionOnly(),
  async (c) => c.json(await listMasks(c.get('deps').db, c.req.valid('param').company)),
);
