import { personName } from '#sync/domain/person-name.ts';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { PasswordSentAnswerSchema } from '#sync/schemas/accounts.schema.ts';
import { type MessageAnswer, MessageAnswerSchema } from '#sync/schemas/answers.schema.ts';
import {
  DiasInactivosBodySchema,
  UsuarioIdBodySchema,
  UsuarioPasswordBodySchema,
  USUARIOS_MESSAGES,
} from '#sync/schemas/usuarios.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { deleteAccounts, keepAnAdministrator, resetAccountPassword } from '#server/records/office-accounts.ts';
import { recordAudit, wasDeleted } from '#server/records/office-audit-log.ts';
import { inOfficeWrite, type OfficeWrite } from '#server/records/office-write.ts';
import { forgetMainAccount } from '#server/records/office-parties.ts';
import { answers } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { validate } from '#server/http/validation.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { companyUsersOnly, requireOwnCompany } from '#server/tenancy/require-session.ts';
import { InactiveDaysSaved, UsuarioSaved } from './usuarios.answers.ts';
import * as repo from './usuarios.repo.ts';
import { auditView, UserIdParam, userChanges, userOf, withMailWarning } from './usuarios.rules.ts';

const tags = ['usuarios'];
const security = [{ bearerAuth: [] }];
const can = permissionsOf('/usuarios');
const CompanyPath = v.object({ company: v.string() });

async function existing(write: OfficeWrite, id: number) {
  const current = await repo.findUserRow(write.db, write.company, id);
  if (!current) throw new HttpError(404, USUARIOS_MESSAGES.notFound);
  return current;
}

/** Enabled or disabled (spec: the identity provider's enable and disable); never oneself, never the last administrator. */
function enabling(enable: boolean) {
  return [
    describeRoute({
      tags,
      security,
      summary: enable
        ? 'Habilita a un usuario: vuelve a poder iniciar sesión. { IdUsuario }'
        : 'Deshabilita a un usuario: no inicia sesión y su sesión abierta deja de valer en su próxima petición; nunca a uno mismo ni al último administrador (409). { IdUsuario }',
      responses: answers(UsuarioSaved, enable ? 'Usuario habilitado' : 'Usuario deshabilitado'),
    }),
    validate('param', CompanyPath),
    requireOwnCompany,
    can('editar'),
    companyUsersOnly,
    validate('json', UsuarioIdBodySchema),
  ] as const;
}

/** Mounted under the users' routes, which check the session. */
export const usuarioChangesRoutes = new Hono<AppEnv>()
  .put('/desactivar/:company', ...enabling(false), async (c) => {
    const { IdUsuario } = c.req.valid('json');
    if (IdUsuario === c.get('session').userId) throw new HttpError(409, USUARIOS_MESSAGES.selfDisable, 'USUARIO_PROPIO');
    const user = await inOfficeWrite(c, async (write) => {
      const current = await existing(write, IdUsuario);
      // SPEC SE3: a deactivated account's sessions end, and do not come back if it is enabled again.
      await write.db
        .updateTable('usuarios')
        .set((eb) => ({ Habilitado: 0, GeneracionSesion: eb('GeneracionSesion', '+', 1) }))
        .where('IdUsuario', '=', IdUsuario)
        .execute();
      await keepAnAdministrator(write.db, write.company, USUARIOS_MESSAGES.lastAdminDisable);
      if (current.Habilitado)
        await recordAudit(
          write.db,
          {
            company: write.company,
            author: write.author,
            entity: 'usuario',
            id: IdUsuario,
            name: personName(current),
            action: 'desactivar',
          },
          write.now,
        );
      return userOf(write, IdUsuario);
    });
    return c.json({ statusCode: 200, message: USUARIOS_MESSAGES.disabled, data: user } satisfies v.InferOutput<typeof UsuarioSaved>);
  })
  .put('/activar/:company', ...enabling(true), async (c) => {
    const { IdUsuario } = c.req.valid('json');
    const user = await inOfficeWrite(c, async (write) => {
      const current = await existing(write, IdUsuario);
      await write.db.updateTable('usuarios').set({ Habilitado: 1 }).where('IdUsuario', '=', IdUsuario).execute();
      if (!current.Habilitado)
        await recordAudit(
          write.db,
          { company: write.company, author: write.author, entity: 'usuario', id: IdUsuario, name: personName(current), action: 'activar' },
          write.now,
        );
      return userOf(write, IdUsuario);
    });
    return c.json({ statusCode: 200, message: USUARIOS_MESSAGES.enabled, data: user } satisfies v.InferOutput<typeof UsuarioSaved>);
  })
  .delete(
    '/:IdUsuario',
    describeRoute({
      tags,
      security,
      summary:
        'Elimina un usuario y su acceso (spec); nunca a uno mismo ni al último administrador (409). El historial conserva quién era; eliminar de nuevo ' +
          'responde 200',
      responses: answers(MessageAnswerSchema, 'Usuario eliminado'),
    }),
    validate('param', v.object({ IdUsuario: UserIdParam })),
    can('eliminar'),
    companyUsersOnly,
    async (c) => {
      const { IdUsuario } = c.req.valid('param');
      if (IdUsuario === c.get('session').userId) throw new HttpError(409, USUARIOS_MESSAGES.selfDelete, 'USUARIO_PROPIO');
      await inOfficeWrite(c, async (write) => {
        const current = await repo.findUserRow(write.db, write.company, IdUsuario);
        if (!current) {
          if (await wasDeleted(write.db, write.company, 'usuario', IdUsuario)) return;
          throw new HttpError(404, USUARIOS_MESSAGES.notFound);
        }
        const role = await write.db.selectFrom('roles').select('NombreRol').where('IdRol', '=', current.IdRol).executeTakeFirst();
        await forgetMainAccount(write.db, write.company, IdUsuario);
        await deleteAccounts(write.db, write.company, [IdUsuario]);
        await keepAnAdministrator(write.db, write.company, USUARIOS_MESSAGES.lastAdminDelete);
        const changes = userChanges(
          auditView({ ...current }, role?.NombreRol),
          auditView({ RunPersona: '', NombreUsuario: '', CorreoElectronicoPersona: '', NombreRol: '' }),
        );
        await recordAudit(
          write.db,
          {
            company: write.company,
            author: write.author,
            entity: 'usuario',
            id: IdUsuario,
            name: personName(current),
            action: 'eliminar',
            changes,
          },
          write.now,
        );
      });
      return c.json({ statusCode: 200, message: USUARIOS_MESSAGES.deleted } satisfies MessageAnswer);
    },
  )
  .post(
    '/dias_inactivos',
    describeRoute({
      tags,
      security,
      summary:
        'Registra los días hábiles inactivos de un usuario (reemplaza la lista; solo lunes a viernes): { IdUsuario, Fechas: AAAA-MM-DD[] }',
      responses: answers(InactiveDaysSaved, 'Días registrados, ordenados y sin repetir'),
    }),
    can('editar'),
    companyUsersOnly,
    validate('json', DiasInactivosBodySchema),
    async (c) => {
      const { IdUsuario, Fechas } = c.req.valid('json');
      await inOfficeWrite(c, async (write) => {
        const current = await existing(write, IdUsuario);
        const before = await repo.inactiveDays(write.db, write.company, IdUsuario);
        await repo.replaceInactiveDays(write.db, write.company, IdUsuario, Fechas);
        const changes = [{ Campo: 'Días hábiles inactivos', Antes: before.join(', '), Despues: Fechas.join(', ') }].filter(
          (change) => change.Antes !== change.Despues,
        );
        await recordAudit(
          write.db,
          {
            company: write.company,
            author: write.author,
            entity: 'usuario',
            id: IdUsuario,
            name: personName(current),
            action: 'dias_inactivos',
            changes,
          },
          write.now,
        );
      });
      return c.json({ statusCode: 200, message: USUARIOS_MESSAGES.inactiveDaysSaved, data: Fechas } satisfies v.InferOutput<
        typeof InactiveDaysSaved
      >);
    },
  )
  .post(
    '/restablecer_contrasena/:company',
    describeRoute({
      tags,
      security,
      summary:
        'Nueva contraseña temporal de un usuario (hecha en el dispositivo del administrador), por correo; la cambia al iniciar sesión: { IdUsuario, ' +
          'ContrasenaTemporal }',
      responses: answers(PasswordSentAnswerSchema, 'Contraseña restablecida, y si se envió el correo'),
    }),
    validate('param', CompanyPath),
    requireOwnCompany,
    can('editar'),
    companyUsersOnly,
    validate('json', UsuarioPasswordBodySchema),
    async (c) => {
      const { IdUsuario, ContrasenaTemporal } = c.req.valid('json');
      const result = await inOfficeWrite(c, async (write) => {
        const current = await existing(write, IdUsuario);
        const sent = await resetAccountPassword(write, current, ContrasenaTemporal);
        await recordAudit(
          write.db,
          {
            company: write.company,
            author: write.author,
            entity: 'usuario',
            id: IdUsuario,
            name: personName(current),
            action: 'restablecer_contrasena',
          },
          write.now,
        );
        return sent;
      });
      return c.json({
        statusCode: 200,
        message: withMailWarning(USUARIOS_MESSAGES.passwordReset, result.mailFailed),
        CorreoEnviado: result.CorreoEnviado,
      } satisfies v.InferOutput<typeof PasswordSentAnswerSchema>);
    },
  );
