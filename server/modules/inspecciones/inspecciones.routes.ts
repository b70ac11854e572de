import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import { RecordIdSchema } from '#sync/records/record-fields.ts';
import { formularioEntity, TEMPLATE_READERS } from '#sync/schemas/formularios.schema.ts';
import {
  InspeccionDetailAnswer,
  InspeccionSavedAnswer,
  InspectionWorkersAnswer,
  RangosAnswer,
} from '#sync/schemas/inspecciones-answers.schema.ts';
import {
  INSPECCIONES_MESSAGES,
  InspeccionCreateBodySchema,
  inspeccionEntity,
  ReportRequestSchema,
  TIPOS_OBSERVACION,
} from '#sync/schemas/inspecciones.schema.ts';
import {
  CORRECCION_MESSAGES,
  InspeccionCorreccionBodySchema,
  InspeccionCorregidaAnswer,
} from '#sync/schemas/inspecciones-correccion.schema.ts';
import { observacionEntity } from '#sync/schemas/observaciones.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { commandHandlers } from '#server/commands/command.ts';
import { answers } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { readRoute } from '#server/http/read-route.ts';
import { rendersDocument } from '#server/http/document-render.ts';
import { validate, VersionQuerySchema } from '#server/http/validation.ts';
import { reportAnswer } from '#server/reports/render-report-pdf.ts';
import { pickableWorkers } from '#server/records/pick-lists.ts';
import { recordResponses } from '#server/records/record-routes.ts';
import { commandWriteContext, writeOutcomeAnswer } from '#server/records/write-answer.ts';
import { conflictBody } from '#server/sync/conflicts.repo.ts';
import { permissionsOf, permit } from '#server/tenancy/permit.ts';
import { readAccess } from '#server/records/read-access.ts';
import { requireSession } from '#server/tenancy/require-session.ts';
import { viewerOf } from '#server/tenancy/viewer.ts';
import { correctInspection } from './correccion.service.ts';
import { correctionsOf } from './correcciones.repo.ts';
import { answerFollowUpList, InspectionListQuery } from './inspecciones-query.ts';
import * as repo from './inspecciones.repo.ts';
import * as service from './inspecciones.service.ts';
import { observacionesRoutes } from './observaciones.routes.ts';
import { buildChecklistReport } from './report-data.ts';

const tags = ['inspecciones'];
const security = [{ bearerAuth: [] }];
const can = permissionsOf(inspeccionEntity.permission);
const BASE = '/observaciones-inspecciones';

const IdPath = v.object({ id: RecordIdSchema });
const InspectionPath = v.object({ IdEvaluacion: RecordIdSchema });
const TemplatePath = v.object({ IdFormulario: RecordIdSchema });

const inspectionNotFound = () => new HttpError(404, INSPECCIONES_MESSAGES.notFound);

export const inspeccionesRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .route(BASE, observacionesRoutes)
  .get(
    BASE,
    describeRoute({
      tags,
      security,
      summary:
        'Inspecciones finalizadas activas visibles para el usuario (un contratista solo las de su RUT, un cliente solo las de su IdCliente): ?tipoEval &IdFormulario &desde &hasta &nv2 &nv3 &RutContratista &semaforo (con una observación activa de ese color); idEmpresa, TipoEmpresa y ClienteUsuario se aceptan y se ignoran (manda el token). { statusCode, data: Inspeccion[] }',
      responses: recordResponses(inspeccionEntity).list,
    }),
    readAccess(inspeccionEntity),
    validate('query', InspectionListQuery),
    async (c) => answerFollowUpList(c, inspeccionEntity, c.req.valid('query'), repo.listInspections),
  )
  .post(
    BASE,
    describeRoute({
      tags,
      security,
      summary:
        'Guarda una inspección FINALIZADA, completa y de una vez (SPEC IN2): se valida contra la versión del formulario que nombra y el servidor calcula Porcentaje y Nota. 400 con el mensaje y nada escrito si algo falta; 409 ARCHIVO_PENDIENTE si una foto o firma no ha llegado; 409 CONFLICTO si el id ya existe. { statusCode, message, data: Inspeccion, observaciones: Observacion[] }',
      responses: answers(InspeccionSavedAnswer, 'La inspección guardada y sus observaciones'),
    }),
    ...commandHandlers({
      checks: [
        { kind: 'access', route: inspeccionEntity.permission, action: 'crear' },
        { kind: 'json', schema: InspeccionCreateBodySchema },
      ],
      run: async (call, input) => {
        const body = input.body;
        const outcome = await service.createInspection(commandWriteContext(call), call.session.viewer, body);
        if (outcome.kind === 'conflict') return { status: 409, body: conflictBody(outcome.row?.inspeccion ?? null) };
        const { inspeccion, observaciones } = outcome.row!;
        const answer = { statusCode: 200 as const, message: INSPECCIONES_MESSAGES.created, data: inspeccion, observaciones };
        return { status: 200, body: answer satisfies v.InferOutput<typeof InspeccionSavedAnswer> };
      },
    }),
  )
  .get(
    `${BASE}/one/:id`,
    describeRoute({
      tags,
      security,
      summary: 'Una inspección activa tal como la ven las listas y los dispositivos: { statusCode, data: Inspeccion }',
      responses: recordResponses(inspeccionEntity).one,
    }),
    validate('param', IdPath),
    readAccess(inspeccionEntity),
    async (c) => {
      const row = await repo.findInspection(c.get('deps').db, c.get('session').company, c.req.valid('param').id);
      if (!row || row.Estado !== 1 || !repo.canSee(viewerOf(c), row)) throw inspectionNotFound();
      return c.json({ statusCode: 200, data: repo.toWireInspeccion(row) });
    },
  )
  .get(
    `${BASE}/Rangos/:IdFormulario`,
    describeRoute({
      tags,
      security,
      summary: 'Escala de notas (Rangos) de la versión vigente del formulario: { statusCode, data: [{ Desde, Hasta, Nota }] }',
      responses: answers(RangosAnswer, 'La escala de notas del formulario'),
    }),
    validate('param', TemplatePath),
    permit(TEMPLATE_READERS, 'index'),
    async (c) => {
      const { db, records } = c.get('deps');
      const template = await records.formularios.load(db, c.get('session').company, c.req.valid('param').IdFormulario);
      if (!template) throw new HttpError(404, formularioEntity.messages.notFound);
      return c.json({ statusCode: 200, data: template.row.Contenido.Rangos } satisfies v.InferOutput<typeof RangosAnswer>);
    },
  )
  .route(
    '/',
    readRoute(
      `${BASE}/lista_trabajadores/:company`,
      {
        tags,
        summary:
          'Trabajadores activos para elegir a los observados (un contratista solo los suyos): { statusCode, data: [{ IdPersona, RunPersona, Nombres, ' +
            'ApellidoPaterno, ApellidoMaterno, IdNivel2, IdNivel3, RutContratista }] }',
        answer: InspectionWorkersAnswer,
        access: can('index'),
      },
      async (c) => {
        const data = (await pickableWorkers(c)).map((worker) => ({
          IdPersona: worker.IdPersona,
          RunPersona: worker.RunPersona,
          Nombres: worker.Nombres,
          ApellidoPaterno: worker.ApellidoPaterno,
          ApellidoMaterno: worker.ApellidoMaterno,
          IdNivel2: worker.IdNivel2,
          IdNivel3: worker.IdNivel3,
          RutContratista: worker.RutContratista,
        }));
        return { statusCode: 200, data };
      },
    ),
  )
  .get(
    `${BASE}/:id`,
    describeRoute({
      tags,
      security,
      summary:
        'Detalle de una inspección: { statusCode, data: Inspeccion, observaciones (Checklist), obsgenerales, brechas, lista_firmas, Urls: { sha256: enlace firmado }, ' +
          'correcciones: [{ Version, Fecha, IdUsuario, Usuario, Cambios: [{ Tipo, Clave, Campo, Antes, Despues }] }] } con los archivos de firmas, observaciones y respuestas',
      responses: answers(InspeccionDetailAnswer, 'La inspección con sus observaciones, firmas y enlaces'),
    }),
    validate('param', IdPath),
    can('index'),
    async (c) => {
      const { db, files, now } = c.get('deps');
      const company = c.get('session').company;
      const row = await repo.findInspection(db, company, c.req.valid('param').id);
      if (!row || row.Estado !== 1 || !repo.canSee(viewerOf(c), row)) throw inspectionNotFound();
      const data = repo.toWireInspeccion(row);
      const observations = (await repo.observationsOf(db, company, data.IdEvaluacion)).map(repo.toWireObservacion);
      const [checklist, general, gaps] = TIPOS_OBSERVACION.map((tipo) =>
        observations.filter((observation) => observation.TipoObs === tipo),
      );
      const shas = [
        ...data.Firmas.map((firma) => firma.Archivo.Sha256),
        ...observations.flatMap((observation) =>
          [...observation.Archivos, ...observation.Respuestas.flatMap((step) => step.Archivos)].map((file) => file.Sha256),
        ),
      ];
      const Urls = files.signedUrls(shas, now());
      const detail = { statusCode: 200 as const, data, observaciones: checklist!, obsgenerales: general!, brechas: gaps! };
      const correcciones = await correctionsOf(db, company, data.IdEvaluacion);
      return c.json({ ...detail, lista_firmas: data.Firmas, Urls, correcciones } satisfies v.InferOutput<typeof InspeccionDetailAnswer>);
    },
  )
  .delete(
    `${BASE}/:IdEvaluacion`,
    describeRoute({
      tags,
      security,
      summary:
        'Elimina una inspección y sus observaciones (Estado 0, lápidas en los cambios; SPEC OV3). ?Version=n detecta un borrado sobre datos viejos; ' +
          'eliminar de nuevo responde 200',
      responses: recordResponses(inspeccionEntity).write,
    }),
    ...commandHandlers({
      checks: [
        { kind: 'param', schema: InspectionPath },
        { kind: 'access', route: inspeccionEntity.permission, action: 'eliminar' },
        { kind: 'query', schema: VersionQuerySchema },
      ],
      run: async (call, { params, query }) => {
        const { IdEvaluacion } = params;
        const { Version } = query;
        const outcome = await service.deleteInspection(commandWriteContext(call), call.session.viewer, IdEvaluacion, Version);
        return writeOutcomeAnswer(outcome, INSPECCIONES_MESSAGES.deleted);
      },
    }),
  )
  .put(
    `${BASE}/:IdEvaluacion`,
    describeRoute({
      tags,
      security,
      summary:
        'Corrige una inspección finalizada (usuario de la empresa con permiso de editar): respuestas de enunciados, Lugar, Supervisor, ' +
          'EquipoTrabajo, campos del Encabezado y la observación general; Version es la que se corrigió (409 CONFLICTO si quedó atrás). ' +
          'Cumplimiento y nota se calculan de nuevo; una respuesta cuya observación ya no está Abierta no se corrige (409 OBSERVACION_AVANZADA, ' +
          'nada aplicado). Lo anterior queda en el historial (correcciones del detalle). { statusCode, message, data, observaciones, correccion }',
      responses: answers(InspeccionCorregidaAnswer, 'La inspección corregida, sus observaciones y la corrección'),
    }),
    ...commandHandlers({
      checks: [
        { kind: 'param', schema: InspectionPath },
        { kind: 'access', route: inspeccionEntity.permission, action: 'editar' },
        { kind: 'json', schema: InspeccionCorreccionBodySchema },
      ],
      run: async (call, { params, body }) => {
        const outcome = await correctInspection(commandWriteContext(call), call.session.viewer, params.IdEvaluacion, body);
        if (outcome.kind === 'conflict') return { status: 409, body: conflictBody(outcome.row.inspeccion) };
        const { inspeccion, observaciones, correccion } = outcome.row;
        const message = outcome.kind === 'written' ? CORRECCION_MESSAGES.corrected : CORRECCION_MESSAGES.unchanged;
        const answer = { statusCode: 200 as const, message, data: inspeccion, observaciones, correccion };
        return { status: 200, body: answer satisfies v.InferOutput<typeof InspeccionCorregidaAnswer> };
      },
    }),
  )
  .post(
    '/recursos-app/pdf',
    describeRoute({
      tags,
      security,
      summary:
        'Datos del informe de checklist (spec 2.4) de una inspección: { statusCode, data: ChecklistReportData } con imágenes como enlaces firmados. Con Accept: application/pdf responde el PDF dibujado en el servidor. Empresa debe ser la del token',
    }),
    rendersDocument(),
    permit([inspeccionEntity.permission, observacionEntity.permission], 'index'),
    validate('json', ReportRequestSchema),
    async (c) => {
      const { IdObjeto, Empresa } = c.req.valid('json');
      const company = c.get('session').company;
      if (Empresa !== company) throw new HttpError(403, AUTH_MESSAGES.forbiddenCompany, 'EMPRESA_AJENA');
      return reportAnswer(c, 'checklist', (mode) => buildChecklistReport(c.get('deps'), company, viewerOf(c), IdObjeto, mode), INSPECCIONES_MESSAGES.notFound);
    },
  );
