import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ValidationTargets } from 'hono';
import { validator } from 'hono-openapi';
import * as v from 'valibot';
import { RECORD_MESSAGES } from '#sync/records/record-fields.ts';
import { HttpError } from './http-error.ts';

const INVALID_REQUEST = 'Solicitud inválida';

function objectEntries(schema: unknown): Record<string, v.GenericSchema> | undefined {
  const candidate = schema as { entries?: Record<string, v.GenericSchema>; pipe?: unknown[] };
  if (candidate.entries) return candidate.entries;
  return candidate.pipe ? objectEntries(candidate.pipe[0]) : undefined;
}

/**
 * valibot reports a missing key with the object's generic English message; the field's own schema knows the
 * Spanish one ("El rut es requerido"), so ask it what it says about an absent value.
 */
function spanishMessage(schema: unknown, issue: StandardSchemaV1.Issue): string {
  const key = issue.path?.length === 1 ? issue.path[0] : undefined;
  const name = typeof key === 'object' ? key.key : key;
  const entry = name === undefined ? undefined : objectEntries(schema)?.[String(name)];
  if (entry && issue.message.startsWith('Invalid key')) {
    const missing = v.safeParse(entry, undefined);
    if (!missing.success) return missing.issues[0].message;
  }
  return issue.message.startsWith('Invalid ') ? INVALID_REQUEST : issue.message;
}

/**
 * Validates a request part with a shared valibot schema and documents it in the OpenAPI description.
 * A failure answers 400 with the first issue's Spanish message, before the handler writes anything.
 */
export function validate<Schema extends StandardSchemaV1, Target extends keyof ValidationTargets>(
  target: Target,
  schema: Schema,
) {
  return validator(target, schema, (result) => {
    if (!result.success) {
      const first = result.error[0];
      throw new HttpError(400, first ? spanishMessage(schema, first) : INVALID_REQUEST, 'VALIDACION');
    }
  });
}

/**
 * A value gathered from several request parts (a call that takes its fields in the query, as the spec sends them, or
 * in the body), parsed with the same Spanish answers as `validate`: 400 with the first issue's message.
 */
export function parseOrRefuse<Schema extends v.GenericSchema>(schema: Schema, value: unknown): v.InferOutput<Schema> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  throw new HttpError(400, spanishMessage(schema, result.issues[0] as unknown as StandardSchemaV1.Issue), 'VALIDACION');
}

/** `?Version=n` of a delete: the version the person saw, to detect a delete made on stale data (SPEC CF2). */
export const VersionQuerySchema = v.object({
  Version: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, RECORD_MESSAGES.versionRequired), v.transform(Number))),
});
