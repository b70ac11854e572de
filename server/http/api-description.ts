import type { Hono } from 'hono';
import { generateSpecs, resolver } from 'hono-openapi';
import { ErrorEnvelopeSchema } from '#sync/schemas/answers.schema.ts';
import type { AppEnv } from '../app-env.ts';
import { nameParametersAlike } from './api-path-names.ts';

export type ApiDocument = Awaited<ReturnType<typeof generateSpecs>>;
type PathItem = NonNullable<ApiDocument['paths'][string]>;
type Operation = NonNullable<PathItem['get']> & { 'x-permiso'?: { acceso?: string } };

const documentation = {
  openapi: '3.1.0',
  info: {
    title: 'Andes HSE',
    version: '0.1.0',
    description: 'API de la plataforma HSE. Cada llamada con {company} se limita a la empresa del token.',
  },
  // The PWA and its API share one origin (a worksite server or the office's): the document describes the server it came from.
  servers: [{ url: '/', description: 'El servidor que entrega esta descripción' }],
  components: { securitySchemes: { bearerAuth: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT' } } },
};

const NOT_DOCUMENTED = ['/api/openapi.json', '/api/docs', /^\/buzon/, /^\/api\/\*/, '*', '/*'];

/** The refusals every call may answer, each one named response with the error envelope. */
const REFUSALS = {
  400: ['SolicitudInvalida', 'Solicitud inválida: el mensaje dice qué dato falta o no sirve'],
  401: ['SinSesion', 'Sin sesión válida: token ausente, vencido o cerrado, o credenciales incorrectas'],
  403: ['SinAcceso', 'Sin permiso para la acción, o datos de otra empresa'],
  409: ['Conflicto', 'En conflicto con lo que el servidor tiene: versión vieja, registro repetido o en uso'],
} as const;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

function operationsOf(document: ApiDocument): Operation[] {
  return Object.values(document.paths).flatMap((item) => METHODS.flatMap((method) => (item?.[method] ? [item[method] as Operation] : [])));
}

/** Who may call it, said the OpenAPI way from `x-permiso` (server/tenancy/permit.ts): public calls carry no token. */
function securityOf(operation: Operation): Operation['security'] {
  return operation['x-permiso']?.acceso === 'publico' ? [] : [{ bearerAuth: [] }];
}

async function errorEnvelopeComponents() {
  const { schema } = await resolver(ErrorEnvelopeSchema).toOpenAPISchema();
  const ref = { $ref: '#/components/schemas/ErrorEnvelope' };
  const responses = Object.fromEntries(
    Object.values(REFUSALS).map(([name, description]) => [name, { description, content: { 'application/json': { schema: ref } } }]),
  );
  return { schemas: { ErrorEnvelope: schema }, responses };
}

/**
 * /api/openapi.json: what the routes describe of themselves (describeRoute, validate, permit), completed once here
 * with what every call shares, so no route repeats it: the refusals in the error envelope, who may call it, the server.
 */
export async function describeApi(app: Hono<AppEnv>): Promise<ApiDocument> {
  const generated = await generateSpecs(app, { documentation, exclude: NOT_DOCUMENTED, defaultValidationErrorResponse: false });
  // A copy: the generated operations share objects with the routes' own descriptions, which must stay as written.
  const document = JSON.parse(JSON.stringify(generated)) as ApiDocument;
  const shared = await errorEnvelopeComponents();
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...shared.schemas },
    responses: { ...document.components?.responses, ...shared.responses },
  };
  document.paths = nameParametersAlike(document.paths);
  for (const operation of operationsOf(document)) {
    operation.security = securityOf(operation);
    for (const [status, [name]] of Object.entries(REFUSALS)) {
      operation.responses[status] ??= { $ref: `#/components/responses/${name}` };
    }
  }
  return document;
}
