import * as v from 'valibot';

/**
 * The envelopes every answer of the API shares, one valibot schema each: the server types its answers with them and
 * documents them in /api/openapi.json from the same schemas, so the description cannot drift from what it sends.
 */

const StatusCode = v.pipe(v.number(), v.integer());

/** Every refusal and failure (server/http/error-handler.ts): the person's Spanish message and, for the app's popups, a code. */
export const ErrorEnvelopeSchema = v.object({ statusCode: StatusCode, message: v.string(), code: v.optional(v.string()) });
export type ErrorEnvelope = v.InferOutput<typeof ErrorEnvelopeSchema>;

/** A call that only says it was done: `{ statusCode: 200, message }`. */
export const MessageAnswerSchema = v.object({ statusCode: v.literal(200), message: v.string() });
export type MessageAnswer = v.InferOutput<typeof MessageAnswerSchema>;

/** `{ statusCode: 200, data }`: what a read answers. */
export function dataAnswer<Data extends v.GenericSchema>(data: Data) {
  return v.object({ statusCode: v.literal(200), data });
}

/** `{ statusCode: 200, message, data }`: what a write answers, with the record as it was saved. */
export function savedAnswer<Data extends v.GenericSchema>(data: Data) {
  return v.object({ statusCode: v.literal(200), message: v.string(), data });
}
