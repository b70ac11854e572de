import { Hono } from 'hono';
import { CONTRACTOR_CATALOGUES, PROVEEDORES_MESSAGES, proveedorEntity } from '#sync/schemas/contratistas-catalogos.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { catalogueRoutes } from '#server/records/catalogue-routes.ts';
import { recordRoutes } from '#server/records/record-routes.ts';
import { HttpError } from '#server/http/http-error.ts';

/** The contractor catalogues, each the family's calls on its declaration, mounted at the base its paths name. */
export const catalogueMounts = Object.values(CONTRACTOR_CATALOGUES).map((entity) => ({
  base: entity.api.base,
  routes: new Hono<AppEnv>().route('/', catalogueRoutes(entity)),
}));

/** Providers: a RUT, when given, names one provider of the company. */
export const proveedoresRoutes = recordRoutes(proveedorEntity, {
  rules: {
    check: async (ctx, db, row) => {
      if (!row.RutCompleto) return;
      const store = ctx.records.proveedores;
      if (await store.hasDuplicate!(db, ctx.company, { RutCompleto: row.RutCompleto }, row.IdProveedor))
        throw new HttpError(409, PROVEEDORES_MESSAGES.duplicate, 'PROVEEDOR_DUPLICADO');
    },
  },
});
