import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { ReservedNamesAnswerSchema } from '#sync/schemas/accounts.schema.ts';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import {
  EmpresaAsociadaDetalleSchema,
  EmpresaAsociadaSchema,
  EMPRESAS_ASOCIADAS_ROUTE,
  EmpresaPathSchema,
  isTipoEmpresa,
  RubroSchema,
} from '#sync/schemas/contratistas-empresas.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { commandHandlers } from '#server/commands/command.ts';
import { answers, named } from '#server/http/api-answers.ts';
import { readRoute } from '#server/http/read-route.ts';
import { reservedNames } from '#server/records/office-accounts.ts';
import { officeChecks } from '#server/records/office-write.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { companyUsersOnly, requireSession } from '#server/tenancy/require-session.ts';
import { empresasAsociadasWrites } from './empresas-asociadas-writes.routes.ts';
import { detailOf, findEmpresa, listEmpresas } from './empresas-asociadas.repo.ts';

const tags = ['empresas-asociadas'];
const security = [{ bearerAuth: [] }];
const can = permissionsOf(EMPRESAS_ASOCIADAS_ROUTE);
/** Who reads the directory: Ver on Empresas Asociadas, and only the company's own users (it lists who may sign in). */
const reading = [can('index'), companyUsersOnly] as const;

const EmpresaAsociada = named('EmpresaAsociada', EmpresaAsociadaSchema);
const EmpresaAsociadaDetalle = named('EmpresaAsociadaDetalle', EmpresaAsociadaDetalleSchema);
const RubrosAnswer = dataAnswer(v.array(RubroSchema));
const ReservedNamesAnswer = named('UsuariosReservados', ReservedNamesAnswerSchema);

/**
 * Associated companies (spec: /empresa/{emp}; GET, PUT, DELETE /empresa/{id}/{Tipo}/{emp}; /empresa/listas/rubros;
 * POST /empresa/listas/usuarios_reservados/{emp}; PUT /empresa/procedimiento/activar|desactivar/{id}/{Tipo}/{emp}).
 * The writes are the contractor companies' and clients' own (empresas-asociadas-writes.routes.ts).
 */
export const empresasAsociadasRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .route('/', empresasAsociadasWrites)
  .get(
    '/empresa/listas/rubros',
    describeRoute({
      tags,
      summary:
        'Rubros: las actividades económicas de la empresa (código SII y nombre), por código: { statusCode, data: [{ value, label }] }',
      responses: answers(RubrosAnswer, 'Rubros'),
    }),
    ...reading,
    async (c) => {
      const { db, records } = c.get('deps');
      const rows = await records.actividades_economicas.listActive(db, c.get('session').company, { kind: 'empresa' });
      const data = rows.map((row) => ({ value: row.IdActividadEconomica, label: `${row.Codigo} ${row.Nombre}` }));
      return c.json({ statusCode: 200, data } satisfies v.InferOutput<typeof RubrosAnswer>);
    },
  )
  .post(
    '/empresa/listas/usuarios_reservados/:company',
    describeRoute({
      tags,
      security,
      summary:
        'Nombres de usuario y correos ya en uso en la empresa (en minúsculas), los mismos que responden los de contratistas y clientes: ' +
        '{ statusCode, data: { NombresUsuario, Correos } }',
      responses: answers(ReservedNamesAnswer, 'Nombres de usuario y correos en uso'),
    }),
    ...commandHandlers({
      checks: officeChecks(EMPRESAS_ASOCIADAS_ROUTE, 'index', v.object({ company: v.string() })),
      run: async ({ deps, session }) => ({
        status: 200,
        body: { statusCode: 200, data: await reservedNames(deps.db, session.company) } satisfies v.InferOutput<typeof ReservedNamesAnswer>,
      }),
    }),
  )
  .route(
    '/',
    readRoute(
      '/empresa/:company',
      {
        tags,
        summary:
          'Empresas contratistas (Tipo 1) y clientes (Tipo 2), activos (Estado 1) y desactivados (Estado 2), por nombre: ' +
          '{ statusCode, data: EmpresaAsociada[] }',
        answer: dataAnswer(v.array(EmpresaAsociada)),
        access: reading,
      },
      async (c) => {
        const { db, files, now } = c.get('deps');
        return { statusCode: 200 as const, data: await listEmpresas(db, files, now(), c.get('session').company) };
      },
    ),
  )
  .route(
    '/',
    readRoute(
      '/empresa/:id/:Tipo/:company',
      {
        tags,
        summary:
          'Una empresa por su id y su tipo (1 contratista, 2 cliente); de una contratista, sus contratos (como contratista o ' +
          'subcontratista) y sus cadenas de subcontratación: { statusCode, data: EmpresaAsociadaDetalle | null }',
        answer: dataAnswer(v.nullable(EmpresaAsociadaDetalle)),
        access: reading,
        params: EmpresaPathSchema,
      },
      async (c, { params }) => {
        const { db, files, now } = c.get('deps');
        const company = c.get('session').company;
        const found = isTipoEmpresa(params.Tipo) ? await findEmpresa(db, files, now(), company, params.Tipo, params.id) : undefined;
        return { statusCode: 200 as const, data: found ? await detailOf(db, company, found) : null };
      },
    ),
  );
