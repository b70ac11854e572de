import type { Db } from '../db/database.ts';

/** The demo company's contractor company and client, each with its main account (a demo user with its e-mail). */
export const DEMO_CONTRACTOR = {
  IdEmpresaContratista: '0193f2a0-6c1e-7a10-8b2e-5d8c4e7a9f01',
  RutCompleto: '78945612-7',
  Nombre: 'Montajes Industriales del Sur SpA',
  Correo: 'contratista@andesdemo.cl',
  Telefono: '+56 41 245 6789',
  Direccion: 'Av. Colón 3450, Talcahuano',
};

/** Its id is older than clients' own records: inspections and tests name it CLI-001. */
export const DEMO_CLIENT = {
  IdCliente: 'CLI-001',
  RutCliente: '96790240-3',
  Nombre: 'Minera Cordillera Norte S.A.',
  Correo: 'cliente@andesdemo.cl',
  Telefono: '+56 55 266 1200',
  Direccion: 'Av. Grecia 2100, Antofagasta',
};

/**
 * The demo parties, once, linked to the demo user with their e-mail. On a data folder seeded before they had rows,
 * migration 0012 made placeholders from the users: those get the demo's names and details.
 */
export async function seedDemoParties(db: Db, company: string, now: Date): Promise<void> {
  const accountOf = async (email: string) =>
    (
      await db
        .selectFrom('usuarios')
        .select('IdUsuario')
        .where('IdEmpresa', '=', company)
        .where('CorreoElectronicoPersona', '=', email)
        .executeTakeFirst()
    )?.IdUsuario ?? null;
  const contractor = await db
    .selectFrom('empresas_contratistas')
    .select(['IdEmpresaContratista', 'Nombre'])
    .where('IdEmpresa', '=', company)
    .where('RutCompleto', '=', DEMO_CONTRACTOR.RutCompleto)
    .executeTakeFirst();
  const { IdEmpresaContratista: _id, ...contractorFields } = DEMO_CONTRACTOR;
  if (!contractor) {
    await db
      .insertInto('empresas_contratistas')
      .values({
        ...DEMO_CONTRACTOR,
        IdEmpresa: company,
        Rut: DEMO_CONTRACTOR.RutCompleto.slice(0, -2),
        LogoArchivo: null,
        Estado: 1,
        Tipo: 2,
        IdUsuario: await accountOf(DEMO_CONTRACTOR.Correo),
        Version: 1,
        CreadoEn: now.toISOString(),
      })
      .execute();
  } else if (contractor.Nombre === `Empresa contratista ${DEMO_CONTRACTOR.RutCompleto}`) {
    await db
      .updateTable('empresas_contratistas')
      .set(contractorFields)
      .where('IdEmpresaContratista', '=', contractor.IdEmpresaContratista)
      .execute();
  }
  const client = await db
    .selectFrom('clientes')
    .select('Nombre')
    .where('IdEmpresa', '=', company)
    .where('IdCliente', '=', DEMO_CLIENT.IdCliente)
    .executeTakeFirst();
  const { IdCliente, ...clientFields } = DEMO_CLIENT;
  if (!client) {
    await db
      .insertInto('clientes')
      .values({
        ...DEMO_CLIENT,
        IdEmpresa: company,
        LogoArchivo: null,
        Estado: 1,
        Tipo: 2,
        IdUsuario: await accountOf(DEMO_CLIENT.Correo),
        Version: 1,
        CreadoEn: now.toISOString(),
      })
      .execute();
  } else if (client.Nombre === `Cliente ${IdCliente}`) {
    await db.updateTable('clientes').set(clientFields).where('IdEmpresa', '=', company).where('IdCliente', '=', IdCliente).execute();
  }
}
