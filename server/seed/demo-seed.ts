import { rutCheckDigit } from '#sync/domain/rut.ts';
import { EMPTY_MEDICAL_DATE } from '#sync/schemas/trabajadores.schema.ts';
import type { Db } from '../db/database.ts';
import type { UserKind } from '../db/schema.ts';
import type { FileStore } from '../files/file-store.ts';
import { hashPassword } from '../auth/password.ts';
import { RECORD_STORES } from '../app-modules.ts';
import { contractorAudience, recordChange } from '../sync/change-log.repo.ts';
import { workerSearchText } from '../modules/trabajadores/trabajador-search.ts';
import type { Viewer } from '../tenancy/viewer.ts';
import { grantEveryRouteToDemoAdmins, seedDemoCatalogues } from './demo-catalogues.ts';
import { seedInspectionDemo } from './demo-inspecciones.ts';
import { seedTrainingDemo } from './demo-capacitaciones.ts';
import { seedEppDemo } from './demo-epp.ts';
import { seedAccidentCatalogues, seedHeadcountDemo, seedIncidentDemo, seedIncidentYearDemo } from './demo-incidentes.ts';
import { DEMO_CLIENT, DEMO_CONTRACTOR, seedDemoParties } from './demo-parties.ts';
import { seedId } from './seed-id.ts';
import { ALL_ACTIONS, ROLE_GRANTS, type RoleGrant } from './module-catalogue.ts';

export { seedId };

export const DEMO_PASSWORD = 'Andes.2026';

export const DEMO_ACCOUNTS = [
  { rutEmpresa: '76123456-0', correo: 'admin@andesdemo.cl', rol: 'Administrador (todos los permisos)' },
  { rutEmpresa: '76123456-0', correo: 'supervisor@andesdemo.cl', rol: 'Supervisor de terreno' },
  { rutEmpresa: '76123456-0', correo: 'contratista@andesdemo.cl', rol: 'Usuario contratista (tipo 2)' },
  { rutEmpresa: '76123456-0', correo: 'cliente@andesdemo.cl', rol: 'Usuario cliente' },
  { rutEmpresa: '76123456-0', correo: 'nuevo@andesdemo.cl', rol: 'Primer inicio: debe cambiar la contraseña' },
  { rutEmpresa: '77654321-7', correo: 'admin@pacificodemo.cl', rol: 'Administrador de otra empresa (aislamiento)' },
  { rutEmpresa: '96512345-8', correo: 'admin@atacamademo.cl', rol: 'Empresa suspendida por pago pendiente' },
];

const CONTRACTOR_RUT = DEMO_CONTRACTOR.RutCompleto;

interface DemoUser {
  correo: string;
  nombres: string;
  paterno: string;
  materno: string;
  run: string;
  rol: 'admin' | keyof typeof ROLE_GRANTS;
  tipo: UserKind;
  sistemas: number[];
  debeCambiar?: boolean;
  idContratista?: string;
  idCliente?: string;
}

interface DemoCompany {
  rut: string;
  nombre: string;
  estado: 0 | 1 | 2;
  direccion: string;
  mascaras?: [string, string, string];
  users: DemoUser[];
  withReferenceData?: boolean;
}

const COMPANIES: DemoCompany[] = [
  {
    rut: '76123456-0',
    nombre: 'Constructora Andes Demo SpA',
    estado: 1,
    direccion: 'Av. Apoquindo 4501, Las Condes, Santiago',
    mascaras: ['Faena', 'Área', 'Sector'],
    withReferenceData: true,
    users: [
      { correo: 'admin@andesdemo.cl', nombres: 'Carolina', paterno: 'Muñoz', materno: 'Soto', run: '13456789-9', rol: 'admin', tipo: 'empresa', sistemas: [1, 2] },
      { correo: 'supervisor@andesdemo.cl', nombres: 'Jorge', paterno: 'Araya', materno: 'Rojas', run: '15234567-4', rol: 'supervisor', tipo: 'empresa', sistemas: [1] },
      { correo: 'contratista@andesdemo.cl', nombres: 'Patricio', paterno: 'Fuentes', materno: 'Vera', run: '16789012-1', rol: 'contratista', tipo: 'contratista', sistemas: [1], idContratista: CONTRACTOR_RUT },
      { correo: 'cliente@andesdemo.cl', nombres: 'Daniela', paterno: 'Pizarro', materno: 'León', run: '17890123-0', rol: 'cliente', tipo: 'cliente', sistemas: [1], idCliente: DEMO_CLIENT.IdCliente },
      { correo: 'nuevo@andesdemo.cl', nombres: 'Matías', paterno: 'Contreras', materno: 'Díaz', run: '18901234-9', rol: 'supervisor', tipo: 'empresa', sistemas: [1], debeCambiar: true },
    ],
  },
  {
    rut: '77654321-7',
    nombre: 'Constructora Pacífico Demo Ltda.',
    estado: 1,
    direccion: 'Av. Brasil 2950, Valparaíso',
    mascaras: ['Obra', 'Frente', 'Sector'],
    users: [{ correo: 'admin@pacificodemo.cl', nombres: 'Rodrigo', paterno: 'Valdés', materno: 'Castro', run: '12345678-5', rol: 'admin', tipo: 'empresa', sistemas: [1, 2] }],
  },
  {
    rut: '96512345-8',
    nombre: 'Servicios Mineros Atacama SpA',
    estado: 2,
    direccion: 'Av. Grecia 1200, Antofagasta',
    users: [{ correo: 'admin@atacamademo.cl', nombres: 'Valentina', paterno: 'Rivera', materno: 'Tapia', run: '14567890-0', rol: 'admin', tipo: 'empresa', sistemas: [1] }],
  },
];

const FIRST_NAMES = ['Juan', 'María', 'Pedro', 'Camila', 'Luis', 'Fernanda', 'Cristián', 'Javiera', 'Sebastián', 'Constanza'];
const SURNAMES = ['González', 'Muñoz', 'Rojas', 'Díaz', 'Pérez', 'Soto', 'Contreras', 'Silva', 'Martínez', 'Sepúlveda', 'Morales', 'Rodríguez'];
const POSITIONS = ['Supervisor de Terreno', 'Maestro Carpintero', 'Operador de Grúa Horquilla', 'Eléctrico', 'Prevencionista de Riesgos', 'Jornal'];

function withCheckDigit(body: number): string {
  return `${body}-${rutCheckDigit(String(body))}`;
}

async function grantRole(db: Db, roleId: number, grant: RoleGrant | 'todo'): Promise<void> {
  const subs = await db.selectFrom('submodulos').select(['IdSubmodulo', 'Ruta']).execute();
  const rows = subs
    .map((sub) => ({ sub, actions: grant === 'todo' ? ALL_ACTIONS : grant[sub.Ruta] }))
    .filter((entry) => entry.actions && entry.actions.length > 0)
    .map(({ sub, actions }) => ({ IdRol: roleId, IdSubmodulo: sub.IdSubmodulo, Acciones: actions!.join(',') }));
  if (rows.length) await db.insertInto('rol_permisos').values(rows).execute();
}

/**
 * Levels, positions and workers, each with its change-log row: the change log is the only way a device gets
 * reference data, so a fresh device pulling from cursor 0 receives these like any later write (parents first).
 */
async function seedReferenceData(db: Db, companyId: string, now: Date): Promise<void> {
  const level = (tipo: number, n: number) => seedId(companyId, `nv${tipo}`, n);
  const levels = [
    { id: level(2, 1), tipo: 2, padre: null, nombre: 'Faena Los Andes' },
    { id: level(2, 2), tipo: 2, padre: null, nombre: 'Faena Ruta 5 Norte' },
    { id: level(3, 1), tipo: 3, padre: level(2, 1), nombre: 'Obras Civiles' },
    { id: level(3, 2), tipo: 3, padre: level(2, 1), nombre: 'Montaje Eléctrico' },
    { id: level(3, 3), tipo: 3, padre: level(2, 2), nombre: 'Movimiento de Tierra' },
  ];
  await db
    .insertInto('niveles')
    .values(levels.map((l) => ({ IdNivel: l.id, IdEmpresa: companyId, TipoNivel: l.tipo, IdNivelPadre: l.padre, Nombre: l.nombre, RutNivel: '' })))
    .execute();
  // Each position sits under a level 3 and that level's own level 2.
  const cargos = POSITIONS.map((nombre, i) => {
    const nv3 = levels[2 + (i % 3)]!;
    return { IdCargo: seedId(companyId, 'cargo', i + 1), IdEmpresa: companyId, NombreCargo: nombre, IdNivel2: nv3.padre, IdNivel3: nv3.id };
  });
  await db.insertInto('cargos').values(cargos).execute();
  const workers = Array.from({ length: 20 }, (_, i) => {
    const cargo = cargos[i % cargos.length]!;
    const contractor = i % 4 === 0;
    const names = {
      RunPersona: withCheckDigit(11_000_000 + i * 373_541),
      Nombres: FIRST_NAMES[i % FIRST_NAMES.length]!,
      ApellidoPaterno: SURNAMES[i % SURNAMES.length]!,
      ApellidoMaterno: SURNAMES[(i * 5 + 3) % SURNAMES.length]!,
    };
    return {
      ...names,
      IdPersona: seedId(companyId, 'trabajador', i + 1),
      IdEmpresa: companyId,
      IdNivel2: cargo.IdNivel2,
      IdNivel3: cargo.IdNivel3,
      IdNivel4: null,
      TipoEmpresa: contractor ? 2 : 1,
      RutContratista: contractor ? CONTRACTOR_RUT : null,
      FichaMedica: null,
      FechaFichaMedica: EMPTY_MEDICAL_DATE,
      FichaMedicaAnterior: null,
      Firma: null,
      FirmaAnterior: null,
      Licencias: '[]',
      Certificaciones: '[]',
      Evidencias: '[]',
      Busqueda: workerSearchText(names),
    };
  });
  await db.insertInto('trabajadores').values(workers).execute();
  await db
    .insertInto('trabajador_cargos')
    .values(workers.map((worker, i) => ({ IdPersona: worker.IdPersona, IdCargo: cargos[i % cargos.length]!.IdCargo, IdEmpresa: companyId })))
    .execute();

  const everything: Viewer = { kind: 'empresa' };
  for (const row of await RECORD_STORES.niveles.listActive(db, companyId, everything)) {
    await recordChange(db, { company: companyId, table: 'niveles', id: row.IdNivel, op: 'upsert', row }, now);
  }
  for (const cargo of cargos) {
    const row = (await RECORD_STORES.cargos.load(db, companyId, cargo.IdCargo))!.row;
    await recordChange(db, { company: companyId, table: 'cargos', id: row.IdCargo, op: 'upsert', row }, now);
  }
  for (const worker of workers) {
    const row = (await RECORD_STORES.trabajadores.load(db, companyId, worker.IdPersona))!.row;
    await recordChange(db, { company: companyId, table: 'trabajadores', id: row.IdPersona, op: 'upsert', row, audience: contractorAudience(row.RutContratista) }, now);
  }
}

/**
 * Templates, finished inspections and observations of the company with reference data, once (also on a database
 * seeded before they existed). They need the file store for their signatures and photos.
 */
async function seedInspections(db: Db, now: Date, files: FileStore): Promise<void> {
  const company = COMPANIES.find((candidate) => candidate.withReferenceData)!;
  const companyId = company.rut.slice(0, -2);
  const users = await db.selectFrom('usuarios').select(['IdUsuario', 'CorreoElectronicoPersona']).where('IdEmpresa', '=', companyId).execute();
  const idOf = (kind: DemoUser['rol']) => users.find((user) => user.CorreoElectronicoPersona === company.users.find((demo) => demo.rol === kind)?.correo)?.IdUsuario;
  const [admin, supervisor, contractor] = [idOf('admin'), idOf('supervisor'), idOf('contratista')];
  if (admin === undefined || supervisor === undefined || contractor === undefined) return;
  await seedInspectionDemo(db, companyId, CONTRACTOR_RUT, { admin, supervisor, contractor }, now, files);
  await seedTrainingDemo(db, companyId, { admin, supervisor }, now, files);
  await seedIncidentDemo(db, companyId, { admin, supervisor, contractor }, now, files);
  await seedIncidentYearDemo(db, companyId, { admin, supervisor, contractor }, now, files);
  await seedHeadcountDemo(db, companyId, CONTRACTOR_RUT, now);
}

/** Creates the demo companies that do not exist yet; running it again changes nothing. */
export async function seedDemo(db: Db, now: Date, files?: FileStore): Promise<boolean> {
  const existing = await db.selectFrom('empresas').select('RutEmpresa').execute();
  const missing = COMPANIES.filter((company) => !existing.some((row) => row.RutEmpresa === company.rut));
  if (missing.length === 0) {
    await seedLaterDemoData(db, now, files);
    return false;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    for (const company of missing) {
      const companyId = company.rut.slice(0, -2);
      await trx
        .insertInto('empresas')
        .values({
          IdEmpresa: companyId,
          RutEmpresa: company.rut,
          NombreEmpresa: company.nombre,
          Direccion: company.direccion,
          TelefonoEmpresa: '+56 2 2987 6543',
          LogoArchivo: null,
          EstadoEmpresa: company.estado,
          VarianteDashboard: 'estandar',
          CreadoEn: now.toISOString(),
        })
        .execute();
      if (company.mascaras) {
        await trx
          .insertInto('mascaras')
          .values(company.mascaras.map((Nombre, i) => ({ IdEmpresa: companyId, TipoNv: i + 2, Nombre })))
          .execute();
      }
      const roleIds = new Map<DemoUser['rol'], number>();
      for (const user of company.users) {
        let roleId = roleIds.get(user.rol);
        if (roleId === undefined) {
          const names = { admin: 'Administrador', supervisor: 'Supervisor de terreno', contratista: 'Contratista', cliente: 'Cliente' };
          const role = await trx.insertInto('roles').values({ IdEmpresa: companyId, NombreRol: names[user.rol] }).returning('IdRol').executeTakeFirstOrThrow();
          roleId = role.IdRol;
          roleIds.set(user.rol, roleId);
          await grantRole(trx, roleId, user.rol === 'admin' ? 'todo' : ROLE_GRANTS[user.rol]);
        }
        const inserted = await trx
          .insertInto('usuarios')
          .values({
            IdEmpresa: companyId,
            CorreoElectronicoPersona: user.correo,
            NombreUsuario: user.correo.split('@')[0]!,
            RunPersona: user.run,
            Nombres: user.nombres,
            ApellidoPaterno: user.paterno,
            ApellidoMaterno: user.materno,
            TelefonoPersona: '+56 9 8765 4321',
            FechaNacimiento: '1985-04-12',
            AvatarArchivo: null,
            HashContrasena: passwordHash,
            DebeCambiarContrasena: user.debeCambiar ? 1 : 0,
            Habilitado: 1,
            IdRol: roleId,
            Tipo: user.tipo,
            IdContratista: user.idContratista ?? null,
            IdCliente: user.idCliente ?? null,
            IdSistemaPreferido: 1,
            CreadoEn: now.toISOString(),
          })
          .returning('IdUsuario')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('usuario_sistemas')
          .values(user.sistemas.map((IdSistema) => ({ IdUsuario: inserted.IdUsuario, IdSistema })))
          .execute();
      }
      if (company.withReferenceData) await seedReferenceData(trx, companyId, now);
    }
  });
  await seedLaterDemoData(db, now, files);
  return true;
}

/** What the demo gained after its companies were first seeded: once each, also on an older data folder. */
async function seedLaterDemoData(db: Db, now: Date, files: FileStore | undefined): Promise<void> {
  await grantEveryRouteToDemoAdmins(db, COMPANIES.map((company) => company.rut.slice(0, -2)));
  for (const company of COMPANIES.filter((candidate) => candidate.withReferenceData)) {
    await seedDemoParties(db, company.rut.slice(0, -2), now);
    await seedDemoCatalogues(db, company.rut.slice(0, -2), now);
    await seedAccidentCatalogues(db, company.rut.slice(0, -2), now);
  }
  // The EPP catalogue first: demo checklist statements and training types name its items (the EPP dashboard).
  if (files) await seedEpp(db, now, files);
  if (files) await seedInspections(db, now, files);
}

/** The EPP catalogue, assignments and past sealed deliveries of the company with reference data, once. */
async function seedEpp(db: Db, now: Date, files: FileStore): Promise<void> {
  const company = COMPANIES.find((candidate) => candidate.withReferenceData)!;
  const companyId = company.rut.slice(0, -2);
  const users = await db.selectFrom('usuarios').select(['IdUsuario', 'CorreoElectronicoPersona']).where('IdEmpresa', '=', companyId).execute();
  const idOf = (kind: DemoUser['rol']) => users.find((user) => user.CorreoElectronicoPersona === company.users.find((demo) => demo.rol === kind)?.correo)?.IdUsuario;
  const [admin, supervisor] = [idOf('admin'), idOf('supervisor')];
  if (admin === undefined || supervisor === undefined) return;
  await seedEppDemo(db, companyId, { admin, supervisor }, now, files);
}
