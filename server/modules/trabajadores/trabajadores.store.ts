import type { Trabajador } from '#sync/schemas/trabajadores.schema.ts';
import type { RecordStore } from '#server/records/record-store.ts';
import * as repo from './trabajadores.repo.ts';
import { workerSearchText } from '#server/records/search-words.ts';

/** Workers keep their positions in a join table and their search text beside them: a store of their own. */
export const trabajadoresStore: RecordStore<Trabajador> = {
  async companyOf(db, id) {
    return (await repo.findWorkerById(db, id))?.IdEmpresa;
  },
  async load(db, company, id) {
    const row = await repo.findWorker(db, company, id);
    return row && { row: repo.toWireWorker(row, (await repo.cargosOf(db, [id])).get(id) ?? []), fieldVersions: row.VersionesCampos };
  },
  async insert(db, worker, fieldVersions) {
    await repo.insertWorker(db, worker.IdEmpresa, worker.IdPersona, { ...columnsOf(worker), VersionesCampos: fieldVersions });
    await repo.setWorkerCargos(db, worker.IdEmpresa, worker.IdPersona, worker.cargos);
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

function columnsOf(worker: Trabajador): repo.WorkerColumns {
  return {
    RunPersona: worker.RunPersona,
    Nombres: worker.Nombres,
    ApellidoPaterno: worker.ApellidoPaterno,
    ApellidoMaterno: worker.ApellidoMaterno,
    IdNivel2: worker.IdNivel2,
    IdNivel3: worker.IdNivel3,
    IdNivel4: worker.IdNivel4,
    TipoEmpresa: worker.TipoEmpresa,
    RutContratista: worker.RutContratista,
    FichaMedica: repo.fileColumn(worker.FichaMedica),
    FechaFichaMedica: worker.FechaFichaMedica,
    FichaMedicaAnterior: repo.fileColumn(worker.FichaMedicaAnterior),
    Firma: repo.fileColumn(worker.Firma),
    FirmaAnterior: repo.fileColumn(worker.FirmaAnterior),
    CorreoPersonal: worker.CorreoPersonal,
    ConsentimientoCorreo: worker.ConsentimientoCorreo,
    Licencias: JSON.stringify(worker.licencias),
    Certificaciones: JSON.stringify(worker.certificaciones),
    Evidencias: JSON.stringify(worker.evidencias),
    Busqueda: workerSearchText(worker),
  };
}
