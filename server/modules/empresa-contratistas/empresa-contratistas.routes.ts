import type { Context } from 'hono';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { ACCOUNT_MESSAGES, PARTY_ACCOUNT, ReservedNamesAnswerSchema } from '#sync/schemas/accounts.schema.ts';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import { ActivePartiesSchema } from '#sync/schemas/usuarios.schema.ts';
import {
  CONTRATISTAS_MESSAGES,
  EmpresaContratistaIdParamSchema,
  EmpresaContratistaCreateBodySchema,
  EmpresaContratistaUpdateBodySchema,
} from '#sync/schemas/empresa-contratistas.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { reservedNames } from '#server/records/office-accounts.ts';
import { fieldChanges, recordAudit } from '#server/records/office-audit-log.ts';
import { inOfficeWrite, officeChecks, type OfficeWrite } from '#server/records/office-write.ts';
import { activeParties } from '#server/records/office-parties.ts';
import { createPartyAccount } from '#server/records/office-party-accounts.ts';
import { storeInlineImage } from '#server/files/inline-image.ts';
import { answers, named } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { readRoute } from '#server/http/read-route.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { companyUsersOnly, requireSession } from '#server/tenancy/require-session.ts';
import { contractorStateRoutes } from './empresa-contratistas-state.routes.ts';
import { EmpresaContratista, EmpresaContratistaCreated, EmpresaContratistaSaved } from './empresa-contratistas.answers.ts';
import * as repo from './empresa-contratistas.repo.ts';
import { commandHandlers, saved } from '#server/commands/command.ts';

const tags = ['empresa-contratistas'];
const security = [{ bearerAuth: [] }];
const ROUTE = '/empresa-contratistas';
const can = permissionsOf(ROUTE);
const CompanyPath = v.object({ company: v.string() });
const UpdatePath = v.object({ company: v.string(), Id: EmpresaContratistaIdParamSchema });

export const CONTRACTOR_LABELS = {
  Nombre: 'Razón social',
  RutCompleto: 'RUT',
  Correo: 'Correo',
  Telefono: 'Teléfono',
  Direccion: 'Dirección',
  Logo: 'Logo',
  Tipo: 'Cuenta de acceso',
} as const;
const accountLabel = (tipo: number) => (tipo === PARTY_ACCOUNT.conCuenta ? 'Sí' : 'No');

export const notFound = () => new HttpError(404, CONTRATISTAS_MESSAGES.notFound);

/** The contractor company as the screens show it, read inside the write's transaction. */
export async function contractorOf(write: OfficeWrite, id: string) {
  return repo.toWire(write.db, write.files, write.now, (await repo.findContractor(write.db, write.company, id))!);
}

async function answerList(c: Context<AppEnv>, activeOnly: boolean) {
  const { db, files, now } = c.get('deps');
  const company = c.get('session').company;
  const rows = await repo.listContractors(db, company, activeOnly);
  return { statusCode: 200 as const, data: await Promise.all(rows.map((row) => repo.toWire(db, files, now(), row))) };
}

/** Who reads contractor companies: Ver on Empresas contratistas, and only the company's own users. */
const reading = [can('index'), companyUsersOnly] as const;
const ContractorList = dataAnswer(v.array(EmpresaContratista));
const ReservedNamesAnswer = named('UsuariosReservados', ReservedNamesAnswerSchema);
const ActiveClients = dataAnswer(ActivePartiesSchema.entries.clientes);

/** Contractor companies (spec: empresa-contratistas): the company's own data, with the accounts of their staff. */
export const empresaContratistasRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .route('/', contractorStateRoutes)
  .route(
    '/',
    readRoute(
      '/all/:company',
      {
        tags,
        summary:
          'Todas las empresas contratistas, activas (Estado 1) y desactivadas (Estado 2), con sus cuentas: { statusCode, data: EmpresaContratista[] }',
        answer: ContractorList,
        access: reading,
      },
      (c) => answerList(c, false),
    ),
  )
  .route(
    '/',
    readRoute(
      '/listado_clientes/:company',
      {
        tags,
        summary: 'Clientes activos de la empresa: { statusCode, data: [{ IdCliente, Nombre }] }',
        answer: ActiveClients,
        access: reading,
      },
      async (c) => ({
        statusCode: 200,
        data: (await activeParties(c.get('deps').db, c.get('session').company)).clientes,
      }),
    ),
  )
  .route(
    '/',
    readRoute(
      '/usuarios_reservados/:company',
      {
        tags,
        summary: 'Nombres de usuario y correos ya en uso en la empresa: { statusCode, data: { NombresUsuario, Correos } }',
        answer: ReservedNamesAnswer,
        access: reading,
      },
      async (c) => ({ statusCode: 200, data: await reservedNames(c.get('deps').db, c.get('session').company) }),
    ),
  )
  .route(
    '/',
    readRoute(
      '/one/:company/:id',
      {
        tags,
        summary: 'Una empresa contratista con sus cuentas: { statusCode, data: EmpresaContratista | null }',
        answer: dataAnswer(v.nullable(EmpresaContratista)),
        access: reading,
        params: v.object({ company: v.string(), id: EmpresaContratistaIdParamSchema }),
      },
      async (c, { params }) => {
        const { db, files, now } = c.get('deps');
        const row = await repo.findContractor(db, c.get('session').company, params.id);
        return { statusCode: 200, data: row ? await repo.toWire(db, files, now(), row) : null };
      },
    ),
  )
  .route(
    '/',
    readRoute(
      '/:company',
      {
        tags,
        summary: 'Empresas contratistas activas, por nombre: { statusCode, data: EmpresaContratista[] }',
        answer: ContractorList,
        access: reading,
      },
      (c) => answerList(c, true),
    ),
  )
  .post(
    '/post/:company',
    describeRoute({
      tags,
      security,
      summary:
        'Crea una empresa contratista con el IdEmpresaContratista hecho en el dispositivo; con Tipo 2 también su cuenta principal, desde su correo (rol y contraseña temporal del formulario). Sin logo muestra el predeterminado. 409 RUT_EN_USO, CORREO_EN_USO, NOMBRE_USUARIO_EN_USO. { statusCode, message, data, CorreoEnviado }',
      responses: answers(EmpresaContratistaCreated, 'Empresa contratista creada, y si se envió el correo de su cuenta'),
    }),
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'crear', CompanyPath), { kind: 'json', schema: EmpresaContratistaCreateBodySchema }],
      run: async (call, input) => {
        const body = input.body as v.InferOutput<typeof EmpresaContratistaCreateBodySchema>;
        const { Logo, IdRol, NombreUsuario, ContrasenaTemporal, ...fields } = body;
        const result = await inOfficeWrite(call, async (write) => {
          if (await repo.contractorIdTaken(write.db, fields.IdEmpresaContratista))
            throw new HttpError(409, CONTRATISTAS_MESSAGES.rutInUse, 'CONFLICTO');
          if (await repo.findByRut(write.db, write.company, fields.RutCompleto))
            throw new HttpError(409, CONTRATISTAS_MESSAGES.rutInUse, 'RUT_EN_USO');
          const party = {
            kind: 'contratista' as const,
            key: fields.RutCompleto,
            Nombre: fields.Nombre,
            Correo: fields.Correo,
            Rut: fields.RutCompleto,
          };
          const account =
            fields.Tipo === PARTY_ACCOUNT.conCuenta
              ? await createPartyAccount(write, party, { IdRol, NombreUsuario, ContrasenaTemporal }, CONTRATISTAS_MESSAGES.roleNotFound)
              : null;
          const LogoArchivo = Logo ? await storeInlineImage(write.files, write.company, Logo, write.now) : null;
          await write.db
            .insertInto('empresas_contratistas')
            .values({
              ...fields,
              IdEmpresa: write.company,
              Rut: fields.RutCompleto.slice(0, -2),
              LogoArchivo,
              Estado: 1,
              IdUsuario: account?.IdUsuario ?? null,
              Version: 1,
              CreadoEn: write.now.toISOString(),
            })
            .execute();
          const changes = fieldChanges(
            null,
            { ...fields, Tipo: accountLabel(fields.Tipo), Logo: LogoArchivo ? 'Cargado' : '' },
            CONTRACTOR_LABELS,
          );
          await recordAudit(
            write.db,
            {
              company: write.company,
              author: write.author,
              entity: 'empresa_contratista',
              id: fields.IdEmpresaContratista,
              name: fields.Nombre,
              action: 'crear',
              changes,
            },
            write.now,
          );
          return { data: await contractorOf(write, fields.IdEmpresaContratista), account };
        });
        const message = result.account?.mailFailed
          ? `${CONTRATISTAS_MESSAGES.created} ${ACCOUNT_MESSAGES.mailFailed}`
          : CONTRATISTAS_MESSAGES.created;
        return {
          status: 200,
          body: {
            statusCode: 200,
            message,
            data: result.data,
            CorreoEnviado: result.account?.CorreoEnviado ?? false,
          } satisfies v.InferOutput<typeof EmpresaContratistaCreated>,
        };
      },
    }),
  )
  .put(
    '/put/:company/:Id',
    describeRoute({
      tags,
      security,
      summary: 'Edita los datos y el logo de una empresa contratista (solo lo cambiado). Su RUT no cambia: sus registros lo llevan (400)',
      responses: answers(EmpresaContratistaSaved, 'Empresa contratista actualizada'),
    }),
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'editar', UpdatePath), { kind: 'json', schema: EmpresaContratistaUpdateBodySchema }],
      run: async (call, input) => {
        const { Logo, RutCompleto, ...fields } = input.body as v.InferOutput<typeof EmpresaContratistaUpdateBodySchema>;
        const id = (input.params as v.InferOutput<typeof UpdatePath>).Id;
        const data = await inOfficeWrite(call, async (write) => {
          const current = await repo.findContractor(write.db, write.company, id);
          if (!current) throw notFound();
          if (RutCompleto !== undefined && RutCompleto !== current.RutCompleto)
            throw new HttpError(400, CONTRATISTAS_MESSAGES.rutFixed, 'VALIDACION');
          const changed = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
          const LogoArchivo = Logo ? await storeInlineImage(write.files, write.company, Logo, write.now) : undefined;
          await write.db
            .updateTable('empresas_contratistas')
            .set((eb) => ({ ...changed, ...(LogoArchivo ? { LogoArchivo } : {}), Version: eb('Version', '+', 1) }))
            .where('IdEmpresaContratista', '=', id)
            .execute();
          const changes = fieldChanges(
            { ...current, Logo: current.LogoArchivo ? 'Cargado' : '' },
            { ...changed, ...(LogoArchivo ? { Logo: 'Cambiado' } : {}) },
            CONTRACTOR_LABELS,
          );
          if (changes.length)
            await recordAudit(
              write.db,
              {
                company: write.company,
                author: write.author,
                entity: 'empresa_contratista',
                id,
                name: fields.Nombre ?? current.Nombre,
                action: 'editar',
                changes,
              },
              write.now,
            );
          return contractorOf(write, id);
        });
        return saved(CONTRATISTAS_MESSAGES.updated, data satisfies v.InferOutput<typeof EmpresaContratista>);
      },
    }),
  );
