import type { CatalogoGrupo, CatalogoSubmodulo } from '#sync/schemas/roles.schema.ts';
import { describe, expect, it } from 'vitest';
import { grantsOutOfSight, permissionsOf, servedCatalogue, toggled } from './rol-matrix-model.ts';

describe('role matrix', () => {
  it('gives Ver with any other action, and clears the row when Ver is taken away', () => {
    const withDelete = toggled({}, '/trabajadores', 'eliminar', true);
    expect(withDelete).toEqual({ '/trabajadores': ['index', 'eliminar'] });
    expect(toggled(withDelete, '/trabajadores', 'eliminar', false)).toEqual({ '/trabajadores': ['index'] });
    expect(toggled({ '/trabajadores': ['index', 'crear', 'editar'] }, '/trabajadores', 'index', false)).toEqual({ '/trabajadores': [] });
    expect(toggled({ '/cargos': ['index'] }, '/trabajadores', 'crear', true)).toEqual({
      '/cargos': ['index'],
      '/trabajadores': ['index', 'crear'],
    });
  });

  it('sends only the routes that keep an action', () => {
    expect(permissionsOf({ '/cargos': ['index'], '/trabajadores': [] })).toEqual([{ Ruta: '/cargos', Acciones: ['index'] }]);
  });
});

describe('the matrix offers what the app serves', () => {
  const catalogue: CatalogoGrupo[] = [
    {
      IdGrupo: 2,
      NombreGrupo: 'Módulos',
      SubtituloGrupo: '',
      PosicionGrupo: 2,
      modulos: [
        {
          IdModulo: 7,
          NombreSistemaModulo: 'Inspecciones',
          PosicionGroupModulos: 1,
          IdSistema: 1,
          NombreSistema: 'Hse',
          submodulos: [sub(7, 'Inspecciones', '/inspecciones')],
        },
        {
          IdModulo: 21,
          NombreSistemaModulo: 'Combustibles',
          PosicionGroupModulos: 15,
          IdSistema: 2,
          NombreSistema: 'Producción',
          submodulos: [sub(30, 'Dashboard Combustibles', '/combustibles/dashboard'), sub(31, 'Carga masiva', '/combustibles/cargamasiva')],
        },
      ],
    },
    {
      IdGrupo: 4,
      NombreGrupo: 'Dashboard',
      SubtituloGrupo: '',
      PosicionGrupo: 4,
      modulos: [
        {
          IdModulo: 12,
          NombreSistemaModulo: 'Dashboard',
          PosicionGroupModulos: 1,
          IdSistema: 1,
          NombreSistema: 'Hse',
          submodulos: [sub(20, 'Dashboard Observaciones', '/dashboard/observaciones')],
        },
      ],
    },
  ];
  const served = (route: string) => route === '/inspecciones';

  it('drops the routes without a screen, and the modules and groups they leave empty', () => {
    expect(servedCatalogue(catalogue, served)).toEqual([{ ...catalogue[0], modulos: [catalogue[0]!.modulos[0]] }]);
  });

  it('names the grants a role keeps out of sight, in the words of the menu', () => {
    const matrix = {
      '/inspecciones': ['index'],
      '/combustibles/cargamasiva': ['index', 'crear'],
      '/combustibles/dashboard': [],
      '/dashboard/observaciones': ['index'],
    } as const;
    expect(grantsOutOfSight(catalogue, matrix, served)).toEqual(['Combustibles › Carga masiva', 'Dashboard › Dashboard Observaciones']);
    expect(grantsOutOfSight(catalogue, { '/inspecciones': ['index'] }, served)).toEqual([]);
  });
});

function sub(IdSubmodulo: number, NombreSistemaModuloSub: string, Ruta: string): CatalogoSubmodulo {
  return { IdSubmodulo, NombreSistemaModuloSub, Ruta, PosicionGroupModulosSub: 1, Acciones: ['index', 'crear', 'editar', 'eliminar'] };
}
