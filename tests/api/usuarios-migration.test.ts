import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type Db } from '#server/db/database.ts';
import { migrateToLatest, migrateUpTo } from '#server/db/migrate.ts';
import { seedCatalogue } from '#server/seed/catalogue-seed.ts';

let dir: string;
let db: Db;
afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const user = (IdUsuario: number, CorreoElectronicoPersona: string, Tipo: 'empresa' | 'contratista' | 'cliente', party: { IdContratista?: string; IdCliente?: string } = {}) => ({
  IdUsuario,
  IdEmpresa: '76123456',
  CorreoElectronicoPersona,
  RunPersona: '',
  Nombres: 'Ana',
  ApellidoPaterno: 'Rojas',
  ApellidoMaterno: '',
  TelefonoPersona: '',
  FechaNacimiento: '',
  AvatarArchivo: null,
  HashContrasena: 'x',
  DebeCambiarContrasena: 0,
  Habilitado: 1,
  IdRol: 1,
  Tipo,
  IdContratista: party.IdContratista ?? null,
  IdCliente: party.IdCliente ?? null,
  IdSistemaPreferido: 1,
  CreadoEn: '2026-01-01T00:00:00.000Z',
});

describe('migration 0012: contractors and clients from their users', () => {
  it('turns each contractor RUT and client id on users into a row with its first user as account, names users and redownloads clients', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'andes-migracion-'));
    db = openSqlite(dir);
    await migrateUpTo(db, '0008-catalogues-and-approvals');
    await seedCatalogue(db);
    await db.insertInto('empresas').values({ IdEmpresa: '76123456', RutEmpresa: '76123456-0', NombreEmpresa: 'Andes', Direccion: '', TelefonoEmpresa: '', LogoArchivo: null, EstadoEmpresa: 1, VarianteDashboard: 'estandar', CreadoEn: '2026-01-01' }).execute();
    await db.insertInto('roles').values({ IdRol: 1, IdEmpresa: '76123456', NombreRol: 'Administrador' } as never).execute();
    await db
      .insertInto('usuarios')
      .values([
        user(1, 'ana@andes.cl', 'empresa'),
        user(2, 'ana@contratista.cl', 'contratista', { IdContratista: '78945612-7' }),
        user(3, 'otro@contratista.cl', 'contratista', { IdContratista: '78945612-7' }),
        user(4, 'compras@minera.cl', 'cliente', { IdCliente: 'CLI-001' }),
      ] as never)
      .execute();
    await migrateToLatest(db);

    expect(await db.selectFrom('empresas_contratistas').select(['RutCompleto', 'Rut', 'Nombre', 'Correo', 'Estado', 'Tipo', 'IdUsuario']).execute()).toEqual([
      { RutCompleto: '78945612-7', Rut: '78945612', Nombre: 'Empresa contratista 78945612-7', Correo: 'ana@contratista.cl', Estado: 1, Tipo: 2, IdUsuario: 2 },
    ]);
    expect(await db.selectFrom('clientes').select(['IdCliente', 'Nombre', 'IdUsuario', 'Estado']).execute()).toEqual([{ IdCliente: 'CLI-001', Nombre: 'Cliente CLI-001', IdUsuario: 4, Estado: 1 }]);
    const users = await db.selectFrom('usuarios').select(['IdUsuario', 'NombreUsuario', 'SeqPermisos']).orderBy('IdUsuario').execute();
    expect(users.map((row) => row.NombreUsuario)).toEqual(['ana', 'ana2', 'otro', 'compras']);
    const marker = await db.selectFrom('cambios').select(['Seq', 'Tabla']).executeTakeFirstOrThrow();
    expect(marker.Tabla).toBe('_permisos');
    expect(users.map((row) => row.SeqPermisos)).toEqual([0, 0, 0, marker.Seq]);
  });
});
