import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { ACCOUNT_MESSAGES, PasswordSentAnswerSchema } from '#sync/schemas/accounts.schema.ts';
import { type MessageAnswer, MessageAnswerSchema } from '#sync/schemas/answers.schema.ts';
import { ClienteIdBodySchema, ClienteIdSchema, CLIENTES_MESSAGES, ClientePasswordBodySchema } from '#sync/schemas/clientes.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { deleteAccounts, resetAccountPassword } from '#server/records/office-accounts.ts';
import { recordAudit, wasDeleted } from '#server/records/office-audit-log.ts';
import { inOfficeWrite, officeChecks, type OfficeWrite } from '#server/records/office-write.ts';
import { partyAccountIds } from '#server/records/office-party-accounts.ts';
import { answers } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { endEverySession } from '#server/tenancy/session-state.ts';
import { partyAccounts } from '#server/records/office-parties.ts';
import { type Cliente, ClienteSaved } from './clientes.answers.ts';
import * as repo from './clientes.repo.ts';
import { type CommandAnswer, type CommandCall, commandHandlers, saved } from '#server/commands/command.ts';

const tags = ['clientes'];
const security = [{ bearerAuth: [] }];
const ROUTE = '/clientes';
const CompanyPath = v.object({ company: v.string() });
const OnePath = v.object({ company: v.string(), id: ClienteIdSchema });

async function existing(write: OfficeWrite, id: string) {
  const current = await repo.findClientRow(write.db, write.company, id);
  if (!current) throw new HttpError(404, CLIENTES_MESSAGES.notFound);
  return current;
}

/** Spec: deactivate sets Estado 2, activate 1. A deactivated client's users cannot sign in, and are told why. */
async function changeState(call: CommandCall, id: string, estado: 1 | 2): Promise<CommandAnswer> {
  const data = await inOfficeWrite(call, async (write) => {
    const current = await existing(write, id);
    if (current.Estado !== estado) {
      await write.db
        .updateTable('clientes')
        .set((eb) => ({ Estado: estado, Version: eb('Version', '+', 1) }))
        .where('IdCliente', '=', id)
        .where('IdEmpresa', '=', write.company)
        .execute();
      // SPEC SE3: its users' sessions end, and do not come back if it is activated again.
      if (estado === 2)
        await endEverySession(write.db, {
          usuarios: (await partyAccounts(write.db, write.company, { clientId: id }, null)).map((user) => user.IdUsuario),
        });
      await recordAudit(
        write.db,
        {
          company: write.company,
          author: write.author,
          entity: 'cliente',
          id,
          name: current.Nombre,
          action: estado === 1 ? 'activar' : 'desactivar',
        },
        write.now,
      );
    }
    return repo.toWire(write.db, write.files, write.now, (await repo.findClientRow(write.db, write.company, id))!);
  });
  return saved(estado === 1 ? CLIENTES_MESSAGES.activated : CLIENTES_MESSAGES.deactivated, data satisfies v.InferOutput<typeof Cliente>);
}

/** Mounted under the clients' routes, which check the session. */
export const clientStateRoutes = new Hono<AppEnv>()
  .put(
    '/cliente/desactivar/:company',
    describeRoute({
      tags,
      security,
      summary:
        'Desactiva un cliente (Estado 2): sus usuarios no inician sesión (se les dice por qué) y sus sesiones abiertas dejan de valer. { IdCliente }',
      responses: answers(ClienteSaved, 'Cliente desactivado'),
    }),
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'editar', CompanyPath), { kind: 'json', schema: ClienteIdBodySchema }],
      run: (call, input) => changeState(call, (input.body as v.InferOutput<typeof ClienteIdBodySchema>).IdCliente, 2),
    }),
  )
  .put(
    '/cliente/activar/:company',
    describeRoute({
      tags,
      security,
      summary: 'Activa un cliente (Estado 1): sus usuarios vuelven a iniciar sesión. { IdCliente }',
      responses: answers(ClienteSaved, 'Cliente activado'),
    }),
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'editar', CompanyPath), { kind: 'json', schema: ClienteIdBodySchema }],
      run: (call, input) => changeState(call, (input.body as v.InferOutput<typeof ClienteIdBodySchema>).IdCliente, 1),
    }),
  )
  .post(
    '/cliente/restablecer_contrasena/:company',
    describeRoute({
      tags,
      security,
      summary:
        'Nueva contraseña temporal de la cuenta del cliente, por correo: { IdCliente, ContrasenaTemporal }. 409 SIN_CUENTA si no tiene',
      responses: answers(PasswordSentAnswerSchema, 'Contraseña restablecida, y si se envió el correo'),
    }),
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'editar', CompanyPath), { kind: 'json', schema: ClientePasswordBodySchema }],
      run: async (call, input) => {
        const { IdCliente, ContrasenaTemporal } = input.body as v.InferOutput<typeof ClientePasswordBodySchema>;
        const result = await inOfficeWrite(call, async (write) => {
          const current = await existing(write, IdCliente);
          const account =
            current.IdUsuario === null
              ? undefined
              : await write.db.selectFrom('usuarios').selectAll().where('IdUsuario', '=', current.IdUsuario).executeTakeFirst();
          if (!account) throw new HttpError(409, CLIENTES_MESSAGES.withoutAccount, 'SIN_CUENTA');
          const sent = await resetAccountPassword(write, account, ContrasenaTemporal);
          await recordAudit(
            write.db,
            {
              company: write.company,
              author: write.author,
              entity: 'cliente',
              id: IdCliente,
              name: current.Nombre,
              action: 'restablecer_contrasena',
            },
            write.now,
          );
          return sent;
        });
        const message = result.mailFailed
          ? `${CLIENTES_MESSAGES.passwordReset} ${ACCOUNT_MESSAGES.mailFailed}`
          : CLIENTES_MESSAGES.passwordReset;
        return {
          status: 200,
          body: { statusCode: 200, message, CorreoEnviado: result.CorreoEnviado } satisfies v.InferOutput<typeof PasswordSentAnswerSchema>,
        };
      },
    }),
  )
  .delete(
    '/:company/:id',
    describeRoute({
      tags,
      security,
      summary:
        'Elimina un cliente y las cuentas de sus usuarios (spec: también su usuario cuando Tipo es 2). Sus inspecciones conservan su IdCliente. ' +
          'Eliminar de nuevo responde 200',
      responses: answers(MessageAnswerSchema, 'Cliente eliminado'),
    }),
    ...commandHandlers({
      checks: officeChecks(ROUTE, 'eliminar', OnePath),
      run: async (call, input) => {
        const { id } = input.params as v.InferOutput<typeof OnePath>;
        await inOfficeWrite(call, async (write) => {
          const current = await repo.findClientRow(write.db, write.company, id);
          if (!current) {
            if (await wasDeleted(write.db, write.company, 'cliente', id)) return;
            throw new HttpError(404, CLIENTES_MESSAGES.notFound);
          }
          await deleteAccounts(write.db, write.company, await partyAccountIds(write.db, write.company, { clientId: id }));
          await write.db.deleteFrom('clientes').where('IdCliente', '=', id).where('IdEmpresa', '=', write.company).execute();
          await recordAudit(
            write.db,
            {
              company: write.company,
              author: write.author,
              entity: 'cliente',
              id,
              name: current.Nombre,
              action: 'eliminar',
              changes: [{ Campo: 'Nombre', Antes: current.Nombre, Despues: '' }],
            },
            write.now,
          );
        });
        return { status: 200, body: { statusCode: 200, message: CLIENTES_MESSAGES.deleted } satisfies MessageAnswer };
      },
    }),
  );
