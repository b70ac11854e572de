import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { type MessageAnswer, MessageAnswerSchema, savedAnswer } from '#sync/schemas/answers.schema.ts';
import {
  EmpresaAsociadaSchema,
  EMPRESAS_ASOCIADAS_ROUTE,
  EMPRESAS_MESSAGES,
  EmpresaPathSchema,
  isTipoEmpresa,
  TIPO_EMPRESA,
  type TipoEmpresa,
} from '#sync/schemas/contratistas-empresas.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { type CommandAnswer, type CommandCall, type CommandInput, commandHandlers, saved } from '#server/commands/command.ts';
import { runModuleCommand } from '#server/commands/module-commands.ts';
import { answers, named } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { officeChecks } from '#server/records/office-write.ts';
import { findEmpresa } from './empresas-asociadas.repo.ts';

const tags = ['empresas-asociadas'];
const security = [{ bearerAuth: [] }];
const EmpresaAsociadaSaved = savedAnswer(named('EmpresaAsociada', EmpresaAsociadaSchema));
/**
 * The fields of the type's own edit (a contractor company's or a client's, only what changed), read by that call:
 * one schema here would read a client's body with a contractor's rules.
 */
const EditBodySchema = v.looseObject({});

type Path = v.InferOutput<typeof EmpresaPathSchema>;
const of = encodeURIComponent;

/**
 * Each write of the directory is the type's own call (server/modules/empresa-contratistas, clientes), run as its
 * command: its rules, its 400s and 404s, its audit and its account handling, never a copy of them.
 */
interface OwnCalls {
  edit: string;
  remove: string;
  state: (active: boolean) => string;
  stateBody: (id: string) => object;
}

const OWN_CALLS: Record<TipoEmpresa, OwnCalls> = {
  [TIPO_EMPRESA.contratista]: {
    edit: '/api/empresa-contratistas/put/:company/:id',
    remove: '/api/empresa-contratistas/delete/:company/:id',
    state: (active) => `/api/empresa-contratistas/contratistas/${active ? 'activar' : 'desactivar'}/:company`,
    stateBody: (id) => ({ IdEmpresaContratista: id }),
  },
  [TIPO_EMPRESA.cliente]: {
    edit: '/api/clientes/:company/:id',
    remove: '/api/clientes/:company/:id',
    state: (active) => `/api/clientes/cliente/${active ? 'activar' : 'desactivar'}/:company`,
    stateBody: (id) => ({ IdCliente: id }),
  },
};

const filled = (template: string, { company, id }: Path) => template.replace(':company', of(company)).replace(':id', of(id));

/** The company's type, or the not-found answer the type's own calls give an unknown id. */
function typeOf(params: Path): TipoEmpresa {
  if (!isTipoEmpresa(params.Tipo)) throw new HttpError(404, EMPRESAS_MESSAGES.notFound);
  return params.Tipo;
}

/** The type's own PUT, then the directory's answer: the spec's message and the company as the directory shows it. */
async function delegatedPut(call: CommandCall, params: Path, path: string, body: unknown, message: string): Promise<CommandAnswer> {
  await runModuleCommand(call, 'PUT', path, body);
  const { db, files, now } = call.deps;
  return saved(message, await findEmpresa(db, files, now(), call.session.company, typeOf(params), params.id));
}

const editCommand = {
  checks: [...officeChecks(EMPRESAS_ASOCIADAS_ROUTE, 'editar', EmpresaPathSchema), { kind: 'json', schema: EditBodySchema }] as const,
  run: (call: CommandCall, input: CommandInput) => {
    const params = input.params as Path;
    return delegatedPut(call, params, filled(OWN_CALLS[typeOf(params)].edit, params), input.body, EMPRESAS_MESSAGES.edited);
  },
};

function stateCommand(active: boolean) {
  return {
    checks: officeChecks(EMPRESAS_ASOCIADAS_ROUTE, 'editar', EmpresaPathSchema),
    run: (call: CommandCall, input: CommandInput) => {
      const params = input.params as Path;
      const own = OWN_CALLS[typeOf(params)];
      const message = active ? EMPRESAS_MESSAGES.activated : EMPRESAS_MESSAGES.deactivated;
      return delegatedPut(call, params, filled(own.state(active), params), own.stateBody(params.id), message);
    },
  };
}

const stateSummary = (active: boolean) =>
  `${active ? 'Activa' : 'Desactiva'} una empresa contratista (Tipo 1) o un cliente (Tipo 2) con la llamada de su tipo ` +
  `(Estado ${active ? '1: sus usuarios vuelven a iniciar sesión' : '2: sus usuarios no inician sesión'}); 404 si no existe`;

/** The directory's writes; mounted under its routes, which check the session. */
export const empresasAsociadasWrites = new Hono<AppEnv>()
  .put(
    '/empresa/procedimiento/desactivar/:id/:Tipo/:company',
    describeRoute({ tags, security, summary: stateSummary(false), responses: answers(EmpresaAsociadaSaved, 'Empresa desactivada') }),
    ...commandHandlers(stateCommand(false)),
  )
  .put(
    '/empresa/procedimiento/activar/:id/:Tipo/:company',
    describeRoute({ tags, security, summary: stateSummary(true), responses: answers(EmpresaAsociadaSaved, 'Empresa activada') }),
    ...commandHandlers(stateCommand(true)),
  )
  .put(
    '/empresa/:id/:Tipo/:company',
    describeRoute({
      tags,
      security,
      summary:
        'Edita una empresa contratista (Tipo 1: el cuerpo de PUT empresa-contratistas/put, su RUT no cambia) o un cliente (Tipo 2: el ' +
        'de PUT clientes), solo lo cambiado, con las reglas de su tipo: { statusCode, message, data: EmpresaAsociada }',
      responses: answers(EmpresaAsociadaSaved, 'Empresa editada'),
    }),
    ...commandHandlers(editCommand),
  )
  .delete(
    '/empresa/:id/:Tipo/:company',
    describeRoute({
      tags,
      security,
      summary:
        'Elimina una empresa contratista (409 CONTRATISTA_CON_TRABAJADORES si tiene trabajadores activos) o un cliente, y las cuentas ' +
        'de sus usuarios, con la llamada de su tipo. Eliminar de nuevo responde 200',
      responses: answers(MessageAnswerSchema, 'Empresa eliminada'),
    }),
    ...commandHandlers({
      checks: officeChecks(EMPRESAS_ASOCIADAS_ROUTE, 'eliminar', EmpresaPathSchema),
      run: async (call, input) => {
        const params = input.params as Path;
        await runModuleCommand(call, 'DELETE', filled(OWN_CALLS[typeOf(params)].remove, params));
        return { status: 200, body: { statusCode: 200, message: EMPRESAS_MESSAGES.deleted } satisfies MessageAnswer };
      },
    }),
  );
