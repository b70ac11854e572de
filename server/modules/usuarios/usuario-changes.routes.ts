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
import { inOfficeWrite, officeChecks, type OfficeWrite } from '#server/records/office-write.ts';
import { forgetMainAccount } from '#server/records/office-parties.ts';
import { answers } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { type CommandAnswer, type CommandCall, commandHandlers, saved } from '#server/commands/command.ts';
import { InactiveDaysSaved, type Usuario, UsuarioSaved } from './usuarios.answers.ts';
import * as repo from './usuarios.repo.ts';
import { auditView, UserIdParam, userChanges, userOf, withMailWarning } from './usuarios.rules.ts';

const tags = ['usuarios'];
const security = [{ bearerAuth: [] }];
const ROUTE = '/usuarios';
const CompanyPath = v.object({ company: v.string() });
const DeletePath = v.object({ IdUsuario: UserIdParam });

async function existing(write: OfficeWrite, id: number) {
  const current = await repo.findUserRow(write.db, write.company, id);
  if (!current) throw new HttpError(404, USUARIOS_MESSAGES.notFound);
  return current;
}

/** Enabled or disabled (spec: the identity provider's enable and disable); never oneself, never the last administrator. */
function enabling(enable: boolean, run: (call: CommandCall, IdUsuario: number) => Promise<CommandAnswer>) {
  return [
    describeRoute({
      tags,
      security,
      summary: enable
        ? 'Habilita a un usuario: vuelve a poder iniciar sesión. { IdUsuario }'
        : 'Deshabilita a un usuario: no inicia sesión y su sesión abierta deja de valer en su próxima petición; nunca a uno mismo ni al último administrador (409). { IdUsuario }',
      responses: answers(UsuarioSaved, enable ? 'Usuario habilitado' : 'Usuario deshabilitado'),
    }),
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'editar', CompanyPath), { kind: 'json', schema: UsuarioIdBodySchema }],
      run: (call, input) => run(call, (input.body as v.InferOutput<typeof UsuarioIdBodySchema>).IdUsuario),
    }),
  ] as const;
}

/** Mounted under the users' routes, which check the session. */
export const usuarioChangesRoutes = new Hono<AppEnv>()
  .put(
    '/desactivar/:company',
    ...enabling(false, async (call, IdUsuario) => {
      if (IdUsuario === call.session.userId) throw new HttpError(409, USUARIOS_MESSAGES.selfDisable, 'USUARIO_PROPIO');
      const user = await inOfficeWrite(call, async (write) => {
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
      return saved(USUARIOS_MESSAGES.disabled, user satisfies v.InferOutput<typeof Usuario>);
    }),
  )
  .put(
    '/activar/:company',
    ...enabling(true, async (call, IdUsuario) => {
      const user = await inOfficeWrite(call, async (write) => {
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
      return saved(USUARIOS_MESSAGES.enabled, user satisfies v.InferOutput<typeof Usuario>);
    }),
  )
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
    ...commandHandlers({
      // No company in the path: nothing to check against the token's.
      checks: [{ kind: 'param', schema: DeletePath }, ...officeChecks(ROUTE, 'eliminar')],
      run: async (call, input) => {
        const { IdUsuario } = input.params as v.InferOutput<typeof DeletePath>;
        if (IdUsuario === call.session.userId) throw new HttpError(409, USUARIOS_MESSAGES.selfDelete, 'USUARIO_PROPIO');
        await inOfficeWrite(call, async (write) => {
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
        return { status: 200, body: { statusCode: 200, message: USUARIOS_MESSAGES.deleted } satisfies MessageAnswer };
      },
    }),
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
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'editar'), { kind: 'json', schema: DiasInactivosBodySchema }],
      run: async (call, input) => {
        const { IdUsuario, Fechas } = input.body as v.InferOutput<typeof DiasInactivosBodySchema>;
        await inOfficeWrite(call, async (write) => {
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
        return saved(USUARIOS_MESSAGES.inactiveDaysSaved, Fechas satisfies v.InferOutput<typeof InactiveDaysSaved>['data']);
      },
    }),
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
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'editar', CompanyPath), { kind: 'json', schema: UsuarioPasswordBodySchema }],
      run: async (call, input) => {
        const { IdUsuario, ContrasenaTemporal } = input.body as v.InferOutput<typeof UsuarioPasswordBodySchema>;
        const result = await inOfficeWrite(call, async (write) => {
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
        return {
          status: 200,
          body: {
            statusCode: 200,
            message: withMailWarning(USUARIOS_MESSAGES.passwordReset, result.mailFailed),
            CorreoEnviado: result.CorreoEnviado,
          } satisfies v.InferOutput<typeof PasswordSentAnswerSchema>,
        };
      },
    }),
  );
