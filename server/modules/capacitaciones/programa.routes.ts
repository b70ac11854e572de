import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import {
  type ProgramaCapacitacion,
  programaCapacitacionEntity,
  type ProgramaCreateBody,
} from '#sync/schemas/capacitaciones-programa.schema.ts';
import {
  CargoNivelListAnswer,
  LevelListsAnswer,
  PresenterUsersAnswer,
  TiposListAnswer,
  WorkerPickListAnswer,
} from '#sync/schemas/capacitaciones-answers.schema.ts';
import { readRoute } from '#server/http/read-route.ts';
import { validate } from '#server/http/validation.ts';
import { MasksAnswer } from '#server/records/dashboard-answers.ts';
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

/** Programmes on the record kit, the detail with signed addresses of its evidence, and the pick lists of their form. */
export const programaRoutes = recordRoutes(programaCapacitacionEntity, { rules: programaRules, detail: false }).get(
  '/programa/:id/:company',
  describeRoute({
    tags: ['programas_capacitacion'],
    security: [{ bearerAuth: [] }],
    summary:
      'Una línea del programa (también anulada) con enlaces firmados de sus evidencias en Urls { sha256: url }; data null si no existe',
    responses: recordResponses(programaCapacitacionEntity).one,
  }),
  validate('param', v.object({ id: v.pipe(v.string(), v.trim(), v.toLowerCase()), company: v.string() })),
  requireOwnCompany,
  can('index'),
  async (c) => {
    const { db, records, files, now } = c.get('deps');
    const found = await records.programas_capacitacion.load(db, c.get('session').company, c.req.valid('param').id);
    if (!found) return c.json({ statusCode: 200, data: null });
    const Urls = files.signedUrls(found.row.Evidencias.map((evidence) => evidence.Archivo), now());
    return c.json({ statusCode: 200, data: { ...found.row, Urls } });
  },
);

/** The pick lists of the programme's form (spec: programa/listas/{lista}/{company}). */
const listTags = ['programas_capacitacion'];
const list = (name: string) => `/programa/listas/${name}/:company`;
programaRoutes
  .route(
    '/',
    readRoute(
      list('mascaras'),
      { tags: listTags, summary: 'Nombres de los niveles 2, 3 y 4: { statusCode, data }', answer: MasksAnswer, access: can('index') },
      async (c) => ({ statusCode: 200, data: await maskList(c) }),
    ),
  )
  .route(
    '/',
    readRoute(
      list('filtros'),
      {
        tags: listTags,
        summary: 'Niveles 2 y 3 activos: { nv2, nv3 }: { statusCode, data }',
        answer: LevelListsAnswer,
        access: can('index'),
      },
      async (c) => ({ statusCode: 200, data: await levelLists(c) }),
    ),
  )
  .route(
    '/',
    readRoute(
      list('lista_tipos'),
      { tags: listTags, summary: 'Tipos de capacitación activos: { statusCode, data }', answer: TiposListAnswer, access: can('index') },
      async (c) => ({ statusCode: 200, data: await typeList(c) }),
    ),
  )
  .route(
    '/',
    readRoute(
      list('lista_trabajadores'),
      {
        tags: listTags,
        summary: 'Trabajadores activos que el usuario puede ver (un contratista, los suyos): { statusCode, data }',
        answer: WorkerPickListAnswer,
        access: can('index'),
      },
      async (c) => ({
        statusCode: 200,
        data: await workerList(c),
      }),
    ),
  )
  .route(
    '/',
    readRoute(
      list('lista_cargos'),
      {
        tags: listTags,
        summary: 'Cargos con los nombres de sus niveles: { statusCode, data }',
        answer: CargoNivelListAnswer,
        access: can('index'),
      },
      async (c) => ({ statusCode: 200, data: await cargoList(c) }),
    ),
  )
  .route(
    '/',
    readRoute(
      list('lista_relatores'),
      {
        tags: listTags,
        summary: 'Usuarios habilitados que pueden ser relatores: [{ IdUsuario, Nombre, Rut }]: { statusCode, data }',
        answer: PresenterUsersAnswer,
        access: can('index'),
      },
      async (c) => ({
        statusCode: 200,
        data: await presenterUsers(c.get('deps').db, c.get('session').company),
      }),
    ),
  );
