import type { Db } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import { hashPassword } from '../tenancy/password.ts';
import { GUARD, seedGuard, seedWorksiteSupervisor, WORKSITE_SUPERVISOR } from './demo-worksite-user.ts';
import { grantEveryRouteToDemoAdmins, seedDemoCatalogues } from './demo-catalogues.ts';
import { RECORD_STORES, SERVER_HALVES } from '../app-modules.ts';
import { seedInspectionDemo } from './demo-inspecciones.ts';
import { seedTrainingDemo } from './demo-capacitaciones.ts';
import { seedEppDemo } from './demo-epp.ts';
import { seedAccidentCatalogues, seedIncidentDemo } from './demo-incidentes.ts';
import { seedHeadcountDemo, seedIncidentYearDemo } from './demo-incidentes-anio.ts';
import { DEMO_CLIENT, DEMO_CONTRACTOR, seedDemoParties } from './demo-parties.ts';
import { seedReferenceData } from './demo-reference-data.ts';
import { seedInspectorDemo } from './demo-fiscalizador.ts';
import { seedId } from './seed-id.ts';
import { type DemoUser, grantRole, insertDemoUser } from './demo-user.ts';
import { ROLE_GRANTS } from './module-catalogue.ts';

export { seedId };

export const DEMO_PASSWORD = 'Andes.2026';

export const DEMO_ACCOUNTS = [
  { rutEmpresa: '76123456-0', correo: 'admin@andesdemo.cl', rol: 'Administrador (todos los permisos)' },
  { rutEmpresa: '76123456-0', correo: 'supervisor@andesdemo.cl', rol: 'Supervisor de terreno' },
  { rutEmpresa: '76123456-0', correo: WORKSITE_SUPERVISOR.correo, rol: `Supervisor de una faena: su tablet guarda solo ${WORKSITE_SUPERVISOR.faena}` },
  { rutEmpresa: '76123456-0', correo: 'contratista@andesdemo.cl', rol: 'Usuario contratista (tipo 2)' },
  { rutEmpresa: '76123456-0', correo: GUARD.correo, rol: `Guardia de la portería de ${WORKSITE_SUPERVISOR.faena}: control de acceso` },
  { rutEmpresa: '76123456-0', correo: 'cliente@andesdemo.cl', rol: 'Usuario cliente' },
  { rutEmpresa: '76123456-0', correo: 'nuevo@andesdemo.cl', rol: 'Primer inicio: debe cambiar la contraseña' },
  { rutEmpresa: '77654321-7', correo: 'admin@pacificodemo.cl', rol: 'Administrador de otra empresa (aislamiento)' },
  { rutEmpresa: '96512345-8', correo: 'admin@atacamademo.cl', rol: 'Empresa suspendida por pago pendiente' },
];

const CONTRACTOR_RUT = DEMO_CONTRACTOR.RutCompleto;

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

/** What a seed run writes beyond the companies' own data. */
export interface DemoSeedOptions {
  /**
   * false: not the modules' own demo data (their seedDemo), whose tables a database of an older schema lacks (a
   * migration's test seeds the demo as it was before it).
   */
  moduleSeeds?: boolean;
}

/** Creates the demo companies that do not exist yet; running it again changes nothing. */
export async function seedDemo(db: Db, now: Date, files?: FileStore, options: DemoSeedOptions = {}): Promise<boolean> {
  const existing = await db.selectFrom('empresas').select('RutEmpresa').execute();
  const missing = COMPANIES.filter((company) => !existing.some((row) => row.RutEmpresa === company.rut));
  if (missing.length === 0) {
    await seedLaterDemoData(db, now, files, options);
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
          const names = { admin: 'Administrador', supervisor: 'Supervisor de terreno', contratista: 'Contratista', cliente: 'Cliente', guardia: GUARD.rol };
          const role = await trx.insertInto('roles').values({ IdEmpresa: companyId, NombreRol: names[user.rol] }).returning('IdRol').executeTakeFirstOrThrow();
          roleId = role.IdRol;
          roleIds.set(user.rol, roleId);
          await grantRole(trx, roleId, user.rol === 'admin' ? 'todo' : ROLE_GRANTS[user.rol]);
        }
        await insertDemoUser(trx, companyId, user, roleId, passwordHash, now);
      }
      if (company.withReferenceData) await seedReferenceData(trx, companyId, now);
    }
  });
  await seedLaterDemoData(db, now, files, options);
  return true;
}

/** What the demo gained after its companies were first seeded: once each, also on an older data folder. */
async function seedLaterDemoData(db: Db, now: Date, files: FileStore | undefined, options: DemoSeedOptions): Promise<void> {
  await grantEveryRouteToDemoAdmins(db, COMPANIES.map((company) => company.rut.slice(0, -2)));
  await seedInspectorDemo(db, DEMO_PASSWORD, now);
  for (const company of COMPANIES.filter((candidate) => candidate.withReferenceData)) {
    await seedDemoParties(db, company.rut.slice(0, -2), now);
    await seedDemoCatalogues(db, company.rut.slice(0, -2), now);
    await seedAccidentCatalogues(db, company.rut.slice(0, -2), now);
    await seedWorksiteSupervisor(db, company.rut.slice(0, -2), DEMO_PASSWORD, now);
    await seedGuard(db, company.rut.slice(0, -2), DEMO_PASSWORD, now);
    if (options.moduleSeeds === false) continue;
    for (const { half } of SERVER_HALVES) await half.seedDemo?.(db, company.rut.slice(0, -2), now, { records: RECORD_STORES, files });
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
