import * as v from 'valibot';
import { savedAnswer } from '#sync/schemas/answers.schema.ts';
import { EmpresaContratistaSchema } from '#sync/schemas/empresa-contratistas.schema.ts';
import { named } from '#server/http/api-answers.ts';

/** A contractor company with its accounts, one component of /api/openapi.json. */
export const EmpresaContratista = named('EmpresaContratista', EmpresaContratistaSchema);

/** `{ statusCode, message, data: EmpresaContratista }`: the contractor company as it was saved. */
export const EmpresaContratistaSaved = savedAnswer(EmpresaContratista);

/** A new contractor company, and whether the e-mail with its main account's temporary password was sent (false without one). */
export const EmpresaContratistaCreated = v.object({ ...EmpresaContratistaSaved.entries, CorreoEnviado: v.boolean() });
