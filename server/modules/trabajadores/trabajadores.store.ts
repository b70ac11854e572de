import type { Trabajador } from '#sync/schemas/trabajadores.schema.ts';
import type { RecordStore } from '#server/records/record-store.ts';
import * as repo from './trabajadores.repo.ts';
import { workerSearchText } from '#server/records/search-words.ts';

/** Workers keep their positions in a join table and their search text beside them: a store of their own. */
export const trabajadoresStore: RecordStore<Trabajador> = {
  companyOf: repo.companyOfWorker,
  async load(db, company, id) {
    const row = await repo.findWorker(db, company, id);
    return row && { row: repo.toWireWorker(row, await repo.cargosOfWorker(db, id)), fieldVersions: row.VersionesCampos };
  },
  async insert(db, worker, fieldVersions) {
    const { IdEmpresa, IdPersona } = worker;
    const stored = await repo.insertWorker(db, { ...columnsOf(worker), IdEmpresa, IdPersona, VersionesCampos: fieldVersions });
    await repo.addWorkerCargos(db, IdEmpresa, IdPersona, worker.cargos);
    // As `load` reads it back: positions in their stored order (ids are ASCII, so code-unit order is the database's).
    return stored && repo.toWireWorker(stored, [...worker.cargos].sort());
  },
  async update(db, worker, fieldVersions) {
    await repo.updateWorker(db, worker.IdEmpresa, worker.IdPersona, {
      ...columnsOf(worker),
      Estado: worker.Estado,
      Version: worker.Version,
      VersionesCampos: fieldVersions,
    });
    await repo.setWorkerCargos(db, worker.IdEmpresa, worker.IdPersona, worker.cargos);
  },
  listActive: repo.listAllActive,
  activeIds: repo.activeWorkerIds,
  isReferenced: repo.workerPointsAt,
};

/** Every column of a worker's row, none left out (an absent optional field is stored as null, as its default). */
function columnsOf(worker: Trabajador): repo.WorkerColumns {
  return {
    RunPersona: worker.RunPersona,
    Nombres: worker.Nombres,
    ApellidoPaterno: worker.ApellidoPaterno,
    ApellidoMaterno: worker.ApellidoMaterno,
    IdNivel2: worker.IdNivel2 ?? null,
    IdNivel3: worker.IdNivel3 ?? null,
    IdNivel4: worker.IdNivel4 ?? null,
    TipoEmpresa: worker.TipoEmpresa,
    RutContratista: worker.RutContratista ?? null,
    FichaMedica: repo.fileColumn(worker.FichaMedica),
    FechaFichaMedica: worker.FechaFichaMedica,
    FichaMedicaAnterior: repo.fileColumn(worker.FichaMedicaAnterior),
    Firma: repo.fileColumn(worker.Firma),
    FirmaAnterior: repo.fileColumn(worker.FirmaAnterior),
    CorreoPersonal: worker.CorreoPersonal,
    ConsentimientoCorreo: worker.ConsentimientoCorreo ?? null,
    Licencias: JSON.stringify(worker.licencias),
    Certificaciones: JSON.stringify(worker.certificaciones),
    Evidencias: JSON.stringify(worker.evidencias),
    Busqueda: workerSearchText(worker),
  };
}
