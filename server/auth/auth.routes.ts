import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import {
  AUTH_CODES,
  AUTH_MESSAGES,
  ChangePasswordBodySchema,
  CompanyStatusSchema,
  LoginBodySchema,
  RecoveryConfirmBodySchema,
  RecoveryRequestBodySchema,
} from '#sync/schemas/auth.schema.ts';
import * as v from 'valibot';
import { MessageAnswerSchema } from '#sync/schemas/answers.schema.ts';
import { RutSchema } from '#sync/schemas/common.schema.ts';
import {
  LoginChallengeSchema,
  LoginSuccessSchema,
  PasswordChangeSuccessSchema,
  SessionSchema,
} from '#sync/schemas/session-answer.schema.ts';
import type { AppEnv } from '../app-env.ts';
import { answers, named } from '../http/api-answers.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError } from '../http/http-error.ts';
import { validate } from '../http/validation.ts';
import { publicCall, sessionOnly } from '../tenancy/permit.ts';
import { requireSession } from '../tenancy/require-session.ts';
import { writeHistory } from '../tenancy/auth-audit.ts';
import { findUser } from '../tenancy/users.repo.ts';
import { closeSession } from '../tenancy/session-state.ts';
import * as auth from './auth.service.ts';
import * as recovery from './password-recovery.service.ts';

const tags = ['auth'];
const LoginAnswer = v.union([named('InicioSesion', LoginSuccessSchema), named('DesafioContrasena', LoginChallengeSchema)]);

export const authRoutes = new Hono<AppEnv>()
  .post(
    '/estado-empresa',
    describeRoute({
      tags,
      summary: 'Estado de la empresa antes de iniciar sesión (0 no registrada, 1 activa, 2 suspendida)',
      responses: answers(CompanyStatusSchema, 'Estado y contacto de soporte'),
    }),
    publicCall(),
    validate('json', v.object({ RutEmpresa: RutSchema })),
    async (c) => c.json(await auth.companyStatus(c.get('deps'), c.req.valid('json').RutEmpresa)),
  )
  .post(
    '/login',
    describeRoute({
      tags,
      summary: 'Inicia sesión de empresa: token, usuario, empresa, sistemas y permisos; o el desafío de cambio de contraseña',
      responses: answers(LoginAnswer, 'La sesión, o el desafío de cambio de contraseña'),
    }),
    publicCall(),
    validate('json', LoginBodySchema),
    async (c) => c.json(await auth.signIn(c.get('deps'), c.req.valid('json'), clientAddress(c))),
  )
  .post(
    '/cambiar-contrasena',
    describeRoute({
      tags,
      summary:
        'Cambio obligatorio de contraseña en el primer inicio de sesión: { statusCode, message } y la sesión que abre, como la del inicio de sesión (token, usuario, empresa, sistemas y permisos), emitida después del cambio (SPEC SE3)',
      responses: answers(PasswordChangeSuccessSchema, 'Contraseña cambiada y la sesión que abre'),
    }),
    publicCall(),
    validate('json', ChangePasswordBodySchema),
    async (c) => {
      const session = await auth.completePasswordChallenge(c.get('deps'), c.req.valid('json'));
      return c.json({ statusCode: 200, message: AUTH_MESSAGES.passwordUpdated, ...session });
    },
  )
  .post(
    '/recuperar',
    describeRoute({
      tags,
      summary: 'Envía por correo un código para recuperar la contraseña',
      responses: answers(MessageAnswerSchema, 'Código enviado'),
    }),
    publicCall(),
    validate('json', RecoveryRequestBodySchema),
    async (c) => {
      await recovery.requestRecoveryCode(c.get('deps'), c.req.valid('json'));
      return c.json({ statusCode: 200, message: AUTH_MESSAGES.recoveryCodeSent });
    },
  )
  .post(
    '/recuperar/confirmar',
    describeRoute({
      tags,
      summary: 'Restablece la contraseña con el código recibido por correo',
      responses: answers(MessageAnswerSchema, 'Contraseña restablecida'),
    }),
    publicCall(),
    validate('json', RecoveryConfirmBodySchema),
    async (c) => {
      await recovery.confirmRecovery(c.get('deps'), c.req.valid('json'), clientAddress(c));
      return c.json({ statusCode: 200, message: AUTH_MESSAGES.passwordUpdated });
    },
  )
  .get(
    '/sesion',
    describeRoute({
      tags,
      summary: 'Verifica el token guardado y devuelve la sesión vigente',
      responses: answers(named('Sesion', SessionSchema), 'La sesión vigente'),
    }),
    requireSession,
    sessionOnly(),
    async (c) => {
      const deps = c.get('deps');
      const claims = c.get('claims');
      const user = await findUser(deps.db, claims.emp, claims.sub);
      if (!user || !user.Habilitado) throw new HttpError(401, AUTH_MESSAGES.sessionInvalid, AUTH_CODES.sessionInvalid);
      return c.json(await auth.buildSession(deps, user, new Date(claims.exp * 1000)));
    },
  )
  .post(
    '/logout',
    describeRoute({
      tags,
      summary:
        'Cierra esta sesión: su token deja de valer; las otras sesiones de la persona siguen (un tablet con cambios en cola no se detiene)',
      responses: answers(MessageAnswerSchema, 'Sesión cerrada'),
    }),
    requireSession,
    sessionOnly(),
    async (c) => {
      const deps = c.get('deps');
      const claims = c.get('claims');
      await closeSession(deps.db, claims);
      const user = await findUser(deps.db, claims.emp, claims.sub);
      await writeHistory(
        deps.db,
        {
          Usuario: user?.CorreoElectronicoPersona ?? String(claims.sub),
          IdEmpresa: claims.emp,
          Origen: 'logout',
          Texto: 'Cierre de sesión',
        },
        deps.now(),
      );
      return c.json({ statusCode: 200, message: AUTH_MESSAGES.signedOut });
    },
  );
