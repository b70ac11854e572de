import { resolver } from 'hono-openapi';
import * as v from 'valibot';

/**
 * How a call's answers are written into /api/openapi.json: from the valibot schema the handler's answer is typed with
 * (`satisfies v.InferOutput<typeof Schema>`), never from a hand-written JSON Schema that could drift from the code.
 */

const names = new Map<string, v.GenericSchema>();

/**
 * `schema` as the named component `#/components/schemas/<name>` wherever it is documented. One name is one schema:
 * a second, different schema under a taken name is a mistake caught at start.
 */
export function named<Schema extends v.GenericSchema>(name: string, schema: Schema) {
  const taken = names.get(name);
  if (taken && taken !== schema) throw new Error(`Dos esquemas distintos con el nombre ${name} en la descripción de la API`);
  names.set(name, schema);
  return v.pipe(schema, v.metadata({ ref: name }));
}

/** One documented JSON answer. */
export function jsonAnswer(schema: v.GenericSchema, description: string) {
  return { description, content: { 'application/json': { schema: resolver(schema) } } };
}

/** The success answer of a call: `responses: answers(Schema, 'Lo que responde')`. */
export function answers(schema: v.GenericSchema, description: string) {
  return { 200: jsonAnswer(schema, description) };
}

/** A binary answer (a file, a PDF) of the given content types. */
export function binaryAnswer(types: readonly string[], description: string) {
  return { description, content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string' as const, format: 'binary' } }])) };
}
