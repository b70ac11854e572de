import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { ROLE_MANAGEMENT } from '#sync/records/permissions.ts';
import { dataAnswer, type MessageAnswer, MessageAnswerSchema, savedAnswer } from '#sync/schemas/answers.schema.ts';
import { CatalogoGrupoSchema, RolBodySchema, ROLES_MESSAGES, RolSchema, RolUpdateBodySchema } from '#sync/schemas/roles.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { keepAnAdministrator, markReadsChanged } from '#server/records/office-accounts.ts';
import { recordAudit, wasDeleted } from '#server/records/office-audit-log.ts';
import { inOfficeWrite, officeChecks } from '#server/records/office-write.ts';
import { answers, named } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { readRoute } from '#server/http/read-route.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { companyUsersOnly, requireSession } from '#server/tenancy/require-session.ts';
import * as repo from './roles.repo.ts';
import { matrixChanges, resolveMatrix } from './roles.rules.ts';
import { commandHandlers, saved } from '#server/commands/command.ts';

const tags = ['roles'];
const security = [{ bearerAuth: [] }];
const ROUTE = '/roles';
const can = permissionsOf(ROUTE);

const CompanyPath = v.object({ company: v.string() });
const RoleId = v.pipe(v.string(), v.regex(/^\d{1,12}$/, ROLES_MESSAGES.notFound), v.transform(Number));
const OnePath = v.object({ company: v.string(), id: RoleId });
const UpdatePath = v.object({ company: v.string(), IdRol: RoleId });

const Rol = named('Rol', RolSchema);
const RolSaved = savedAnswer(Rol);
/** Who reads roles: Ver on Roles, and only the company's own users. */
const reading = [can('index'), companyUsersOnly] as const;

const notFound = () => new HttpError(404, ROLES_MESSAGES.notFound);

/** Roles (spec: roles/all, permisos, one, post, put, delete): a name and a matrix of routes against actions. */
export const rolesRoutes = new Hono<AppEnv>()
  .use(requireSession)
  .route(
    '/',
    readRoute(
      '/all/:company',
      {
        tags,
        summary:
          'Roles activos de la empresa con su matriz de permisos, cuántos usuarios tiene cada uno y si administra (Ver y Editar en Roles): { ' +
            'statusCode, data: Rol[] }',
        answer: dataAnswer(v.array(Rol)),
        access: reading,
      },
      async (c) => ({ statusCode: 200, data: await repo.listRoles(c.get('deps').db, c.get('session').company) }),
    ),
  )
  .route(
    '/',
    readRoute(
      '/permisos/:company',
      {
        tags,
        summary:
          'La matriz de un rol: cada grupo, módulo y submódulo del producto (ruta, posición, sistema) con las acciones que ofrece: index (Ver), crear, ' +
            'editar, eliminar, y aprobar, cerrar o despachar donde una llamada las exige. { statusCode, data: Grupo[] }',
        answer: dataAnswer(v.array(named('CatalogoGrupo', CatalogoGrupoSchema))),
        access: reading,
      },
      async (c) => ({ statusCode: 200, data: await repo.loadCatalogue(c.get('deps').db) }),
    ),
  )
  .route(
    '/',
    readRoute(
      '/one/:company/:id',
      {
        tags,
        summary: 'Un rol activo con su matriz: { statusCode, data: Rol | null }',
        answer: dataAnswer(v.nullable(Rol)),
        access: reading,
        params: OnePath,
      },
      async (c, { params }) => ({
        statusCode: 200,
        data: (await repo.findRole(c.get('deps').db, c.get('session').company, params.id)) ?? null,
      }),
    ),
  )
  .post(
    '/post/:company',
    describeRoute({
      tags,
      security,
      summary:
        'Crea un rol: { NombreRol, Permisos: [{ Ruta, Acciones }] }. 409 ROL_DUPLICADO si el nombre existe; 400 si una ruta o acción no existe',
      responses: answers(RolSaved, 'Rol creado'),
    }),
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'crear', CompanyPath), { kind: 'json', schema: RolBodySchema }],
      run: async (call, input) => {
        const body = input.body as v.InferOutput<typeof RolBodySchema>;
        const role = await inOfficeWrite(call, async (write) => {
          if (await repo.nameTaken(write.db, write.company, body.NombreRol))
            throw new HttpError(409, ROLES_MESSAGES.nameInUse, 'ROL_DUPLICADO');
          const grants = await resolveMatrix(write.db, body.Permisos);
          const id = await repo.insertRole(write.db, write.company, body.NombreRol);
          await repo.replacePermissions(write.db, id, grants);
          const changes = [{ Campo: 'Nombre', Antes: '', Despues: body.NombreRol }, ...matrixChanges([], grants)];
          await recordAudit(
            write.db,
            { company: write.company, author: write.author, entity: 'rol', id, name: body.NombreRol, action: 'crear', changes },
            write.now,
          );
          return (await repo.findRole(write.db, write.company, id))!;
        });
        return saved(ROLES_MESSAGES.created, role satisfies v.InferOutput<typeof Rol>);
      },
    }),
  )
  .put(
    '/put/:company/:IdRol',
    describeRoute({
      tags,
      security,
      summary: `Edita el nombre o la matriz completa de un rol; rige desde la próxima petición de sus usuarios, y sus dispositivos vuelven a descargar lo que pueden leer si eso cambió (SPEC PL11). 409 ULTIMO_ADMINISTRADOR si la empresa quedaría sin usuarios que gestionen roles (${ROLE_MANAGEMENT.route}: Ver y Editar)`,
      responses: answers(RolSaved, 'Rol actualizado'),
    }),
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'editar', UpdatePath), { kind: 'json', schema: RolUpdateBodySchema }],
      run: async (call, input) => {
        const body = input.body as v.InferOutput<typeof RolUpdateBodySchema>;
        const id = (input.params as v.InferOutput<typeof UpdatePath>).IdRol;
        const role = await inOfficeWrite(call, async (write) => {
          const current = await repo.findRole(write.db, write.company, id);
          if (!current) throw notFound();
          const changes = [];
          if (body.NombreRol !== undefined && body.NombreRol !== current.NombreRol) {
            if (await repo.nameTaken(write.db, write.company, body.NombreRol, id))
              throw new HttpError(409, ROLES_MESSAGES.nameInUse, 'ROL_DUPLICADO');
            await repo.renameRole(write.db, id, body.NombreRol);
            changes.push({ Campo: 'Nombre', Antes: current.NombreRol, Despues: body.NombreRol });
          }
          if (body.Permisos !== undefined) {
            const grants = await resolveMatrix(write.db, body.Permisos);
            changes.push(...matrixChanges(current.Permisos, grants));
            await repo.replacePermissions(write.db, id, grants);
            if (repo.readRoutes(current.Permisos) !== repo.readRoutes(grants)) await markReadsChanged(write, { role: id });
            await keepAnAdministrator(write.db, write.company, ROLES_MESSAGES.lastAdminManagement);
          }
          if (changes.length)
            await recordAudit(
              write.db,
              {
                company: write.company,
                author: write.author,
                entity: 'rol',
                id,
                name: body.NombreRol ?? current.NombreRol,
                action: 'editar',
                changes,
              },
              write.now,
            );
          return (await repo.findRole(write.db, write.company, id))!;
        });
        return saved(ROLES_MESSAGES.updated, role satisfies v.InferOutput<typeof Rol>);
      },
    }),
  )
  .delete(
    '/delete/:company/:id',
    describeRoute({
      tags,
      security,
      summary:
        'Elimina un rol sin usuarios (409 ROL_EN_USO si tiene); nunca el último rol administrador (409 ULTIMO_ADMINISTRADOR). Eliminar de nuevo responde 200',
      responses: answers(MessageAnswerSchema, 'Rol eliminado'),
    }),
    ...commandHandlers({
      checks: officeChecks(ROUTE, 'eliminar', OnePath),
      run: async (call, input) => {
        const id = (input.params as v.InferOutput<typeof OnePath>).id;
        await inOfficeWrite(call, async (write) => {
          const current = await repo.findRole(write.db, write.company, id);
          if (!current) {
            if (await wasDeleted(write.db, write.company, 'rol', id)) return;
            throw notFound();
          }
          if (current.Usuarios > 0) throw new HttpError(409, ROLES_MESSAGES.inUse, 'ROL_EN_USO');
          const roles = await repo.listRoles(write.db, write.company);
          const otherAdministrators = roles.some((role) => role.Administrador && role.IdRol !== id);
          if (current.Administrador && !otherAdministrators) throw new HttpError(409, ROLES_MESSAGES.lastAdminDelete, 'ULTIMO_ADMINISTRADOR');
          await repo.deleteRole(write.db, id);
          await recordAudit(
            write.db,
            {
              company: write.company,
              author: write.author,
              entity: 'rol',
              id,
              name: current.NombreRol,
              action: 'eliminar',
              changes: matrixChanges(current.Permisos, []),
            },
            write.now,
          );
        });
        return { status: 200, body: { statusCode: 200, message: ROLES_MESSAGES.deleted } satisfies MessageAnswer };
      },
    }),
  );
