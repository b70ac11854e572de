import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogoGrupo, Rol } from '#sync/schemas/roles.schema.ts';
import { ANDES, PACIFICO, startTestServer, type TestServer } from './support/api-harness.ts';
import { newKey } from './support/sync-harness.ts';
import { auditOf, read, roleBody, roleIdByName, type Session, userWithRole, write } from './support/usuarios-factory.ts';

const BASE = '/api/roles';
let server: TestServer;
let admin: Session;
beforeEach(async () => {
  server = await startTestServer();
  admin = await server.login('admin@andesdemo.cl');
});
afterEach(async () => {
  await server.close();
});

const create = (body: unknown, token = admin.token, key?: string) =>
  write<Rol>(server, token, 'POST', `${BASE}/post/${ANDES.id}`, body, key);
const update = (id: number, body: unknown, token = admin.token) => write<Rol>(server, token, 'PUT', `${BASE}/put/${ANDES.id}/${id}`, body);
const remove = (id: number, token = admin.token) => write(server, token, 'DELETE', `${BASE}/delete/${ANDES.id}/${id}`);
const roleCount = async () =>
  (await server.deps.db.selectFrom('roles').select('IdRol').where('IdEmpresa', '=', ANDES.id).where('Estado', '=', 1).execute()).length;

describe('roles: the matrix', () => {
  it('offers every group, module and submodule with its route and position, against the actions each route checks', async () => {
    const res = await read<CatalogoGrupo[]>(server, admin.token, `${BASE}/permisos/${ANDES.id}`);
    expect(res.status).toBe(200);
    const groups = res.body.data;
    expect(groups.map((group) => group.NombreGrupo)).toEqual(['Ajustes', 'Módulos', 'Dashboard', 'Informes', 'Perfil']);
    const submodules = groups.flatMap((group) =>
      group.modulos.flatMap((module) => module.submodulos.map((sub) => ({ ...sub, module: module.NombreSistemaModulo }))),
    );
    const byRoute = (route: string) => submodules.find((sub) => sub.Ruta === route)!;
    expect(byRoute('/trabajadores')).toMatchObject({
      NombreSistemaModuloSub: 'Trabajadores',
      Acciones: ['index', 'crear', 'editar', 'eliminar'],
    });
    // Approving an answer is a decision a call of observations checks: it is offered there only.
    expect(byRoute('/observaciones').Acciones).toEqual(['index', 'crear', 'editar', 'eliminar', 'aprobar']);
    expect(byRoute('/roles')).toMatchObject({ module: 'Usuarios', PosicionGroupModulosSub: 2 });
    expect(byRoute('/clientes')).toBeDefined();
    expect(byRoute('/perfil/empresa')).toBeDefined();
    expect(submodules.map((sub) => sub.Ruta)).toEqual(
      expect.arrayContaining(['/usuarios', '/empresa-contratistas', '/auditoria-usuarios']),
    );
  });
});

describe('roles: create, edit, delete', () => {
  it('creates a role with the spec notice, lists it, and logs who made it and what it grants', async () => {
    const body = roleBody({
      NombreRol: 'Bodeguero',
      Permisos: [
        { Ruta: '/trabajadores', Acciones: ['editar', 'index'] },
        { Ruta: '/observaciones', Acciones: ['aprobar', 'index'] },
      ],
    });
    const res = await create(body);
    expect(res.body).toMatchObject({
      statusCode: 200,
      message: 'Rol creado con éxito',
      data: {
        NombreRol: 'Bodeguero',
        Administrador: false,
        Usuarios: 0,
        Permisos: [
          { Ruta: '/trabajadores', Acciones: ['index', 'editar'] },
          { Ruta: '/observaciones', Acciones: ['index', 'aprobar'] },
        ],
      },
    });
    const list = await read<Rol[]>(server, admin.token, `${BASE}/all/${ANDES.id}`);
    expect(list.body.data.map((role) => role.NombreRol)).toEqual([
      'Administrador',
      'Bodeguero',
      'Cliente',
      'Contratista',
      'Guardia',
      'Supervisor de terreno',
    ]);
    expect(list.body.data.find((role) => role.NombreRol === 'Administrador')).toMatchObject({ Administrador: true, Usuarios: 1 });
    const [entry] = await auditOf(server, 'rol', res.body.data.IdRol);
    expect(entry).toMatchObject({
      IdAutor: admin.userId,
      NombreAutor: 'Carolina Muñoz Soto',
      Accion: 'crear',
      NombreRegistro: 'Bodeguero',
    });
    expect(entry!.Cambios).toEqual(
      expect.arrayContaining([
        { Campo: 'Nombre', Antes: '', Despues: 'Bodeguero' },
        { Campo: 'Permisos /trabajadores', Antes: '', Despues: 'Ver, Editar' },
      ]),
    );
    expect((await read(server, admin.token, `${BASE}/one/${ANDES.id}/${res.body.data.IdRol}`)).body.data).toEqual(res.body.data);
  });

  it('refuses a name in use (any case) and bad input with 400 in Spanish, writing nothing', async () => {
    const before = await roleCount();
    expect((await create(roleBody({ NombreRol: 'supervisor DE TERRENO' }))).body).toMatchObject({
      statusCode: 409,
      message: 'Ya existe un rol con ese nombre',
      code: 'ROL_DUPLICADO',
    });
    const cases: [unknown, string][] = [
      [{ Permisos: [] }, 'El nombre del rol es requerido'],
      [{ NombreRol: '   ', Permisos: [] }, 'El nombre del rol es requerido'],
      [{ NombreRol: 'X', Permisos: [{ Ruta: '/no-existe', Acciones: ['index'] }] }, 'Uno de los módulos indicados no existe'],
      [{ NombreRol: 'X', Permisos: [{ Ruta: '/trabajadores', Acciones: ['volar'] }] }, 'Una de las acciones indicadas no existe'],
      [
        { NombreRol: 'X', Permisos: [{ Ruta: '/trabajadores', Acciones: ['aprobar'] }] },
        'La acción Aprobar no está disponible en Trabajadores',
      ],
      [
        {
          NombreRol: 'X',
          Permisos: [
            { Ruta: '/cargos', Acciones: ['index'] },
            { Ruta: '/cargos', Acciones: ['crear'] },
          ],
        },
        'Cada módulo se indica una sola vez',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ statusCode: 400, message });
    }
    expect(await roleCount()).toBe(before);
    expect(await server.deps.db.selectFrom('auditoria').select('IdAuditoria').execute()).toHaveLength(0);
  });

  it('saves a renamed role and its new matrix, which holds from its users next request with the same token', async () => {
    const { role, session } = await userWithRole(server, admin, [{ Ruta: '/trabajadores', Acciones: ['index'] }]);
    const workers = `/api/trabajadores/newtrabajadores2/${ANDES.id}`;
    expect((await read(server, session.token, workers)).status).toBe(200);
    expect((await read(server, session.token, `/api/cargos/newcargos2/${ANDES.id}`)).status).toBe(403);
    const res = await update(role, { NombreRol: 'Consulta', Permisos: [{ Ruta: '/cargos', Acciones: ['index'] }] });
    expect(res.body).toMatchObject({
      statusCode: 200,
      message: 'Rol actualizado con éxito',
      data: { NombreRol: 'Consulta', Permisos: [{ Ruta: '/cargos', Acciones: ['index'] }] },
    });
    expect((await read(server, session.token, workers)).status).toBe(403);
    expect((await read(server, session.token, `/api/cargos/newcargos2/${ANDES.id}`)).status).toBe(200);
    const entries = await auditOf(server, 'rol', role);
    expect(entries.at(-1)!.Cambios).toEqual([
      { Campo: 'Nombre', Antes: expect.stringMatching(/^Rol de prueba/), Despues: 'Consulta' },
      { Campo: 'Permisos /trabajadores', Antes: 'Ver', Despues: '' },
      { Campo: 'Permisos /cargos', Antes: '', Despues: 'Ver' },
    ]);
  });

  it('deletes roles without users one request each (again answers 200), never one with users', async () => {
    const first = (await create(roleBody())).body.data.IdRol;
    const second = (await create(roleBody())).body.data.IdRol;
    for (const id of [first, second])
      expect((await remove(id)).body).toMatchObject({ statusCode: 200, message: 'Rol eliminado con éxito' });
    expect((await remove(first)).status).toBe(200);
    expect((await read(server, admin.token, `${BASE}/one/${ANDES.id}/${first}`)).body.data).toBeNull();
    expect((await remove(999_999)).body).toMatchObject({ statusCode: 404, message: 'Rol no encontrado' });
    const supervisors = await roleIdByName(server, 'Supervisor de terreno');
    expect((await remove(supervisors)).body).toMatchObject({
      statusCode: 409,
      code: 'ROL_EN_USO',
      message: 'El rol tiene usuarios asignados: cámbialos de rol antes de eliminarlo',
    });
    // A deleted role's name is free again.
    const again = await create(roleBody({ NombreRol: (await auditOf(server, 'rol', first))[0]!.NombreRegistro }));
    expect(again.status).toBe(200);
  });

  it('replays a create with the same key as one role', async () => {
    const key = newKey();
    const body = roleBody();
    const first = await create(body, admin.token, key);
    const replay = await create(body, admin.token, key);
    expect(replay.body).toEqual(first.body);
    expect((await server.deps.db.selectFrom('roles').select('IdRol').where('NombreRol', '=', body.NombreRol).execute()).length).toBe(1);
  });
});

describe('roles: the last administrator', () => {
  const adminRole = () => roleIdByName(server, 'Administrador');
  const withoutRoleManagement = async () => {
    const all = (await read<Rol>(server, admin.token, `${BASE}/one/${ANDES.id}/${await adminRole()}`)).body.data.Permisos;
    return all.map((permission) => (permission.Ruta === '/roles' ? { Ruta: '/roles', Acciones: ['index' as const] } : permission));
  };

  it('keeps Ver and Editar on Roles on the last administrator role, and lets it go once another administrator exists', async () => {
    const refused = await update(await adminRole(), { Permisos: await withoutRoleManagement() });
    expect(refused.body).toMatchObject({
      statusCode: 409,
      code: 'ULTIMO_ADMINISTRADOR',
      message: 'La empresa quedaría sin administradores: el rol debe conservar Ver y Editar en Roles',
    });
    expect((await read<Rol>(server, admin.token, `${BASE}/one/${ANDES.id}/${await adminRole()}`)).body.data.Administrador).toBe(true);

    await userWithRole(server, admin, [{ Ruta: '/roles', Acciones: ['index', 'editar'] }]);
    expect((await update(await adminRole(), { Permisos: await withoutRoleManagement() })).status).toBe(200);
  });

  it('never deletes the last administrator role, even one left without users', async () => {
    const { session } = await userWithRole(server, admin, [{ Ruta: '/roles', Acciones: ['eliminar'] }]);
    const other = await roleIdByName(server, 'Supervisor de terreno');
    await server.deps.db
      .updateTable('usuarios')
      .set({ IdRol: other })
      .where('IdRol', '=', await adminRole())
      .execute();
    expect((await remove(await adminRole(), session.token)).body).toMatchObject({
      statusCode: 409,
      code: 'ULTIMO_ADMINISTRADOR',
      message: 'No se puede eliminar el último rol administrador de la empresa',
    });
  });
});

describe('roles: who may call them', () => {
  it('refuses other companies, roles without the permission and contractor users whatever their role grants', async () => {
    const pacifico = await server.login('admin@pacificodemo.cl', PACIFICO.rut);
    const andesRole = await roleIdByName(server, 'Supervisor de terreno');
    expect((await read(server, pacifico.token, `${BASE}/one/${PACIFICO.id}/${andesRole}`)).body.data).toBeNull();
    expect((await write(server, pacifico.token, 'PUT', `${BASE}/put/${PACIFICO.id}/${andesRole}`, { NombreRol: 'Tomado' })).status).toBe(
      404,
    );
    expect((await write(server, pacifico.token, 'DELETE', `${BASE}/delete/${PACIFICO.id}/${andesRole}`)).status).toBe(404);

    const supervisor = await server.login('supervisor@andesdemo.cl');
    expect((await read(server, supervisor.token, `${BASE}/all/${ANDES.id}`)).body).toMatchObject({ statusCode: 403, code: 'SIN_PERMISO' });

    const contractorRole = await roleIdByName(server, 'Contratista');
    await update(contractorRole, {
      Permisos: [
        { Ruta: '/roles', Acciones: ['index', 'crear', 'editar'] },
        { Ruta: '/trabajadores', Acciones: ['index'] },
      ],
    });
    const contractor = await server.login('contratista@andesdemo.cl');
    expect((await read(server, contractor.token, `${BASE}/all/${ANDES.id}`)).body).toMatchObject({
      statusCode: 403,
      code: 'SOLO_EMPRESA',
      message: 'Solo los usuarios de la empresa administran usuarios, roles, empresas contratistas y clientes.',
    });
    expect((await create(roleBody(), contractor.token)).status).toBe(403);
  });
});
