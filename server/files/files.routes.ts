import { Hono, type Context } from 'hono';
import { DOCUMENT_READ } from '../http/document-render.ts';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { FileBatchResponseSchema, PROTOCOL_HEADER, SYNC_ERRORS, SYNC_LIMITS, type FileBatchResult } from '#sync/outbox/sync-protocol.ts';
import type { AppEnv } from '../app-env.ts';
import { answers, binaryAnswer, jsonAnswer, named } from '../http/api-answers.ts';
import { HttpError, refusal } from '../http/http-error.ts';
import { validate } from '../http/validation.ts';
import { publicCall, sessionOnly } from '../tenancy/permit.ts';
import { requireSession } from '../tenancy/require-session.ts';
import { requireSyncProtocol } from '../sync/protocol-version.ts';
import { sha256Of, type FileDescription, type FileStore } from './file-store.ts';

const FILE_NOT_FOUND = 'Archivo no encontrado o enlace expirado';
export const MAX_FILE_BYTES = 15 * 1024 * 1024;
export const FILE_MESSAGES = {
  badHash: 'La huella SHA-256 no es válida',
  tooLarge: 'El archivo supera el máximo de 15 MB',
  badType: 'Tipo de archivo no permitido: solo imágenes PNG, JPEG, WebP o HEIC y documentos PDF',
  empty: 'El archivo está vacío',
  batchType: 'El lote de archivos debe enviarse como multipart/form-data, una parte por archivo',
  batchMalformed: 'El lote de archivos llegó incompleto o mal formado',
  batchEmpty: 'El lote de archivos no trae ningún archivo',
  notAFile: 'Cada parte del lote debe ser un archivo con su nombre de archivo y su tipo',
} as const;

/**
 * Files are served back from our own origin with the type they were uploaded with, so only inert types are
 * accepted: an uploaded HTML or SVG could run script in the app's origin.
 */
const ALLOWED_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/heif', 'application/pdf']);

const tags = ['archivos'];
const security = [{ bearerAuth: [] }];
const HASH_PATTERN = /^[a-f0-9]{64}$/;
/** What the server stored of an upload (FileDescription). */
const StoredFile = named('Archivo', v.object({ Sha256: v.string(), Tipo: v.string(), Tamano: v.number() }));
const HashSchema = v.pipe(v.string(), v.regex(HASH_PATTERN, FILE_MESSAGES.badHash));

/**
 * One uploaded file, exactly as `PUT /api/files/{sha256}` handles it and as each part of `POST /api/files/lote`
 * is handled (SPEC FL2, FL7): allowed type, size, not empty, the server's own hash equal to the claimed one, then
 * stored once and recorded for `company`. 201 the first time for the company, 200 when it already had it; a
 * refusal throws its HttpError and stores nothing.
 */
export async function acceptUpload(
  files: FileStore,
  company: string,
  now: Date,
  upload: { sha256: string; type: string; bytes: Uint8Array },
): Promise<{ status: 200 | 201; description: FileDescription }> {
  if (!HASH_PATTERN.test(upload.sha256)) throw new HttpError(400, FILE_MESSAGES.badHash, 'VALIDACION');
  const type = upload.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!ALLOWED_TYPES.has(type)) throw new HttpError(415, FILE_MESSAGES.badType, 'TIPO_ARCHIVO');
  if (upload.bytes.length > MAX_FILE_BYTES) throw new HttpError(413, FILE_MESSAGES.tooLarge, 'ARCHIVO_GRANDE');
  if (upload.bytes.length === 0) throw new HttpError(400, FILE_MESSAGES.empty, 'VALIDACION');
  if (sha256Of(upload.bytes) !== upload.sha256) throw refusal(SYNC_ERRORS.fileHashMismatch);
  const known = await files.describeForCompany(upload.sha256, company);
  if (known) return { status: 200, description: known };
  await files.put(upload.bytes, type, now, company);
  const stored = await files.describeForCompany(upload.sha256, company);
  if (!stored) throw new Error(`archivo ${upload.sha256} no quedó registrado`);
  return { status: 201, description: stored };
}

/** A part of the bulk upload as its single PUT would have answered it: the description, or the error envelope. */
async function acceptPart(files: FileStore, company: string, now: Date, name: string, value: unknown): Promise<FileBatchResult> {
  try {
    if (!(value instanceof Blob)) throw new HttpError(400, FILE_MESSAGES.notAFile, 'VALIDACION');
    const bytes = new Uint8Array(await value.arrayBuffer());
    const { status, description } = await acceptUpload(files, company, now, { sha256: name, type: value.type, bytes });
    return { ...description, status };
  } catch (error) {
    // Only refusals are per file; a storage failure fails the whole request (5xx), and the client retries (RP3).
    if (!(error instanceof HttpError)) throw error;
    return { Sha256: name, status: error.statusCode, message: error.message, ...(error.code === undefined ? {} : { code: error.code }) };
  }
}

const batchTooLarge = () => refusal(SYNC_ERRORS.fileBatchTooLarge);

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
      responses: { 200: binaryAnswer([...ALLOWED_TYPES], 'Los bytes del archivo, con el tipo con que se subió') },
      ...DOCUMENT_READ,
    }),
    // The signed link is the credential (it expires); HEAD asks for a session itself.
    publicCall(),
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
      responses: { ...answers(StoredFile, 'La empresa ya tenía el archivo'), 201: jsonAnswer(StoredFile, 'Archivo guardado') },
    }),
    requireSession,
    sessionOnly(),
    validate('param', v.object({ sha256: HashSchema })),
    async (c) => {
      const { files, now } = c.get('deps');
      const { sha256 } = c.req.valid('param');
      if (Number(c.req.header('Content-Length') ?? 0) > MAX_FILE_BYTES) throw new HttpError(413, FILE_MESSAGES.tooLarge, 'ARCHIVO_GRANDE');
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const { status, description } = await acceptUpload(files, c.get('claims').emp, now(), { sha256, type: c.req.header('Content-Type') ?? '', bytes });
      return c.json(description satisfies v.InferOutput<typeof StoredFile>, status);
    },
  )
  .post(
    '/lote',
    describeRoute({
      tags,
      security,
      summary: `Sube varios archivos en una sola petición (máx. ${SYNC_LIMITS.fileBatchFiles} archivos y ${SYNC_LIMITS.fileBatchBytes / 1024 / 1024} MB en total, si no 413 LOTE_GRANDE). Cabecera ${PROTOCOL_HEADER} obligatoria`,
      description:
        'multipart/form-data con una parte por archivo: el nombre de la parte (y su nombre de archivo) es su huella SHA-256 y su Content-Type es el tipo del archivo. ' +
        'Cada parte se trata exactamente como su PUT /api/files/{sha256}: el servidor calcula la huella y la compara, y responde por archivo, en el orden de las partes, ' +
        '{ Sha256, status, Tipo, Tamano } (201 nuevo para la empresa, 200 ya estaba) o { Sha256, status, message, code } (400, 413 ARCHIVO_GRANDE, 415 TIPO_ARCHIVO, 422 HUELLA_DISTINTA). ' +
        'Un rechazo de un archivo no impide guardar los demás; reenviar el lote es inofensivo.',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', additionalProperties: { type: 'string', format: 'binary' }, description: 'Una parte por archivo, con nombre = su SHA-256' },
          },
        },
      },
      responses: {
        200: { description: 'Una respuesta por archivo, en el orden de las partes', content: { 'application/json': { schema: resolver(FileBatchResponseSchema) } } },
      },
    }),
    requireSession,
    requireSyncProtocol,
    sessionOnly(),
    bodyLimit({
      maxSize: SYNC_LIMITS.fileBatchBytes,
      onError: () => {
        throw batchTooLarge();
      },
    }),
    async (c) => {
      const { files, now } = c.get('deps');
      const company = c.get('claims').emp;
      if (!(c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
        throw new HttpError(415, FILE_MESSAGES.batchType, 'TIPO_LOTE');
      }
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw new HttpError(400, FILE_MESSAGES.batchMalformed, 'VALIDACION');
      }
      const parts = [...form.entries()];
      if (parts.length === 0) throw new HttpError(400, FILE_MESSAGES.batchEmpty, 'VALIDACION');
      if (parts.length > SYNC_LIMITS.fileBatchFiles) throw batchTooLarge();
      const at = now();
      const results: FileBatchResult[] = [];
      // One after the other, in the order of the parts; each commits by itself like its single PUT.
      for (const [name, value] of parts) results.push(await acceptPart(files, company, at, name, value));
      return c.json({ results }, 200);
    },
  );
