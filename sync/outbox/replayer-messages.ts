import type { Outcome } from './transport.ts';

export const REPLAYER_MESSAGES = {
  fileMissing: 'No se encontró en este dispositivo un archivo adjunto de esta operación.',
  internal: 'Ocurrió un error al sincronizar. Se reintentará automáticamente.',
} as const;

/** An answer the server owed but did not give (a batch or bulk upload without a result for it): retried (RP7). */
export function unanswered(): Outcome {
  return { kind: 'retry', status: 200, body: null, error: { status: 200, message: REPLAYER_MESSAGES.internal } };
}
