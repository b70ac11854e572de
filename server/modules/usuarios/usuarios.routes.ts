import { personName } from '#sync/domain/person-name.ts';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { dataAnswer } from '#sync/schemas/answers.schema.ts';
import {
  UsuarioCreateBodySchema,
  UsuarioListasSchema,
  USUARIOS_MESSAGES,
  UsuariosQuerySchema,
  UsuarioUpdateBodySchema,
} from '#sync/schemas/usuarios.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { createAccount, keepAnAdministrator, markReadsChanged } from '#server/records/office-accounts.ts';
import { recordAudit } from '#server/records/office-audit-log.ts';
import { inOfficeWrite, officeChecks } from '#server/records/office-write.ts';
import { activeParties } from '#server/records/office-parties.ts';
import { storeInlineImage } from '#server/files/inline-image.ts';
import { answers } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { readRoute } from '#server/http/read-route.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { companyUsersOnly, requireSession } from '#server/tenancy/require-session.ts';
import { usuarioChangesRoutes } from './usuario-changes.routes.ts';
import { auditoriaRoutes } from './usuarios-lists.routes.ts';
import * as repo from './usuarios.repo.ts';
import { Usuario, UsuarioCreated, UsuarioSaved } from './usuarios.answers.ts';
import { commandHandlers, saved } from '#server/commands/command.ts';
import { changeWorksites } from './worksite-scope.ts';
import { auditView, checkUser, checkWorksites, UserIdParam, userChanges, userOf, withKindParty, withMailWarning } from './usuarios.rules.ts';

const tags = ['usuarios'];
const security = [{ bearerAuth: [] }];
const ROUTE = '/usuarios';
const can = permissionsOf(ROUTE);

const OnePath = v.object({ company: v.string(), id: UserIdParam });
/** Who reads users: Ver on Usuarios, and only the company's own users. */
const reading = [can('index'), companyUsersOnly] as const;
const listUsers = (c: Context<AppEnv>, filter: { only?: number; search?: string }) =>
  repo.listUsers(c.get('deps'), c.get('deps').db, c.get('session').company, filter);

/**
 * Users (spec: GET usuarios/{company}, POST and PUT usuarios, dias_inactivos): the company's own users and its
 * contractors' and clients'. Enabling, disabling, deleting, passwords and inactive days: usuario-changes.routes.ts.
 */
export const usuariosRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .route('/', usuarioChangesRoutes)
  .route('/', auditoriaRoutes)
  .route(
    '/',
    readRoute(
      '/listas/:company',
      {
        tags,
        summary:
          'Opciones del formulario de usuario: roles activos, empresas contratistas y clientes activos, faenas (niveles 2 y 3 activos). ' +
            '{ statusCode, data: { roles, contratistas, clientes, faenas } }',
        answer: dataAnswer(UsuarioListasSchema),
        access: reading,
      },
      async (c) => {
        const { db } = c.get('deps');
        const company = c.get('session').company;
        const roles = await db
          .selectFrom('roles')
          .select(['IdRol', 'NombreRol'])
          .where('IdEmpresa', '=', company)
          .where('Estado', '=', 1)
          .orderBy('NombreRol')
          .execute();
        const faenas = await repo.worksiteChoices(db, company);
        return { statusCode: 200, data: { roles, ...(await activeParties(db, company)), faenas } };
      },
    ),
  )
  .route(
    '/',
    readRoute(
      '/one/:company/:id',
      {
        tags,
        summary: 'Un usuario: { statusCode, data: Usuario | null }',
        answer: dataAnswer(v.nullable(Usuario)),
        access: reading,
        params: OnePath,
      },
      async (c, { params }) => ({ statusCode: 200, data: (await listUsers(c, { only: params.id }))[0] ?? null }),
    ),
  )
  .route(
    '/',
    readRoute(
      '/dias_inactivos/:company/:id',
      {
        tags,
        summary: 'Días hábiles inactivos de un usuario (AAAA-MM-DD): { statusCode, data: string[] }, data null si el usuario no existe',
        answer: dataAnswer(v.nullable(v.array(v.string()))),
        access: reading,
        params: OnePath,
      },
      async (c, { params }) => {
        const { db } = c.get('deps');
        const company = c.get('session').company;
        if (!(await repo.findUserRow(db, company, params.id))) return { statusCode: 200, data: null };
        return { statusCode: 200, data: await repo.inactiveDays(db, company, params.id) };
      },
    ),
  )
  .route(
    '/',
    readRoute(
      '/:company',
      {
        tags,
        summary:
          'Usuarios de la empresa (también los de sus contratistas y clientes), por apellido; ?Buscar (nombre, correo, usuario o RUT). { statusCode, ' +
            'data: Usuario[] }',
        answer: dataAnswer(v.array(Usuario)),
        access: reading,
        query: UsuariosQuerySchema,
      },
      async (c, { query }) => ({ statusCode: 200, data: await listUsers(c, { search: query.Buscar }) }),
    ),
  )
  .post(
    '/',
    describeRoute({
      tags,
      security,
      summary:
        'Crea un usuario con la contraseña temporal hecha en el dispositivo del administrador: se le envía por correo (o queda en el buzón local sin SMTP) y debe cambiarla al iniciar sesión. Sin foto muestra el avatar predeterminado. 409 CORREO_EN_USO, NOMBRE_USUARIO_EN_USO o RUT_EN_USO. { statusCode, message, data: Usuario, CorreoEnviado }',
      responses: answers(UsuarioCreated, 'Usuario creado, y si se le envió el correo'),
    }),
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'crear'), { kind: 'json', schema: UsuarioCreateBodySchema }],
      run: async (call, input) => {
        const { Avatar, ContrasenaTemporal, Sistemas, Faenas, ...fields } = input.body as v.InferOutput<typeof UsuarioCreateBodySchema>;
        const result = await inOfficeWrite(call, async (write) => {
          const user = withKindParty(fields);
          const roleName = await checkUser(write, user);
          await checkWorksites(write, Faenas);
          const AvatarArchivo = Avatar ? await storeInlineImage(write.files, write.company, Avatar, write.now) : null;
          const made = await createAccount(write, { ...user, Sistemas, AvatarArchivo, ContrasenaTemporal });
          if (Faenas.length) await repo.setWorksites(write.db, made.IdUsuario, Faenas);
          const changes = userChanges(null, auditView({ ...user, Sistemas, Foto: AvatarArchivo ? 'Cargada' : '' }, roleName));
          await recordAudit(
            write.db,
            {
              company: write.company,
              author: write.author,
              entity: 'usuario',
              id: made.IdUsuario,
              name: personName(user),
              action: 'crear',
              changes,
            },
            write.now,
          );
          return { ...made, user: await userOf(write, made.IdUsuario) };
        });
        return {
          status: 200,
          body: {
            statusCode: 200,
            message: withMailWarning(USUARIOS_MESSAGES.created, result.mailFailed),
            data: result.user,
            CorreoEnviado: result.CorreoEnviado,
          } satisfies v.InferOutput<typeof UsuarioCreated>,
        };
      },
    }),
  )
  .put(
    '/',
    describeRoute({
      tags,
      security,
      summary:
        'Edita un usuario: IdUsuario y solo los campos cambiados. Un cambio de rol, tipo, contratista o cliente rige desde su próxima petición y sus dispositivos vuelven a descargar lo que puede leer (SPEC PL11); nunca deja a la empresa sin administrador (409 ULTIMO_ADMINISTRADOR)',
      responses: answers(UsuarioSaved, 'Usuario actualizado'),
    }),
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'editar'), { kind: 'json', schema: UsuarioUpdateBodySchema }],
      run: async (call, input) => {
        const { IdUsuario, Avatar, Sistemas, Faenas, ...sent } = input.body as v.InferOutput<typeof UsuarioUpdateBodySchema>;
        const changed = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined));
        const user = await inOfficeWrite(call, async (write) => {
          const current = await repo.findUserRow(write.db, write.company, IdUsuario);
          if (!current) throw new HttpError(404, USUARIOS_MESSAGES.notFound);
          const merged = withKindParty({ ...current, Tipo: current.Tipo as 'empresa', ...changed });
          const roleName = await checkUser(write, merged, IdUsuario);
          const previousSystems = await repo.systemsOf(write.db, IdUsuario);
          const AvatarArchivo = Avatar ? await storeInlineImage(write.files, write.company, Avatar, write.now) : undefined;
          const {
            RunPersona,
            NombreUsuario,
            Nombres,
            ApellidoPaterno,
            ApellidoMaterno,
            CorreoElectronicoPersona,
            TelefonoPersona,
            FechaNacimiento,
            IdRol,
            Tipo,
            IdContratista,
            IdCliente,
          } = merged;
          await write.db
            .updateTable('usuarios')
            .set((eb) => ({
              ...{
                RunPersona,
                NombreUsuario,
                Nombres,
                ApellidoPaterno,
                ApellidoMaterno,
                CorreoElectronicoPersona,
                TelefonoPersona,
                FechaNacimiento,
                IdRol,
                Tipo,
                IdContratista,
                IdCliente,
              },
              ...(AvatarArchivo ? { AvatarArchivo } : {}),
              Version: eb('Version', '+', 1),
            }))
            .where('IdUsuario', '=', IdUsuario)
            .execute();
          if (Sistemas) await repo.replaceSystems(write.db, IdUsuario, Sistemas);
          // PL13, PL15: new worksites change what the user's devices hold, as a new role does (PL11), unless only widened.
          const scope = Faenas === undefined ? 'iguales' : await changeWorksites(write, current, Faenas);
          const party = current.IdContratista !== IdContratista || current.IdCliente !== IdCliente;
          const access = scope === 'cambiadas' || party || current.IdRol !== IdRol || current.Tipo !== Tipo;
          if (access) {
            await keepAnAdministrator(write.db, write.company, USUARIOS_MESSAGES.lastAdminRole);
            await markReadsChanged(write, { user: IdUsuario });
          }
          const previousRole = await write.db.selectFrom('roles').select('NombreRol').where('IdRol', '=', current.IdRol).executeTakeFirst();
          const before = auditView(
            { ...current, Sistemas: previousSystems, Foto: current.AvatarArchivo ? 'Cargada' : '' },
            previousRole?.NombreRol,
          );
          const after = auditView(
            {
              ...changed,
              ...(changed.Tipo !== undefined ? { IdContratista, IdCliente } : {}),
              ...(Sistemas ? { Sistemas } : {}),
              ...(AvatarArchivo ? { Foto: 'Cambiada' } : {}),
              Tipo: changed.Tipo as 'empresa' | undefined,
            },
            changed.IdRol !== undefined ? roleName : undefined,
          );
          const changes = userChanges(before, after);
          if (changes.length)
            await recordAudit(
              write.db,
              {
                company: write.company,
                author: write.author,
                entity: 'usuario',
                id: IdUsuario,
                name: personName(merged),
                action: 'editar',
                changes,
              },
              write.now,
            );
          return userOf(write, IdUsuario);
        });
        return saved(USUARIOS_MESSAGES.updated, user satisfies v.InferOutput<typeof Usuario>);
      },
    }),
  );
