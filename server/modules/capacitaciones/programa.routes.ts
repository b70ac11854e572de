import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { type ProgramaCapacitacion, programaCapacitacionEntity, type ProgramaCreateBody } from '#sync/schemas/capacitaciones-programa.schema.ts';
import { validate } from '#server/http/validation.ts';
import { recordResponses, recordRoutes } from '#server/records/record-routes.ts';
import type { RecordRules } from '#server/records/record-writes.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { requireOwnCompany } from '#server/tenancy/require-session.ts';
import { completeEvidence, mergeEvidence } from './capacitacion-partes.ts';
import { cargoList, levelLists, maskList, presenterUsers, typeList, workerList } from './capacitaciones-listas.ts';

const can = permissionsOf(programaCapacitacionEntity.permission);

/** A programme line's evidence gets its stored path from its name (section 5), on creation and on every change. */
const programaRules: RecordRules<ProgramaCapacitacion> = {
  created(ctx, sent) {
    const body = sent as unknown as ProgramaCreateBody;
    return {
      ...body,
      IdNivel2: body.IdNivel2 ?? null,
      IdNivel3: body.IdNivel3 ?? null,
      Evidencias: completeEvidence(ctx, body.IdCapacitacion, body.Evidencias),
      IdEmpresa: ctx.company,
      Estado: 1,
      Version: 1,
    };
  },
  merged: (ctx, merged) => ({ ...merged, Evidencias: completeEvidence(ctx, merged.IdCapacitacion, merged.Evidencias) }),
  children: [{ field: 'Evidencias', idOf: (child: { Id: string }) => child.Id, merge: mergeEvidence }],
};

const LISTS = {
  mascaras: { summary: 'Nombres de los niveles 2, 3 y 4', data: maskList },
  filtros: { summary: 'Niveles 2 y 3 activos: { nv2, nv3 }', data: levelLists },
  lista_tipos: { summary: 'Tipos de capacitación activos', data: typeList },
  lista_trabajadores: { summary: 'Trabajadores activos que el usuario puede ver (un contratista, los suyos)', data: workerList },
  lista_cargos: { summary: 'Cargos con los nombres de sus niveles', data: cargoList },
  lista_relatores: { summary: 'Usuarios habilitados que pueden ser relatores: [{ IdUsuario, Nombre, Rut }]', data: (c: Parameters<typeof maskList>[0]) => presenterUsers(c.get('deps').db, c.get('session').company) },
} as const;

const CompanyPath = v.object({ company: v.string() });

/** Programmes on the record kit, the detail with signed addresses of its evidence, and the pick lists of their form. */
export const programaRoutes = recordRoutes(programaCapacitacionEntity, { rules: programaRules, detail: false }).get(
  '/programa/:id/:company',
  describeRoute({
    tags: ['programas_capacitacion'],
    security: [{ bearerAuth: [] }],
    summary: 'Una línea del programa (también anulada) con enlaces firmados de sus evidencias en Urls { sha256: url }; data null si no existe',
    responses: recordResponses(programaCapacitacionEntity).one,
  }),
  validate('param', v.object({ id: v.pipe(v.string(), v.trim(), v.toLowerCase()), company: v.string() })),
  requireOwnCompany,
  can('index'),
  async (c) => {
    const { db, records, files, now } = c.get('deps');
    const found = await records.programas_capacitacion.load(db, c.get('session').company, c.req.valid('param').id);
    if (!found) return c.json({ statusCode: 200, data: null });
    const Urls = Object.fromEntries(found.row.Evidencias.map((evidence) => [evidence.Archivo.Sha256, files.signedUrl(evidence.Archivo.Sha256, now())]));
    return c.json({ statusCode: 200, data: { ...found.row, Urls } });
  },
);
for (const [name, list] of Object.entries(LISTS)) {
  programaRoutes.get(
    `/programa/listas/${name}/:company`,
    describeRoute({ tags: ['programas_capacitacion'], security: [{ bearerAuth: [] }], summary: `${list.summary}: { statusCode, data }` }),
    validate('param', CompanyPath),
    requireOwnCompany,
    can('index'),
    async (c) => c.json({ statusCode: 200, data: await list.data(c) }),
  );
}
