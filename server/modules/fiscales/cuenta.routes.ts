import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { dataAnswer, type MessageAnswer, MessageAnswerSchema } from '#sync/schemas/answers.schema.ts';
import {
  FISCALES_MESSAGES,
  InspectorLoginChallengeSchema,
  InspectorLoginSuccessSchema,
  InspectorPasswordChangeSuccessSchema,
  InspectorSessionSchema,
  InspectorSettingsSchema,
  InspectorChangePasswordBodySchema,
  InspectorLoginBodySchema,
  InspectorRecoveryConfirmBodySchema,
  InspectorRecoveryRequestBodySchema,
  InspectorRegisterBodySchema,
  InspectorVerifyBodySchema,
} from '#sync/schemas/fiscales.schema.ts';
import { AUTH_MESSAGES } from '#sync/schemas/auth.schema.ts';
import type { AppEnv } from '#server/app-env.ts';
import { answers, named } from '#server/http/api-answers.ts';
import { clientAddress } from '#server/http/client-address.ts';
import { validate } from '#server/http/validation.ts';
import { publicCall, sessionOnly } from '#server/tenancy/permit.ts';
import * as cuenta from './cuenta.service.ts';
import * as recuperacion from './cuenta-recuperacion.service.ts';
import * as registro from './cuenta-registro.service.ts';
import { requireInspector } from '#server/tenancy/require-inspector.ts';

const tags = ['fiscales'];
const inspectorSession = [{ bearerAuth: [] }];
const Settings = dataAnswer(InspectorSettingsSchema);
const LoginAnswer = v.union([
  named('InicioSesionFiscalizador', InspectorLoginSuccessSchema),
  named('DesafioContrasenaFiscalizador', InspectorLoginChallengeSchema),
]);
const PasswordChanged = InspectorPasswordChangeSuccessSchema;
const SessionAnswer = dataAnswer(named('SesionFiscalizador', InspectorSessionSchema));

/** The inspector's account (spec 4.2, 4.3): public calls but the session check and the sign-out. */
export const cuentaRoutes = new Hono<AppEnv>()
  .get(
    '/ajustes',
    describeRoute({
      tags,
      summary: 'Fiscalizadores: el dominio institucional que acepta el registro',
      responses: answers(Settings, 'El dominio institucional'),
    }),
    publicCall(),
    (c) => c.json({ statusCode: 200, data: registro.settings(c.get('deps')) } satisfies v.InferOutput<typeof Settings>),
  )
  .post(
    '/registro',
    describeRoute({
      tags,
      summary: 'Fiscalizadores, paso 0 del registro: crea la cuenta y envía por correo una contraseña temporal (24 horas)',
      responses: answers(MessageAnswerSchema, 'Contraseña temporal enviada'),
    }),
    publicCall(),
    validate('json', InspectorRegisterBodySchema),
    async (c) => {
      await registro.register(c.get('deps'), c.req.valid('json'), clientAddress(c));
      return c.json({ statusCode: 200, message: FISCALES_MESSAGES.temporaryPasswordSent } satisfies MessageAnswer);
    },
  )
  .post(
    '/registro/verificar',
    describeRoute({
      tags,
      summary:
        'Fiscalizadores, paso 1 del registro: contraseña temporal y nueva contraseña. Responde { statusCode, message } y la sesión que abre (token y sesión, como el inicio de sesión), emitida después del cambio (SPEC SE3)',
      responses: answers(PasswordChanged, 'Cuenta verificada y la sesión que abre'),
    }),
    publicCall(),
    validate('json', InspectorVerifyBodySchema),
    async (c) => {
      const session = await registro.verify(c.get('deps'), c.req.valid('json'), clientAddress(c));
      return c.json({ statusCode: 200, message: FISCALES_MESSAGES.accountVerified, ...session } satisfies v.InferOutput<
        typeof PasswordChanged
      >);
    },
  )
  .post(
    '/login',
    describeRoute({
      tags,
      summary: 'Inicia sesión de fiscalizador: token y sesión, o el desafío de cambio de contraseña si aún tiene la temporal',
      responses: answers(LoginAnswer, 'La sesión, o el desafío de cambio de contraseña'),
    }),
    publicCall(),
    validate('json', InspectorLoginBodySchema),
    async (c) =>
      c.json((await cuenta.signIn(c.get('deps'), c.req.valid('json'), clientAddress(c))) satisfies v.InferOutput<typeof LoginAnswer>),
  )
  .post(
    '/cambiar-contrasena',
    describeRoute({
      tags,
      summary:
        'Fiscalizadores: cambio obligatorio de la contraseña temporal en el primer inicio de sesión. Responde { statusCode, message } y la sesión que abre (token y sesión, como el inicio de sesión), emitida después del cambio (SPEC SE3)',
      responses: answers(PasswordChanged, 'Contraseña cambiada y la sesión que abre'),
    }),
    publicCall(),
    validate('json', InspectorChangePasswordBodySchema),
    async (c) => {
      const session = await cuenta.completePasswordChallenge(c.get('deps'), c.req.valid('json'));
      return c.json({ statusCode: 200, message: AUTH_MESSAGES.passwordUpdated, ...session } satisfies v.InferOutput<
        typeof PasswordChanged
      >);
    },
  )
  .post(
    '/recuperar',
    describeRoute({
      tags,
      summary: 'Fiscalizadores: envía por correo un código para recuperar la contraseña (15 minutos)',
      responses: answers(MessageAnswerSchema, 'Código enviado'),
    }),
    publicCall(),
    validate('json', InspectorRecoveryRequestBodySchema),
    async (c) => {
      await recuperacion.requestRecoveryCode(c.get('deps'), c.req.valid('json'));
      return c.json({ statusCode: 200, message: AUTH_MESSAGES.recoveryCodeSent } satisfies MessageAnswer);
    },
  )
  .post(
    '/recuperar/confirmar',
    describeRoute({
      tags,
      summary: 'Fiscalizadores: restablece la contraseña con el código recibido por correo',
      responses: answers(MessageAnswerSchema, 'Contraseña restablecida'),
    }),
    publicCall(),
    validate('json', InspectorRecoveryConfirmBodySchema),
    async (c) => {
      await recuperacion.confirmRecovery(c.get('deps'), c.req.valid('json'), clientAddress(c));
      return c.json({ statusCode: 200, message: AUTH_MESSAGES.passwordUpdated } satisfies MessageAnswer);
    },
  )
  .get(
    '/sesion',
    describeRoute({
      tags,
      summary: 'Fiscalizadores: verifica el token guardado y devuelve la sesión vigente',
      security: inspectorSession,
      responses: answers(SessionAnswer, 'La sesión vigente'),
    }),
    requireInspector,
    sessionOnly(),
    async (c) =>
      c.json({ statusCode: 200, data: await cuenta.currentSession(c.get('deps'), c.get('claims')) } satisfies v.InferOutput<
        typeof SessionAnswer
      >),
  )
  .post(
    '/logout',
    describeRoute({
      tags,
      summary: 'Fiscalizadores: cierra esta sesión (su token deja de valer) y lo registra',
      security: inspectorSession,
      responses: answers(MessageAnswerSchema, 'Sesión cerrada'),
    }),
    requireInspector,
    sessionOnly(),
    async (c) => {
      await cuenta.signOut(c.get('deps'), c.get('inspector').Correo, c.get('claims'));
      return c.json({ statusCode: 200, message: AUTH_MESSAGES.signedOut } satisfies MessageAnswer);
    },
  );
