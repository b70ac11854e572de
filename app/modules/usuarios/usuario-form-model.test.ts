import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { Usuario } from '#sync/schemas/usuarios.schema.ts';
import { changedFields, initialValues, reservedProblems, UsuarioFormSchema } from './usuario-form-model.ts';

const user = {
  IdUsuario: 7,
  RunPersona: '15234567-4',
  NombreUsuario: 'jaraya',
  Nombres: 'Jorge',
  ApellidoPaterno: 'Araya',
  ApellidoMaterno: 'Rojas',
  CorreoElectronicoPersona: 'jorge@andes.cl',
  TelefonoPersona: '',
  FechaNacimiento: '',
  IdRol: 3,
  Tipo: 'empresa',
  IdContratista: null,
  IdCliente: null,
  Sistemas: [1],
  Faenas: [],
} as unknown as Usuario;

describe('user form', () => {
  it('checks the fields with the body schemas, the role from its select, and the contractor a contractor user needs', () => {
    const valid = v.safeParse(UsuarioFormSchema, initialValues(user));
    expect(valid.success && valid.output.IdRol).toBe(3);
    const noRole = v.safeParse(UsuarioFormSchema, { ...initialValues(user), IdRol: '' });
    expect(noRole.issues?.[0].message).toBe('El rol es requerido');
    const contractor = v.safeParse(UsuarioFormSchema, { ...initialValues(user), Tipo: 'contratista' });
    expect(contractor.issues?.[0]).toMatchObject({ message: 'Elige la empresa contratista del usuario' });
  });

  it('starts a new user of a contractor or client named in the address', () => {
    expect(initialValues(null, { tipo: 'contratista', contratista: '78945612-7' })).toMatchObject({ Tipo: 'contratista', IdContratista: '78945612-7', IdCliente: null });
    expect(initialValues(null, { tipo: 'otro', cliente: 'CLI-001' })).toMatchObject({ Tipo: 'empresa', IdCliente: null });
  });

  it('sends only what changed', () => {
    const values = v.parse(UsuarioFormSchema, { ...initialValues(user), TelefonoPersona: '+56 9 1234 5678' });
    expect(changedFields(user, values)).toEqual({ TelefonoPersona: '+56 9 1234 5678' });
  });

  it('refuses names in use, but not the user\'s own', () => {
    const reserved = { Correos: ['jorge@andes.cl', 'ana@andes.cl'], NombresUsuario: ['jaraya', 'ana'] };
    expect(reservedProblems({ CorreoElectronicoPersona: 'Ana@andes.cl', NombreUsuario: 'ana' }, reserved).map((problem) => problem.field)).toEqual(['CorreoElectronicoPersona', 'NombreUsuario']);
    expect(reservedProblems({ CorreoElectronicoPersona: 'jorge@andes.cl', NombreUsuario: 'jaraya' }, reserved, user)).toEqual([]);
  });
});
