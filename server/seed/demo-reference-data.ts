import { rutCheckDigit } from '#sync/domain/rut.ts';
import { EMPTY_MEDICAL_DATE } from '#sync/schemas/trabajadores.schema.ts';
import { RECORD_STORES } from '../app-modules.ts';
import type { Db } from '../db/database.ts';
import { workerSearchText } from '../records/search-words.ts';
import { contractorAudience, recordChange } from '../sync/change-log.repo.ts';
import type { Viewer } from '../tenancy/viewer.ts';
import { DEMO_CONTRACTOR } from './demo-parties.ts';
import { seedId } from './seed-id.ts';
import type { LevelType } from '#sync/schemas/niveles.schema.ts';

const CONTRACTOR_RUT = DEMO_CONTRACTOR.RutCompleto;

const FIRST_NAMES = ['Juan', 'María', 'Pedro', 'Camila', 'Luis', 'Fernanda', 'Cristián', 'Javiera', 'Sebastián', 'Constanza'];
const SURNAMES = [
  'González',
  'Muñoz',
  'Rojas',
  'Díaz',
  'Pérez',
  'Soto',
  'Contreras',
  'Silva',
  'Martínez',
  'Sepúlveda',
  'Morales',
  'Rodríguez',
];
const POSITIONS = [
  'Supervisor de Terreno',
  'Maestro Carpintero',
  'Operador de Grúa Horquilla',
  'Eléctrico',
  'Prevencionista de Riesgos',
  'Jornal',
];

function withCheckDigit(body: number): string {
  return `${body}-${rutCheckDigit(String(body))}`;
}

/**
 * Levels, positions and workers, each with its change-log row: the change log is the only way a device gets
 * reference data, so a fresh device pulling from cursor 0 receives these like any later write (parents first).
 */
export async function seedReferenceData(db: Db, companyId: string, now: Date): Promise<void> {
  const level = (tipo: number, n: number) => seedId(companyId, `nv${tipo}`, n);
  const levels: { id: string; tipo: LevelType; padre: string | null; nombre: string }[] = [
    { id: level(2, 1), tipo: 2, padre: null, nombre: 'Faena Los Andes' },
    { id: level(2, 2), tipo: 2, padre: null, nombre: 'Faena Ruta 5 Norte' },
    { id: level(3, 1), tipo: 3, padre: level(2, 1), nombre: 'Obras Civiles' },
    { id: level(3, 2), tipo: 3, padre: level(2, 1), nombre: 'Montaje Eléctrico' },
    { id: level(3, 3), tipo: 3, padre: level(2, 2), nombre: 'Movimiento de Tierra' },
  ];
  await db
    .insertInto('niveles')
    .values(
      levels.map((l) => ({
        IdNivel: l.id,
        IdEmpresa: companyId,
        TipoNivel: l.tipo,
        IdNivelPadre: l.padre,
        Nombre: l.nombre,
        RutNivel: '',
      })),
    )
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
    .values(
      workers.map((worker, i) => ({ IdPersona: worker.IdPersona, IdCargo: cargos[i % cargos.length]!.IdCargo, IdEmpresa: companyId })),
    )
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
    await recordChange(
      db,
      {
        company: companyId,
        table: 'trabajadores',
        id: row.IdPersona,
        op: 'upsert',
        row,
        audience: contractorAudience(row.RutContratista),
      },
      now,
    );
  }
}
