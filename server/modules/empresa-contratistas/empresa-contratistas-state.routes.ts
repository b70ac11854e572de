import type { Context } from 'hono';
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
import { inOfficeWrite, type OfficeWrite } from '#server/records/office-write.ts';
import { partyAccountIds } from '#server/records/office-party-accounts.ts';
import { answers } from '#server/http/api-answers.ts';
import { HttpError } from '#server/http/http-error.ts';
import { validate } from '#server/http/validation.ts';
import { permissionsOf } from '#server/tenancy/permit.ts';
import { companyUsersOnly, requireOwnCompany } from '#server/tenancy/require-session.ts';
import { endEverySession } from '#server/tenancy/session-state.ts';
import { partyAccounts } from '#server/records/office-parties.ts';
import { EmpresaContratistaSaved } from './empresa-contratistas.answers.ts';
import * as repo from './empresa-contratistas.repo.ts';

const tags = ['empresa-contratistas'];
const security = [{ bearerAuth: [] }];
const can = permissionsOf('/empresa-contratistas');
const CompanyPath = v.object({ company: v.string() });

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
async function changeState(c: Context<AppEnv>, id: string, estado: 1 | 2) {
  const data = await inOfficeWrite(c, async (write) => {
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
  return c.json({
    statusCode: 200,
    message: estado === 1 ? CONTRATISTAS_MESSAGES.activated : CONTRATISTAS_MESSAGES.deactivated,
    data,
  } satisfies v.InferOutput<typeof EmpresaContratistaSaved>);
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
    validate('param', CompanyPath),
    requireOwnCompany,
    can('editar'),
    companyUsersOnly,
    validate('json', EmpresaContratistaIdBodySchema),
    (c) => changeState(c, c.req.valid('json').IdEmpresaContratista, 2),
  )
  .put(
    '/contratistas/activar/:company',
    describeRoute({
      tags,
      security,
      summary: stateSummary[1],
      responses: answers(EmpresaContratistaSaved, 'Empresa contratista activada'),
    }),
    validate('param', CompanyPath),
    requireOwnCompany,
    can('editar'),
    companyUsersOnly,
    validate('json', EmpresaContratistaIdBodySchema),
    (c) => changeState(c, c.req.valid('json').IdEmpresaContratista, 1),
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
    validate('param', CompanyPath),
    requireOwnCompany,
    can('editar'),
    companyUsersOnly,
    validate('json', EmpresaContratistaPasswordBodySchema),
    async (c) => {
      const { IdEmpresaContratista, ContrasenaTemporal } = c.req.valid('json');
      const result = await inOfficeWrite(c, async (write) => {
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
      return c.json({ statusCode: 200, message, CorreoEnviado: result.CorreoEnviado } satisfies v.InferOutput<
        typeof PasswordSentAnswerSchema
      >);
    },
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
    validate('param', v.object({ company: v.string(), id: EmpresaContratistaIdParamSchema })),
    requireOwnCompany,
    can('eliminar'),
    companyUsersOnly,
    async (c) => {
      const { id } = c.req.valid('param');
      const { records } = c.get('deps');
      await inOfficeWrite(c, async (write) => {
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
      return c.json({ statusCode: 200, message: CONTRATISTAS_MESSAGES.deleted } satisfies MessageAnswer);
    },
  );
