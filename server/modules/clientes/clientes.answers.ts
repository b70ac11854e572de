import * as v from 'valibot';
import { savedAnswer } from '#sync/schemas/answers.schema.ts';
import { ClienteSchema } from '#sync/schemas/clientes.schema.ts';
import { named } from '#server/http/api-answers.ts';

/** A client with its accounts, one component of /api/openapi.json. */
export const Cliente = named('Cliente', ClienteSchema);

/** `{ statusCode, message, data: Cliente }`: the client as it was saved. */
export const ClienteSaved = savedAnswer(Cliente);

/** A new client, and whether the e-mail with its account's temporary password was sent (false without an account). */
export const ClienteCreated = v.object({ ...ClienteSaved.entries, CorreoEnviado: v.boolean() });
