import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { ACCOUNT_MESSAGES, PARTY_ACCOUNT, ReservedNamesAnswerSchema } from '#sync/schemas/accounts.schema.ts';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import { ClienteCreateBodySchema, ClienteIdSchema, CLIENTES_MESSAGES, ClienteUpdateBodySchema } from '#sync/schemas/clientes.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { reservedNames } from '#server/records/office-accounts.ts';
import { fieldChanges, recordAudit } from '#server/records/office-audit-log.ts';
import { inOfficeWrite, officeChecks, type OfficeWrite } from '#server/records/office-write.ts';
import { createPartyAccount } from '#server/records/office-party-accounts.ts';
import { storeInlineImage } from '#server/files/inline-image.ts';
import { answers, named } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { readRoute } from '#server/http/read-route.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { companyUsersOnly, requireSession } from '#server/tenancy/require-session.ts';
import { clientStateRoutes } from './clientes-state.routes.ts';
import { Cliente, ClienteCreated, ClienteSaved } from './clientes.answers.ts';
import * as repo from './clientes.repo.ts';
import { commandHandlers, saved } from '#server/commands/command.ts';

const tags = ['clientes'];
const security = [{ bearerAuth: [] }];
const ROUTE = '/clientes';
const can = permissionsOf(ROUTE);
const CompanyPath = v.object({ company: v.string() });
const OnePath = v.object({ company: v.string(), id: ClienteIdSchema });
const ReservedNamesAnswer = named('UsuariosReservados', ReservedNamesAnswerSchema);
/** Who reads clients: Ver on Clientes, and only the company's own users. */
const reading = [can('index'), companyUsersOnly] as const;

const LABELS = {
  Nombre: 'Nombre',
  RutCliente: 'RUT',
  Correo: 'Correo',
  Telefono: 'Teléfono',
  Direccion: 'Dirección',
  Logo: 'Logo',
  Tipo: 'Cuenta de acceso',
} as const;

async function clientOf(write: OfficeWrite, id: string) {
  return repo.toWire(write.db, write.files, write.now, (await repo.findClientRow(write.db, write.company, id))!);
}

/**
 * Clients (spec: GET {company}, {company}/{id}, POST usuarios_reservados, POST, PUT, DELETE {company}/{id}, and
 * cliente/activar, desactivar, restablecer_contrasena in clientes-state.routes.ts).
 */
export const clientesRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .route('/', clientStateRoutes)
  .post(
    '/usuarios_reservados/:company',
    describeRoute({
      tags,
      security,
      summary: 'Nombres de usuario y correos ya en uso en la empresa (en minúsculas): { statusCode, data: { NombresUsuario, Correos } }',
      responses: answers(ReservedNamesAnswer, 'Nombres de usuario y correos en uso'),
    }),
    ...commandHandlers({
      checks: officeChecks(ROUTE, 'index', CompanyPath),
      run: async ({ deps, session }) => ({
        status: 200,
        body: { statusCode: 200, data: await reservedNames(deps.db, session.company) } satisfies v.InferOutput<typeof ReservedNamesAnswer>,
      }),
    }),
  )
  .route(
    '/',
    readRoute(
      '/:company',
      {
        tags,
        summary: 'Clientes de la empresa, activos (Estado 1) e inactivos (Estado 2), con sus cuentas: { statusCode, data: Cliente[] }',
        answer: dataAnswer(v.array(Cliente)),
        access: reading,
      },
      async (c) => {
        const { db, files, now } = c.get('deps');
        const rows = await repo.listClients(db, c.get('session').company);
        return { statusCode: 200, data: await Promise.all(rows.map((row) => repo.toWire(db, files, now(), row))) };
      },
    ),
  )
  .route(
    '/',
    readRoute(
      '/:company/:id',
      {
        tags,
        summary: 'Un cliente con sus cuentas: { statusCode, data: Cliente | null }',
        answer: dataAnswer(v.nullable(Cliente)),
        access: reading,
        params: OnePath,
      },
      async (c, { params }) => {
        const { db, files, now } = c.get('deps');
        const row = await repo.findClientRow(db, c.get('session').company, params.id);
        return { statusCode: 200, data: row ? await repo.toWire(db, files, now(), row) : null };
      },
    ),
  )
  .post(
    '/:company',
    describeRoute({
      tags,
      security,
      summary:
        'Crea un cliente con el IdCliente hecho en el dispositivo y su logo; con Tipo 2 (spec: tiene cuenta) también su cuenta, desde su correo (rol y contraseña temporal del formulario). Sin logo muestra el predeterminado. 409 RUT_EN_USO, CORREO_EN_USO, NOMBRE_USUARIO_EN_USO. { statusCode, message, data, CorreoEnviado }',
      responses: answers(ClienteCreated, 'Cliente creado, y si se envió el correo de su cuenta'),
    }),
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'crear', CompanyPath), { kind: 'json', schema: ClienteCreateBodySchema }],
      run: async (call, input) => {
        const { Logo, IdRol, NombreUsuario, ContrasenaTemporal, ...fields } = input.body as v.InferOutput<typeof ClienteCreateBodySchema>;
        const result = await inOfficeWrite(call, async (write) => {
          if (await repo.clientIdTaken(write.db, fields.IdCliente)) throw new HttpError(409, CLIENTES_MESSAGES.notFound, 'CONFLICTO');
          if (await repo.rutTaken(write.db, write.company, fields.RutCliente))
            throw new HttpError(409, CLIENTES_MESSAGES.rutInUse, 'RUT_EN_USO');
          const party = {
            kind: 'cliente' as const,
            key: fields.IdCliente,
            Nombre: fields.Nombre,
            Correo: fields.Correo,
            Rut: fields.RutCliente,
          };
          const account =
            fields.Tipo === PARTY_ACCOUNT.conCuenta
              ? await createPartyAccount(write, party, { IdRol, NombreUsuario, ContrasenaTemporal }, CLIENTES_MESSAGES.roleNotFound)
              : null;
          const LogoArchivo = Logo ? await storeInlineImage(write.files, write.company, Logo, write.now) : null;
          await write.db
            .insertInto('clientes')
            .values({
              ...fields,
              IdEmpresa: write.company,
              LogoArchivo,
              Estado: 1,
              IdUsuario: account?.IdUsuario ?? null,
              Version: 1,
              CreadoEn: write.now.toISOString(),
            })
            .execute();
          const changes = fieldChanges(
            null,
            { ...fields, Tipo: fields.Tipo === PARTY_ACCOUNT.conCuenta ? 'Sí' : 'No', Logo: LogoArchivo ? 'Cargado' : '' },
            LABELS,
          );
          await recordAudit(
            write.db,
            {
              company: write.company,
              author: write.author,
              entity: 'cliente',
              id: fields.IdCliente,
              name: fields.Nombre,
              action: 'crear',
              changes,
            },
            write.now,
          );
          return { data: await clientOf(write, fields.IdCliente), account };
        });
        const message = result.account?.mailFailed
          ? `${CLIENTES_MESSAGES.created} ${ACCOUNT_MESSAGES.mailFailed}`
          : CLIENTES_MESSAGES.created;
        return {
          status: 200,
          body: {
            statusCode: 200,
            message,
            data: result.data,
            CorreoEnviado: result.account?.CorreoEnviado ?? false,
          } satisfies v.InferOutput<typeof ClienteCreated>,
        };
      },
    }),
  )
  .put(
    '/:company/:id',
    describeRoute({
      tags,
      security,
      summary: 'Edita los datos y el logo de un cliente (solo lo cambiado). 409 RUT_EN_USO',
      responses: answers(ClienteSaved, 'Cliente actualizado'),
    }),
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'editar', OnePath), { kind: 'json', schema: ClienteUpdateBodySchema }],
      run: async (call, input) => {
        const { Logo, ...fields } = input.body as v.InferOutput<typeof ClienteUpdateBodySchema>;
        const { id } = input.params as v.InferOutput<typeof OnePath>;
        const data = await inOfficeWrite(call, async (write) => {
          const current = await repo.findClientRow(write.db, write.company, id);
          if (!current) throw new HttpError(404, CLIENTES_MESSAGES.notFound);
          const changed = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
          if (changed.RutCliente !== undefined && (await repo.rutTaken(write.db, write.company, String(changed.RutCliente), id)))
            throw new HttpError(409, CLIENTES_MESSAGES.rutInUse, 'RUT_EN_USO');
          const LogoArchivo = Logo ? await storeInlineImage(write.files, write.company, Logo, write.now) : undefined;
          await write.db
            .updateTable('clientes')
            .set((eb) => ({ ...changed, ...(LogoArchivo ? { LogoArchivo } : {}), Version: eb('Version', '+', 1) }))
            .where('IdCliente', '=', id)
            .where('IdEmpresa', '=', write.company)
            .execute();
          const changes = fieldChanges(
            { ...current, Logo: current.LogoArchivo ? 'Cargado' : '' },
            { ...changed, ...(LogoArchivo ? { Logo: 'Cambiado' } : {}) },
            LABELS,
          );
          if (changes.length)
            await recordAudit(
              write.db,
              {
                company: write.company,
                author: write.author,
                entity: 'cliente',
                id,
                name: fields.Nombre ?? current.Nombre,
                action: 'editar',
                changes,
              },
              write.now,
            );
          return clientOf(write, id);
        });
        return saved(CLIENTES_MESSAGES.updated, data satisfies v.InferOutput<typeof Cliente>);
      },
    }),
  );
