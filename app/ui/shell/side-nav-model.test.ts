import type { Mask, Permission } from '#sync/schemas/auth.schema.ts';
import { describe, expect, it } from 'vitest';
import { buildSideNav, groupOfRoute, sedeccHref, shortenDashboardLabel } from './side-nav-model.ts';

function permission(overrides: Partial<Permission> & Pick<Permission, 'Ruta'>): Permission {
  return {
    NombreGrupo: 'Módulos',
    SubtituloGrupo: '',
    PosicionGrupo: 2,
    NombreSistemaModulo: 'Inspecciones',
    PosicionGroupModulos: 1,
    NombreSistemaModuloSub: 'Inspecciones',
    PosicionGroupModulosSub: 1,
    IdSistema: 1,
    Acciones: ['index'],
    ...overrides,
  };
}

const everyRoute = () => true;
const noMasks: Mask[] = [];

describe('buildSideNav', () => {
  it('groups by top group, then module, then submodule, each sorted by its position', () => {
    const nav = buildSideNav(
      [
        permission({ NombreGrupo: 'Dashboard', PosicionGrupo: 4, NombreSistemaModulo: 'Dashboard', NombreSistemaModuloSub: 'Dashboard Epp', Ruta: '/dashboard/epp', PosicionGroupModulosSub: 3 }),
        permission({ NombreGrupo: 'Ajustes', SubtituloGrupo: '(mantenedores)', PosicionGrupo: 1, NombreSistemaModulo: 'Cargos', PosicionGroupModulos: 2, NombreSistemaModuloSub: 'Cargos', Ruta: '/cargos' }),
        permission({ NombreGrupo: 'Ajustes', SubtituloGrupo: '(mantenedores)', PosicionGrupo: 1, NombreSistemaModulo: 'Trabajadores', PosicionGroupModulos: 1, NombreSistemaModuloSub: 'Trabajadores', Ruta: '/trabajadores' }),
        permission({ NombreGrupo: 'Dashboard', PosicionGrupo: 4, NombreSistemaModulo: 'Dashboard', NombreSistemaModuloSub: 'Dashboard', Ruta: '/dashboard', PosicionGroupModulosSub: 1 }),
      ],
      noMasks,
      { isAppRoute: everyRoute },
    );

    expect(nav.map((group) => [group.name, group.subtitle])).toEqual([
      ['Ajustes', '(mantenedores)'],
      ['Dashboard', ''],
    ]);
    expect(nav[0]?.entries.map((entry) => entry.label)).toEqual(['Trabajadores', 'Cargos']);
    expect(nav[1]?.entries).toEqual([
      {
        kind: 'parent',
        id: 'Dashboard/Dashboard',
        label: 'Dashboard',
        children: [
          { label: 'principal', href: '/dashboard', external: false },
          { label: 'Epp', href: '/dashboard/epp', external: false },
        ],
      },
    ]);
  });

  it('lists a route granted by several roles once, at its lowest position', () => {
    const nav = buildSideNav(
      [
        permission({ NombreSistemaModulo: 'EPP', NombreSistemaModuloSub: 'Tipos', Ruta: '/epp/tipos', PosicionGroupModulosSub: 5 }),
        permission({ NombreSistemaModulo: 'EPP', NombreSistemaModuloSub: 'Entregados', Ruta: '/epp/entregados', PosicionGroupModulosSub: 2 }),
        permission({ NombreSistemaModulo: 'EPP', NombreSistemaModuloSub: 'Tipos', Ruta: '/epp/tipos', PosicionGroupModulosSub: 1 }),
      ],
      noMasks,
      { isAppRoute: everyRoute },
    );

    const [entry] = nav[0]?.entries ?? [];
    expect(entry?.kind === 'parent' && entry.children.map((child) => child.href)).toEqual(['/epp/tipos', '/epp/entregados']);
  });

  it('turns a parent whose only child has its name into a direct link', () => {
    const nav = buildSideNav([permission({ NombreSistemaModulo: 'Inspecciones ', NombreSistemaModuloSub: 'inspecciones', Ruta: '/inspecciones' })], noMasks, {
      isAppRoute: everyRoute,
    });

    expect(nav[0]?.entries).toEqual([
      { kind: 'link', id: 'Módulos/Inspecciones ', label: 'Inspecciones ', href: '/inspecciones', external: false },
    ]);
  });

  it('keeps a parent with one differently named child as an expandable parent', () => {
    const nav = buildSideNav([permission({ NombreSistemaModulo: 'Informes EPP', NombreSistemaModuloSub: 'Informe SAT', Ruta: '/epp/informe_sat' })], noMasks, {
      isAppRoute: everyRoute,
    });

    expect(nav[0]?.entries[0]?.kind).toBe('parent');
  });

  it('leaves out the Perfil group, other systems and entries without the index action', () => {
    const nav = buildSideNav(
      [
        permission({ NombreGrupo: 'Perfil', NombreSistemaModulo: 'Perfil', NombreSistemaModuloSub: 'Mi Perfil', Ruta: '/perfil/usuario' }),
        permission({ NombreSistemaModulo: 'Combustibles', NombreSistemaModuloSub: 'Carga masiva', Ruta: '/combustibles/cargamasiva', IdSistema: 2 }),
        permission({ Ruta: '/observaciones', NombreSistemaModulo: 'Observaciones', NombreSistemaModuloSub: 'Observaciones', Acciones: ['crear'] }),
        permission({ Ruta: '/inspecciones' }),
      ],
      noMasks,
      { isAppRoute: everyRoute, systemId: 1 },
    );

    expect(nav.map((group) => group.name)).toEqual(['Módulos']);
    expect(nav[0]?.entries.map((entry) => entry.label)).toEqual(['Inspecciones']);
  });

  it('names level 2, 3 and 4 entries after the company masks', () => {
    const masks: Mask[] = [
      { TipoNv: 2, Nombre: 'Gerencias' },
      { TipoNv: 3, Nombre: 'Áreas' },
    ];
    const nav = buildSideNav(
      [
        permission({ NombreGrupo: 'Ajustes', NombreSistemaModulo: 'Niveles', NombreSistemaModuloSub: 'Nivel 2', Ruta: '/nv2', PosicionGroupModulosSub: 1 }),
        permission({ NombreGrupo: 'Ajustes', NombreSistemaModulo: 'Niveles', NombreSistemaModuloSub: 'Nivel 3', Ruta: '/nv3', PosicionGroupModulosSub: 2 }),
        permission({ NombreGrupo: 'Ajustes', NombreSistemaModulo: 'Niveles', NombreSistemaModuloSub: 'Nivel 4', Ruta: '/nv4', PosicionGroupModulosSub: 3 }),
        permission({ NombreGrupo: 'Ajustes', NombreSistemaModulo: 'Nivel 2', PosicionGroupModulos: 2, NombreSistemaModuloSub: 'Nivel 2', Ruta: '/nv2' }),
      ],
      masks,
      { isAppRoute: everyRoute },
    );

    const [levels, direct] = nav[0]?.entries ?? [];
    expect(levels?.kind === 'parent' && levels.children.map((child) => child.label)).toEqual(['Gerencias', 'Áreas', 'Nivel 4']);
    expect(direct).toMatchObject({ kind: 'link', label: 'Gerencias', href: '/nv2' });
  });

  it('shows only routes that have a screen, and drops parents and groups left empty', () => {
    const appRoutes = new Set(['/dashboard']);
    const nav = buildSideNav(
      [
        permission({ NombreGrupo: 'Dashboard', PosicionGrupo: 4, NombreSistemaModulo: 'Dashboard', NombreSistemaModuloSub: 'Dashboard', Ruta: '/dashboard' }),
        permission({ NombreGrupo: 'Dashboard', PosicionGrupo: 4, NombreSistemaModulo: 'Dashboard', NombreSistemaModuloSub: 'Dashboard Observaciones', Ruta: '/dashboard/observaciones', PosicionGroupModulosSub: 2 }),
        permission({ Ruta: '/inspecciones' }),
        permission({ NombreGrupo: 'Informes', NombreSistemaModulo: 'Informes EPP', NombreSistemaModuloSub: 'Informe SAT', Ruta: '/epp/informe_sat' }),
      ],
      noMasks,
      { isAppRoute: (route) => appRoutes.has(route) },
    );

    expect(nav).toEqual([
      {
        id: 'Dashboard',
        name: 'Dashboard',
        subtitle: '',
        entries: [{ kind: 'link', id: 'Dashboard/Dashboard', label: 'Dashboard', href: '/dashboard', external: false }],
      },
    ]);
  });

  it('links Sedecc entries to the external site only when it is configured', () => {
    const sedecc = permission({ NombreSistemaModulo: 'Sedecc', NombreSistemaModuloSub: 'Acreditación', Ruta: '/acreditacion' });

    expect(buildSideNav([sedecc], noMasks, { isAppRoute: () => false })).toEqual([]);

    const nav = buildSideNav([sedecc], noMasks, { isAppRoute: () => false, sedeccUrl: 'https://sedecc.example.cl/entrar' });
    const [entry] = nav[0]?.entries ?? [];
    expect(entry?.kind === 'parent' && entry.children).toEqual([
      { label: 'Acreditación', href: 'https://sedecc.example.cl/entrar?ruta=%2Facreditacion', external: true },
    ]);
  });
});

describe('shortenDashboardLabel', () => {
  it.each([
    ['Dashboard', 'principal'],
    ['Dashboard Observaciones', 'Observaciones'],
    ['Dashboard Inspecciones', 'Inspecciones'],
    ['Dashboard Capacitaciones', 'Capacitaciones'],
    ['Dashboard Incidentes', 'Incidentes'],
    ['Dashboard Gestión de Desempeño', 'Gestión de Desempeño'],
    ['Dashboard Percepción del Riesgo', 'Percepción del Riesgo'],
    ['Dashboard EPP', 'EPP'],
    ['Trabajadores', 'Trabajadores'],
  ])('%s -> %s', (name, label) => {
    expect(shortenDashboardLabel(name)).toBe(label);
  });
});

describe('helpers', () => {
  it('adds the route as a parameter to the Sedecc address', () => {
    expect(sedeccHref('https://s.example.cl/?a=1', '/x')).toBe('https://s.example.cl/?a=1&ruta=%2Fx');
  });

  it('finds the group that holds a route', () => {
    const nav = buildSideNav([permission({ Ruta: '/inspecciones' })], noMasks, { isAppRoute: everyRoute });
    expect(groupOfRoute(nav, '/inspecciones')?.name).toBe('Módulos');
    expect(groupOfRoute(nav, '/otra')).toBeUndefined();
  });
});
