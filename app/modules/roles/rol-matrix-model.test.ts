import { describe, expect, it } from 'vitest';
import { permissionsOf, toggled } from './rol-matrix-model.ts';

describe('role matrix', () => {
  it('gives Ver with any other action, and clears the row when Ver is taken away', () => {
    const withDelete = toggled({}, '/trabajadores', 'eliminar', true);
    expect(withDelete).toEqual({ '/trabajadores': ['index', 'eliminar'] });
    expect(toggled(withDelete, '/trabajadores', 'eliminar', false)).toEqual({ '/trabajadores': ['index'] });
    expect(toggled({ '/trabajadores': ['index', 'crear', 'editar'] }, '/trabajadores', 'index', false)).toEqual({ '/trabajadores': [] });
    expect(toggled({ '/cargos': ['index'] }, '/trabajadores', 'crear', true)).toEqual({ '/cargos': ['index'], '/trabajadores': ['index', 'crear'] });
  });

  it('sends only the routes that keep an action', () => {
    expect(permissionsOf({ '/cargos': ['index'], '/trabajadores': [] })).toEqual([{ Ruta: '/cargos', Acciones: ['index'] }]);
  });
});
