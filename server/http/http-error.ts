import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const GENERIC_ERROR = 'No fue posible realizar la acción';

/** A failure with the Spanish message the person will read; `code` lets the app choose a popup. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: ContentfulStatusCode,
    message: string,
    readonly code?: string,
    /** Headers the answer carries besides the envelope (a 429's `Retry-After`). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}


/** The HttpError of a described refusal (`{ status, message, code }`, e.g. the sync protocol's errors). */
export function refusal(error: { status: number; message: string; code: string }): HttpError {
  return new HttpError(error.status as ContentfulStatusCode, error.message, error.code);
}
