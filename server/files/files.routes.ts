import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import type { AppEnv } from '../app-env.ts';
import { HttpError } from '../http/http-error.ts';
import { validate } from '../http/validation.ts';

const FILE_NOT_FOUND = 'Archivo no encontrado o enlace expirado';

export const filesRoutes = new Hono<AppEnv>().get(
  '/:sha256',
  describeRoute({ tags: ['archivos'], summary: 'Descarga un archivo por su enlace firmado (expira en 216000 s)' }),
  validate('param', v.object({ sha256: v.pipe(v.string(), v.regex(/^[a-f0-9]{64}$/, FILE_NOT_FOUND)) })),
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
    });
  },
);
