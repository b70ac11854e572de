import { FISCALES_MESSAGES } from '#sync/schemas/fiscales.schema.ts';
import { ApiError, OFFLINE_MESSAGE } from '#app/data/api-error.ts';

/**
 * What an inspector reads when a call fails: the server's Spanish message for a refusal it explains (4xx), the
 * flow's own spec message for anything else (spec 8: "any other gives ...").
 */
export function inspectorError(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.offline) return OFFLINE_MESSAGE;
  if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  return fallback;
}

export const signInError = (error: unknown) => inspectorError(error, FISCALES_MESSAGES.loginOther);
