import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { toWireDate } from '#sync/domain/dates.ts';
import { type CatalogueDeclaration, catalogueMessages } from '#sync/records/catalogue-family.ts';
import type { AnyEntity } from '#sync/records/entity.ts';
import { codeOf } from './record-registry.ts';
import { recordRoutes } from './record-routes.ts';
import type { RecordRules } from './record-writes.ts';
import type { WriteContext } from './write-answer.ts';
import { permissionsOf } from '../tenancy/permit.ts';

/** A row of a catalogue's template: what the product proposes to a company (spec: get-all-template). */
export interface CatalogueTemplateRow {
  Info: string;
  Tipo?: string;
  /** The `Info` of the parent record in the parent catalogue's template. */
  Padre?: string;
}

type Row = Record<string, unknown>;

/** Who wrote the record last and when (spec: Fecha, IdUsuario), on every create and update. */
function stamped(ctx: WriteContext, row: Row): Row {
  return { ...row, Fecha: toWireDate(ctx.now), IdUsuario: ctx.user };
}

/**
 * The calls of a catalogue of the family (sync/records/catalogue-family.ts): the kit's list, detail, create, update
 * and delete on the declaration's paths, its name unique among the company's records of the same kind and parent,
 * and, when the product proposes one, `GET <call>` (root), its template.
 */
export function catalogueRoutes(
  entity: AnyEntity & { catalogue: CatalogueDeclaration<string, string> },
  template?: readonly CatalogueTemplateRow[],
) {
  const declaration = entity.catalogue;
  const scope = ['Info', 'Tipo', ...(declaration.parent ? [declaration.parent.field] : [])];
  const rules: RecordRules<Row> = {
    unique: [{ fields: scope, message: catalogueMessages(declaration.noun).duplicate, code: `${codeOf(entity)}_DUPLICADO` }],
    created: (ctx, body) => stamped(ctx, { ...body, IdEmpresa: ctx.company, Estado: 1, Version: 1 }),
    merged: (ctx, merged) => stamped(ctx, merged),
  };
  const routes = recordRoutes(entity, { rules: rules as never });
  if (!template) return routes;
  const TemplateRow = v.object({ Info: v.string(), Tipo: v.optional(v.string()), Padre: v.optional(v.string()) });
  return routes.get(
    `/${declaration.call}`,
    describeRoute({
      tags: [entity.table],
      security: [{ bearerAuth: [] }],
      summary: `Plantilla de ${declaration.noun.many} que el producto propone (get-all-template): { statusCode, data: [{ Info, Tipo?, Padre? }] }`,
      responses: {
        200: {
          description: 'Plantilla',
          content: { 'application/json': { schema: resolver(v.object({ statusCode: v.literal(200), data: v.array(TemplateRow) })) } },
        },
      },
    }),
    permissionsOf(entity.permission)('index'),
    (c) => c.json({ statusCode: 200, data: template }),
  );
}
