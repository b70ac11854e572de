import { Hono, type Context } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import type { AppEnv } from '../app-env.ts';
import { HttpError } from '../http/http-error.ts';
import { validate } from '../http/validation.ts';
import { requireSession } from '../tenancy/require-session.ts';
import { sha256Of } from './file-store.ts';

const FILE_NOT_FOUND = 'Archivo no encontrado o enlace expirado';
export const MAX_FILE_BYTES = 15 * 1024 * 1024;
export const FILE_MESSAGES = {
  hashMismatch: 'El archivo no coincide con su huella (SHA-256)',
  badHash: 'La huella SHA-256 no es válida',
  tooLarge: 'El archivo supera el máximo de 15 MB',
  badType: 'Tipo de archivo no permitido: solo imágenes PNG, JPEG, WebP o HEIC y documentos PDF',
  empty: 'El archivo está vacío',
} as const;

/**
 * Files are served back from our own origin with the type they were uploaded with, so only inert types are
 * accepted: an uploaded HTML or SVG could run script in the app's origin.
 */
const ALLOWED_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/heif', 'application/pdf']);

const tags = ['archivos'];
const security = [{ bearerAuth: [] }];
const HashSchema = v.pipe(v.string(), v.regex(/^[a-f0-9]{64}$/, FILE_MESSAGES.badHash));

/** HEAD with a session: 200 when the caller's company has the file, 404 when it still has to upload it. */
async function answerHead(c: Context<AppEnv>, sha256: string): Promise<Response> {
  await requireSession(c, async () => {});
  const { files } = c.get('deps');
  const found = await files.describeForCompany(sha256, c.get('claims').emp);
  return c.body(null, found ? 200 : 404, found ? { 'Content-Length': String(found.Tamano), 'Content-Type': found.Tipo } : {});
}

export const filesRoutes = new Hono<AppEnv>()
  .get(
    '/:sha256',
    describeRoute({
      tags,
      summary:
        'Descarga un archivo por su enlace firmado (expira en 216000 s). HEAD con sesión: 200 si la empresa ya subió el archivo, 404 si falta',
    }),
    validate('param', v.object({ sha256: v.pipe(v.string(), v.regex(/^[a-f0-9]{64}$/, FILE_NOT_FOUND)) })),
    // Hono routes HEAD to the GET handler, so the "do you have it?" question of the outbox is answered here.
    async (c, next) => (c.req.method === 'HEAD' ? answerHead(c, c.req.valid('param').sha256) : next()),
    validate('query', v.object({ exp: v.string(FILE_NOT_FOUND), sig: v.string(FILE_NOT_FOUND) })),
    async (c) => {
      const { files, now } = c.get('deps');
      const { sha256 } = c.req.valid('param');
      const { exp, sig } = c.req.valid('query');
      if (!files.isValidSignature(sha256, Number(exp), sig, now())) throw new HttpError(404, FILE_NOT_FOUND);
      const file = await files.get(sha256);
      if (!file) throw new HttpError(404, FILE_NOT_FOUND);
      return c.body(new Uint8Array(file.bytes), 200, {
        'Content-Type': file.type,
        'Cache-Control': 'private, max-age=86400, immutable',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  )
  .put(
    '/:sha256',
    describeRoute({
      tags,
      security,
      summary:
        'Sube un archivo por su huella SHA-256 (cuerpo: los bytes; Content-Type: su tipo). 201 la primera vez, 200 si la empresa ya lo tenía; reenviar reanuda una subida cortada',
      requestBody: {
        required: true,
        content: Object.fromEntries([...ALLOWED_TYPES].map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
      },
    }),
    requireSession,
    validate('param', v.object({ sha256: HashSchema })),
    async (c) => {
      const { files, now } = c.get('deps');
      const company = c.get('claims').emp;
      const { sha256 } = c.req.valid('param');
      const type = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!ALLOWED_TYPES.has(type)) throw new HttpError(415, FILE_MESSAGES.badType, 'TIPO_ARCHIVO');
      if (Number(c.req.header('Content-Length') ?? 0) > MAX_FILE_BYTES) throw new HttpError(413, FILE_MESSAGES.tooLarge, 'ARCHIVO_GRANDE');
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.length > MAX_FILE_BYTES) throw new HttpError(413, FILE_MESSAGES.tooLarge, 'ARCHIVO_GRANDE');
      if (bytes.length === 0) throw new HttpError(400, FILE_MESSAGES.empty, 'VALIDACION');
      if (sha256Of(bytes) !== sha256) throw new HttpError(422, FILE_MESSAGES.hashMismatch, 'HUELLA_DISTINTA');
      const known = await files.describeForCompany(sha256, company);
      if (known) return c.json(known, 200);
      await files.put(bytes, type, now(), company);
      const stored = await files.describeForCompany(sha256, company);
      if (!stored) throw new Error(`archivo ${sha256} no quedó registrado`);
      return c.json(stored, 201);
    },
  );
