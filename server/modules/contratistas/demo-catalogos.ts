import { toWireDate } from '#sync/domain/dates.ts';
import type { ContractorCatalogueTable } from '#sync/schemas/contratistas-catalogos.schema.ts';
import type { Db } from '#server/db/database.ts';
import { seedId } from '#server/seed/seed-id.ts';
import { recordChange } from '#server/sync/change-log.repo.ts';
import { catalogueStores, proveedoresStore } from './contratistas-stores.ts';

/** What a demo company starts with: the processes, teams, activities and classifications a mandante usually names. */
const DEMO_CATALOGUES: Record<ContractorCatalogueTable, string[]> = {
  procesos_faena: ['Extracción', 'Chancado', 'Mantención', 'Transporte', 'Servicios generales'],
  equipos_trabajo: ['Cuadrilla de mantención eléctrica', 'Cuadrilla de obras civiles', 'Equipo de aseo industrial'],
  actividades_contrato: ['Montaje estructural', 'Mantención eléctrica', 'Aseo industrial', 'Transporte de personal', 'Alimentación'],
  clasificaciones_contrato: ['Laboral y previsional', 'Seguridad y salud en el trabajo', 'Legal', 'Medio ambiente'],
};

const DEMO_PROVIDERS: [Nombre: string, RutCompleto: string, Rubro: string][] = [
  ['Combustibles del Norte SpA', '76543210-3', 'Combustibles'],
  ['Seguridad Industrial Austral Ltda.', '77123456-9', 'Elementos de protección personal'],
];

/** The demo company's contractor catalogues, each record with its change-log row, once: nothing when the first exists. */
export async function seedContractorCatalogues(db: Db, company: string, now: Date): Promise<void> {
  if (await proveedoresStore.companyOf(db, seedId(company, 'proveedores', 0))) return;
  await db.transaction().execute(async (trx) => {
    for (const [table, names] of Object.entries(DEMO_CATALOGUES) as [ContractorCatalogueTable, string[]][]) {
      for (const Info of names) {
        const row = { Id: seedId(company, table, Info), IdEmpresa: company, Estado: 1 as const, Version: 1, Info, Tipo: '', Fecha: toWireDate(now), IdUsuario: 0 };
        await catalogueStores[table].insert!(trx, row, '{}');
        await recordChange(trx, { company, table, id: row.Id, op: 'upsert', row }, now);
      }
    }
    for (const [n, [Nombre, RutCompleto, Rubro]] of DEMO_PROVIDERS.entries()) {
      const row = { IdProveedor: seedId(company, 'proveedores', n), IdEmpresa: company, Estado: 1 as const, Version: 1, Nombre, RutCompleto, Rubro };
      await proveedoresStore.insert!(trx, row, '{}');
      await recordChange(trx, { company, table: 'proveedores', id: row.IdProveedor, op: 'upsert', row }, now);
    }
  });
}
