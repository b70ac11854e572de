import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { ACCOUNT_MESSAGES, PasswordSentAnswerSchema } from '#sync/schemas/accounts.schema.ts';
import { type MessageAnswer, MessageAnswerSchema } from '#sync/schemas/answers.schema.ts';
import {
  CONTRATISTAS_MESSAGES,
  EmpresaContratistaIdParamSchema,
  EmpresaContratistaIdBodySchema,
  EmpresaContratistaPasswordBodySchema,
} from '#sync/schemas/empresa-contratistas.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { deleteAccounts, resetAccountPassword } from '#server/records/office-accounts.ts';
import { recordAudit, wasDeleted } from '#server/records/office-audit-log.ts';
import { inOfficeWrite, officeChecks, type OfficeWrite } from '#server/records/office-write.ts';
import { partyAccountIds } from '#server/records/office-party-accounts.ts';
import { answers } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { endEverySession } from '#server/tenancy/session-state.ts';
import { partyAccounts } from '#server/records/office-parties.ts';
import { type EmpresaContratista, EmpresaContratistaSaved } from './empresa-contratistas.answers.ts';
import * as repo from './empresa-contratistas.repo.ts';
import { type CommandAnswer, type CommandCall, commandHandlers, saved } from '#server/commands/command.ts';

const tags = ['empresa-contratistas'];
const security = [{ bearerAuth: [] }];
const ROUTE = '/empresa-contratistas';
const CompanyPath = v.object({ company: v.string() });
const OnePath = v.object({ company: v.string(), id: EmpresaContratistaIdParamSchema });

async function existing(write: OfficeWrite, id: string) {
  const current = await repo.findContractor(write.db, write.company, id);
  if (!current) throw new HttpError(404, CONTRATISTAS_MESSAGES.notFound);
  return current;
}

const stateSummary = {
  1: 'Activa una empresa contratista (Estado 1): sus usuarios vuelven a iniciar sesión. { IdEmpresaContratista }',
  2: 'Desactiva una empresa contratista (Estado 2): sus usuarios no inician sesión (se les dice por qué) y sus sesiones abiertas dejan de valer en su próxima petición. { IdEmpresaContratista }',
};

/** Spec Estado: 1 active, 2 deactivated. A deactivated one's users cannot sign in, and are told why. */
async function changeState(call: CommandCall, id: string, estado: 1 | 2): Promise<CommandAnswer> {
  const data = await inOfficeWrite(call, async (write) => {
    const current = await existing(write, id);
    if (current.Estado !== estado) {
      await write.db
        .updateTable('empresas_contratistas')
        .set((eb) => ({ Estado: estado, Version: eb('Version', '+', 1) }))
        .where('IdEmpresaContratista', '=', id)
        .execute();
      // SPEC SE3: its users' sessions end, and do not come back if it is activated again.
      if (estado === 2)
        await endEverySession(write.db, {
          usuarios: (await partyAccounts(write.db, write.company, { contractorRut: current.RutCompleto }, null)).map(
            (user) => user.IdUsuario,
          ),
        });
      await recordAudit(
        write.db,
        {
          company: write.company,
          author: write.author,
          entity: 'empresa_contratista',
          id,
          name: current.Nombre,
          action: estado === 1 ? 'activar' : 'desactivar',
        },
        write.now,
      );
    }
    return repo.toWire(write.db, write.files, write.now, (await repo.findContractor(write.db, write.company, id))!);
  });
  const message = estado === 1 ? CONTRATISTAS_MESSAGES.activated : CONTRATISTAS_MESSAGES.deactivated;
  return saved(message, data satisfies v.InferOutput<typeof EmpresaContratista>);
}

/** Mounted under the contractor companies' routes, which check the session. */
export const contractorStateRoutes = new Hono<AppEnv>()
  .put(
    '/contratistas/desactivar/:company',
    describeRoute({
      tags,
      security,
      summary: stateSummary[2],
      responses: answers(EmpresaContratistaSaved, 'Empresa contratista desactivada'),
    }),
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'editar', CompanyPath), { kind: 'json', schema: EmpresaContratistaIdBodySchema }],
      run: (call, input) => changeState(call, (input.body as v.InferOutput<typeof EmpresaContratistaIdBodySchema>).IdEmpresaContratista, 2),
    }),
  )
  .put(
    '/contratistas/activar/:company',
    describeRoute({
      tags,
      security,
      summary: stateSummary[1],
      responses: answers(EmpresaContratistaSaved, 'Empresa contratista activada'),
    }),
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'editar', CompanyPath), { kind: 'json', schema: EmpresaContratistaIdBodySchema }],
      run: (call, input) => changeState(call, (input.body as v.InferOutput<typeof EmpresaContratistaIdBodySchema>).IdEmpresaContratista, 1),
    }),
  )
  .post(
    '/contratistas/restablecer_contrasena/:company',
    describeRoute({
      tags,
      security,
      summary:
        'Nueva contraseña temporal de la cuenta principal de una empresa contratista, por correo: { IdEmpresaContratista, ContrasenaTemporal }. 409 ' +
          'SIN_CUENTA si no tiene',
      responses: answers(PasswordSentAnswerSchema, 'Contraseña restablecida, y si se envió el correo'),
    }),
    ...commandHandlers({
      checks: [...officeChecks(ROUTE, 'editar', CompanyPath), { kind: 'json', schema: EmpresaContratistaPasswordBodySchema }],
      run: async (call, input) => {
        const { IdEmpresaContratista, ContrasenaTemporal } = input.body as v.InferOutput<typeof EmpresaContratistaPasswordBodySchema>;
        const result = await inOfficeWrite(call, async (write) => {
          const current = await existing(write, IdEmpresaContratista);
          const account =
            current.IdUsuario === null
              ? undefined
              : await write.db.selectFrom('usuarios').selectAll().where('IdUsuario', '=', current.IdUsuario).executeTakeFirst();
          if (!account) throw new HttpError(409, CONTRATISTAS_MESSAGES.withoutAccount, 'SIN_CUENTA');
          const sent = await resetAccountPassword(write, account, ContrasenaTemporal);
          await recordAudit(
            write.db,
            {
              company: write.company,
              author: write.author,
              entity: 'empresa_contratista',
              id: IdEmpresaContratista,
              name: current.Nombre,
              action: 'restablecer_contrasena',
            },
            write.now,
          );
          return sent;
        });
        const message = result.mailFailed
          ? `${CONTRATISTAS_MESSAGES.passwordReset} ${ACCOUNT_MESSAGES.mailFailed}`
          : CONTRATISTAS_MESSAGES.passwordReset;
        return {
          status: 200,
          body: { statusCode: 200, message, CorreoEnviado: result.CorreoEnviado } satisfies v.InferOutput<typeof PasswordSentAnswerSchema>,
        };
      },
    }),
  )
  .delete(
    '/delete/:company/:id',
    describeRoute({
      tags,
      security,
      summary:
        'Elimina una empresa contratista y las cuentas de sus usuarios (spec); 409 CONTRATISTA_CON_TRABAJADORES si tiene trabajadores activos ' +
          '(desactívala). Eliminar de nuevo responde 200',
      responses: answers(MessageAnswerSchema, 'Empresa contratista eliminada'),
    }),
    ...commandHandlers({
      checks: officeChecks(ROUTE, 'eliminar', OnePath),
      run: async (call, input) => {
        const { id } = input.params as v.InferOutput<typeof OnePath>;
        const { records } = call.deps;
        await inOfficeWrite(call, async (write) => {
          const current = await repo.findContractor(write.db, write.company, id);
          if (!current) {
            if (await wasDeleted(write.db, write.company, 'empresa_contratista', id)) return;
            throw new HttpError(404, CONTRATISTAS_MESSAGES.notFound);
          }
          const workers = await records.trabajadores.listActive(write.db, write.company, { kind: 'contratista', rut: current.RutCompleto });
          if (workers.length > 0) throw new HttpError(409, CONTRATISTAS_MESSAGES.hasWorkers, 'CONTRATISTA_CON_TRABAJADORES');
          await deleteAccounts(
            write.db,
            write.company,
            await partyAccountIds(write.db, write.company, { contractorRut: current.RutCompleto }),
          );
          await write.db.deleteFrom('empresas_contratistas').where('IdEmpresaContratista', '=', id).execute();
          const changes = [{ Campo: 'RUT', Antes: current.RutCompleto, Despues: '' }];
          await recordAudit(
            write.db,
            {
              company: write.company,
              author: write.author,
              entity: 'empresa_contratista',
              id,
              name: current.Nombre,
              action: 'eliminar',
              changes,
            },
            write.now,
          );
        });
        return { status: 200, body: { statusCode: 200, message: CONTRATISTAS_MESSAGES.deleted } satisfies MessageAnswer };
      },
    }),
  );
