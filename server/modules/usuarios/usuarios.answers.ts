import * as v from 'valibot';
import { savedAnswer } from '#sync/schemas/answers.schema.ts';
import { UsuarioSchema } from '#sync/schemas/usuarios.schema.ts';
import { named } from '#server/http/api-answers.ts';

/** What the users' calls answer, one component each in /api/openapi.json. */
export const Usuario = named('Usuario', UsuarioSchema);

/** `{ statusCode, message, data: Usuario }`: a user as it was saved. */
export const UsuarioSaved = savedAnswer(Usuario);

/** A new user, or a new temporary password: whether the e-mail with it was sent (CorreoEnviado). */
export const UsuarioCreated = v.object({ ...UsuarioSaved.entries, CorreoEnviado: v.boolean() });

/** `{ statusCode, message, data }`: the inactive days as they were saved. */
export const InactiveDaysSaved = savedAnswer(v.array(v.string()));
