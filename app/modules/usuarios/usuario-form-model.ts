import * as v from 'valibot';
import { ACCOUNT_MESSAGES, type ReservedNames } from '#sync/schemas/accounts.schema.ts';
import { kindProblem, UserFields, type Usuario, USUARIOS_MESSAGES } from '#sync/schemas/usuarios.schema.ts';

const { Avatar: _avatar, IdRol, ...fields } = UserFields;

/** The user form, with the body's own field schemas: the role comes from a select as text. */
export const UsuarioFormSchema = v.pipe(
  v.object({
    ...fields,
    IdRol: v.pipe(v.string(USUARIOS_MESSAGES.roleRequired), v.nonEmpty(USUARIOS_MESSAGES.roleRequired), v.transform(Number), IdRol),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = kindProblem(dataset.value);
    if (problem)
      addIssue({
        message: problem.message,
        path: [{ type: 'object', origin: 'value', input: dataset.value, key: problem.field, value: dataset.value[problem.field] }],
      });
  }),
);
export type UsuarioFormInput = v.InferInput<typeof UsuarioFormSchema>;
export type UsuarioFormValues = v.InferOutput<typeof UsuarioFormSchema>;

/** What the form starts with: the user's values, or a new user's (maybe of a contractor or client, from its page). */
export function initialValues(
  user: Usuario | null,
  party: { tipo?: string | null; contratista?: string | null; cliente?: string | null } = {},
): UsuarioFormInput {
  if (user) {
    const {
      RunPersona,
      NombreUsuario,
      Nombres,
      ApellidoPaterno,
      ApellidoMaterno,
      CorreoElectronicoPersona,
      TelefonoPersona,
      FechaNacimiento,
      Tipo,
      IdContratista,
      IdCliente,
      Sistemas,
      Faenas,
    } = user;
    return {
      RunPersona,
      NombreUsuario,
      Nombres,
      ApellidoPaterno,
      ApellidoMaterno,
      CorreoElectronicoPersona,
      TelefonoPersona,
      FechaNacimiento,
      IdRol: String(user.IdRol),
      Tipo,
      IdContratista,
      IdCliente,
      Sistemas: Sistemas as (1 | 2)[],
      Faenas,
    };
  }
  const tipo = party.tipo === 'contratista' || party.tipo === 'cliente' ? party.tipo : 'empresa';
  return {
    RunPersona: '',
    NombreUsuario: '',
    Nombres: '',
    ApellidoPaterno: '',
    ApellidoMaterno: '',
    CorreoElectronicoPersona: '',
    TelefonoPersona: '',
    FechaNacimiento: '',
    IdRol: '',
    Tipo: tipo,
    IdContratista: tipo === 'contratista' ? (party.contratista ?? null) : null,
    IdCliente: tipo === 'cliente' ? (party.cliente ?? null) : null,
    Sistemas: [1],
    Faenas: [],
  };
}

/** Only what differs from the stored user (CF2's spirit for office data): the update's body without its id. */
export function changedFields(user: Usuario, values: UsuarioFormValues): Partial<UsuarioFormValues> {
  const stored: Record<string, unknown> = { ...user };
  return Object.fromEntries(
    Object.entries(values).filter(([field, value]) => JSON.stringify(value ?? null) !== JSON.stringify(stored[field] ?? null)),
  ) as Partial<UsuarioFormValues>;
}

/** The reserved lists' say on an e-mail and user name (spec usuarios_reservados), before the server's. */
export function reservedProblems(
  values: Pick<UsuarioFormValues, 'CorreoElectronicoPersona' | 'NombreUsuario'>,
  reserved: ReservedNames,
  own?: Pick<Usuario, 'CorreoElectronicoPersona' | 'NombreUsuario'>,
) {
  const problems: { field: 'CorreoElectronicoPersona' | 'NombreUsuario'; message: string }[] = [];
  const email = values.CorreoElectronicoPersona.toLowerCase();
  const name = values.NombreUsuario.toLowerCase();
  if (email !== own?.CorreoElectronicoPersona.toLowerCase() && reserved.Correos.includes(email))
    problems.push({ field: 'CorreoElectronicoPersona', message: ACCOUNT_MESSAGES.emailInUse });
  if (name !== own?.NombreUsuario.toLowerCase() && reserved.NombresUsuario.includes(name))
    problems.push({ field: 'NombreUsuario', message: ACCOUNT_MESSAGES.userNameInUse });
  return problems;
}
