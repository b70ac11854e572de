import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { RecordIdSchema } from '#sync/records/record-fields.ts';
import {
  FORMULARIO_TYPES,
  FORMULARIOS_MESSAGES,
  type FormularioCreateBody,
  FormularioCreateBodySchema,
  formularioEntity,
  type FormularioUpdateBody,
  FormularioUpdateBodySchema,
  TEMPLATE_READERS,
} from '#sync/schemas/formularios.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { HttpError } from '#server/http/http-error.ts';
import { validate, VersionQuerySchema } from '#server/http/validation.ts';
import { recordResponses } from '#server/records/record-routes.ts';
import { commandWriteContext, writeOutcomeAnswer } from '#server/records/write-answer.ts';
import { permit } from '#server/tenancy/permit.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import * as repo from './formularios.repo.ts';
import * as service from './formularios.service.ts';
import { commandHandlers } from '#server/commands/command.ts';

const tags = ['formularios'];
const security = [{ bearerAuth: [] }];
const responses = recordResponses(formularioEntity);
const BASE = '/formularios';

/** `?IdEmpresa` is the spec's; it is accepted and ignored: the company is always the token's. */
const ListQuery = v.object({
  IdEmpresa: v.optional(v.string()),
  tipo: v.optional(v.picklist(FORMULARIO_TYPES, FORMULARIOS_MESSAGES.typeInvalid)),
});
const IdPath = v.object({ id: RecordIdSchema });
const TemplatePath = v.object({ IdFormulario: RecordIdSchema });
const VersionQuery = v.object({
  version: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d{0,8}$/, FORMULARIOS_MESSAGES.versionNotFound), v.transform(Number))),
});

export const formulariosRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .get(
    BASE,
    describeRoute({
      responses: responses.list,
      tags,
      security,
      summary:
        'Formularios (plantillas de checklist) de la empresa del token con el contenido de su versión más nueva, también los retirados (Estado 0): ' +
          '?tipo=inspeccion|observacion|varios. { statusCode, data: Formulario[] }',
    }),
    permit(TEMPLATE_READERS, 'index'),
    validate('query', ListQuery),
    async (c) =>
      c.json({
        statusCode: 200,
        data: await repo.listFormularios(c.get('deps').db, c.get('session').company, { tipo: c.req.valid('query').tipo }),
      }),
  )
  .get(
    `${BASE}/one/:id`,
    describeRoute({
      responses: responses.one,
      tags,
      security,
      summary:
        'Un formulario con su versión más nueva; ?version=n entrega el contenido de esa versión anterior (inmutable). { statusCode, data: Formulario }',
    }),
    validate('param', IdPath),
    permit(TEMPLATE_READERS, 'index'),
    validate('query', VersionQuery),
    async (c) => {
      const { db } = c.get('deps');
      const company = c.get('session').company;
      const { id } = c.req.valid('param');
      const { version } = c.req.valid('query');
      const row = await repo.findFormulario(db, company, id);
      if (!row) throw new HttpError(404, FORMULARIOS_MESSAGES.notFound);
      const wanted = version ?? row.VersionFormulario;
      const contenido = await repo.findVersion(db, company, id, wanted);
      if (!contenido) throw new HttpError(404, FORMULARIOS_MESSAGES.versionNotFound);
      return c.json({ statusCode: 200, data: { ...repo.toWireFormulario(row, contenido), VersionFormulario: wanted } });
    },
  )
  .post(
    BASE,
    describeRoute({
      responses: responses.write,
      tags,
      security,
      summary:
        'Crea un formulario (versión 1) con el IdFormulario (UUID) generado en el dispositivo; duplicar es crear con otro id. 409 CONFLICTO si el id ya existe',
    }),
    ...commandHandlers({
      checks: [
        { kind: 'access', route: formularioEntity.permission, action: 'crear' },
        { kind: 'json', schema: FormularioCreateBodySchema },
      ],
      run: async (call, { body }) => {
        const outcome = await service.createFormulario(commandWriteContext(call), body as FormularioCreateBody);
        return writeOutcomeAnswer(outcome, FORMULARIOS_MESSAGES.created);
      },
    }),
  )
  .put(
    `${BASE}/:IdFormulario`,
    describeRoute({
      responses: responses.write,
      tags,
      security,
      summary:
        'Edita los campos enviados (IdFormulario y Version en el cuerpo; fusión por campo, 409 CONFLICTO con la fila actual). Un Contenido distinto ' +
          'crea la siguiente VersionFormulario; las anteriores no cambian',
    }),
    ...commandHandlers({
      checks: [
        { kind: 'param', schema: TemplatePath },
        { kind: 'access', route: formularioEntity.permission, action: 'editar' },
        { kind: 'json', schema: FormularioUpdateBodySchema },
      ],
      run: async (call, { params, body }) => {
        const { IdFormulario } = params;
        const outcome = await service.updateFormulario(commandWriteContext(call), IdFormulario, body as FormularioUpdateBody);
        return writeOutcomeAnswer(outcome, FORMULARIOS_MESSAGES.updated);
      },
    }),
  )
  .delete(
    `${BASE}/:IdFormulario`,
    describeRoute({
      responses: responses.write,
      tags,
      security,
      summary:
        'Retira un formulario (Estado 0; viaja como fila con Estado 0, no como lápida): no admite inspecciones nuevas, las ya iniciadas terminan. ' +
          '?Version=n detecta un retiro sobre datos viejos; retirar de nuevo responde 200',
    }),
    ...commandHandlers({
      checks: [
        { kind: 'param', schema: TemplatePath },
        { kind: 'access', route: formularioEntity.permission, action: 'eliminar' },
        { kind: 'query', schema: VersionQuerySchema },
      ],
      run: async (call, { params, query }) => {
        const { IdFormulario } = params;
        const { Version } = query;
        const outcome = await service.retireFormulario(commandWriteContext(call), IdFormulario, Version);
        return writeOutcomeAnswer(outcome, FORMULARIOS_MESSAGES.retired);
      },
    }),
  );
