import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ErrorEnvelope } from '#sync/schemas/answers.schema.ts';
import { GENERIC_ERROR, HttpError } from './http-error.ts';
import { MOVED_MARKER, MOVED_MESSAGE } from '../installation/moved-guard.ts';

export const NOT_FOUND_MESSAGE = 'Recurso no encontrado';
export const BAD_JSON_MESSAGE = 'El cuerpo de la solicitud no es un JSON válido';

/** Every failure leaves as `{ statusCode, message }`; stack traces stay in the server log. */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof HttpError) {
    const body: ErrorEnvelope = { statusCode: error.statusCode, message: error.message };
    if (error.code) body.code = error.code;
    return c.json(body, error.statusCode, error.headers);
  }
  if (error instanceof HTTPException) {
    // Hono raises these for malformed JSON bodies before any validator runs.
    const status = error.status;
    const message = status === 400 ? BAD_JSON_MESSAGE : error.message || GENERIC_ERROR;
    return c.json({ statusCode: status, message } satisfies ErrorEnvelope, status);
  }
  if (error.message.includes(MOVED_MARKER)) {
    return c.json({ statusCode: 503, message: MOVED_MESSAGE } satisfies ErrorEnvelope, 503, { 'Retry-After': '300' });
  }
  console.error(`[error] ${c.req.method} ${c.req.path}`, error);
  return c.json({ statusCode: 500, message: GENERIC_ERROR } satisfies ErrorEnvelope, 500);
}

export function apiNotFound(c: Context): Response {
  return c.json({ statusCode: 404, message: NOT_FOUND_MESSAGE } satisfies ErrorEnvelope, 404);
}
