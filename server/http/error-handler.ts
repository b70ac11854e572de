import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorEnvelope } from '#sync/schemas/answers.schema.ts';
import { GENERIC_ERROR, HttpError } from './http-error.ts';
import { MOVED_MARKER, MOVED_MESSAGE } from '../installation/moved-guard.ts';

export const NOT_FOUND_MESSAGE = 'Recurso no encontrado';
export const BAD_JSON_MESSAGE = 'El cuerpo de la solicitud no es un JSON válido';

/** A failure's answer: its status, the `{ statusCode, message, code? }` envelope and any headers it carries. */
export interface ErrorAnswer {
  status: ContentfulStatusCode;
  body: ErrorEnvelope;
  headers?: Record<string, string>;
}

/** The answer of any failure; `where` names the call in the server log when it was not a refusal. */
export function errorAnswer(error: Error, where: string): ErrorAnswer {
  if (error instanceof HttpError) {
    const body: ErrorEnvelope = { statusCode: error.statusCode, message: error.message };
    if (error.code) body.code = error.code;
    return { status: error.statusCode, body, headers: error.headers };
  }
  if (error instanceof HTTPException) {
    // Hono raises these for malformed JSON bodies before any validator runs.
    const status = error.status;
    const message = status === 400 ? BAD_JSON_MESSAGE : error.message || GENERIC_ERROR;
    return { status, body: { statusCode: status, message } };
  }
  if (error.message.includes(MOVED_MARKER)) {
    return { status: 503, body: { statusCode: 503, message: MOVED_MESSAGE }, headers: { 'Retry-After': '300' } };
  }
  console.error(`[error] ${where}`, error);
  return { status: 500, body: { statusCode: 500, message: GENERIC_ERROR } };
}

/** Every failure leaves as `{ statusCode, message }`; stack traces stay in the server log. */
export function handleError(error: Error, c: Context): Response {
  const answer = errorAnswer(error, `${c.req.method} ${c.req.path}`);
  return c.json(answer.body, answer.status, answer.headers);
}

export function apiNotFound(c: Context): Response {
  return c.json({ statusCode: 404, message: NOT_FOUND_MESSAGE } satisfies ErrorEnvelope, 404);
}
