import { USER_KIND_LABELS, type Usuario } from '#sync/schemas/usuarios.schema.ts';

/** Whose account: the company's, or a contractor company's or client's by name. */
export function kindText(user: Usuario): string {
  if (user.Tipo === 'contratista') return `Contratista ${user.NombreContratista ?? user.IdContratista ?? ''}`.trim();
  if (user.Tipo === 'cliente') return `Cliente ${user.NombreCliente ?? user.IdCliente ?? ''}`.trim();
  return USER_KIND_LABELS.empresa;
}
