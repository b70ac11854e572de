import type { Formulario } from '#sync/schemas/formularios.schema.ts';
import type { RecordStore } from '#server/records/record-store.ts';
import * as repo from './formularios.repo.ts';

/** Templates keep every content version in `formulario_versiones`; the record shows the newest. */
export const formulariosStore: RecordStore<Formulario> = {
  async companyOf(db, id) {
    return (await repo.findFormularioById(db, id))?.IdEmpresa;
  },
  async load(db, company, id) {
    const row = await repo.findFormulario(db, company, id);
    const contenido = row && (await repo.findVersion(db, company, id, row.VersionFormulario));
    return row && contenido && { row: repo.toWireFormulario(row, contenido), fieldVersions: row.VersionesCampos };
  },
  async loadVersion(db, company, id, version) {
    const row = await repo.findFormulario(db, company, id);
    const contenido = row && (await repo.findVersion(db, company, id, version));
    return row && contenido && { ...repo.toWireFormulario(row, contenido), VersionFormulario: version };
  },
  async listActive(db, company) {
    return (await repo.listFormularios(db, company)).filter((template) => template.Estado === 1);
  },
  async activeIds(db, company, ids) {
    const rows = await Promise.all(ids.map((id) => repo.findFormulario(db, company, id)));
    return new Set(rows.filter((row) => row?.Estado === 1).map((row) => row!.IdFormulario));
  },
  // Nothing is refused for pointing at a template: inspections keep theirs when it is retired (IN5).
  isReferenced: async () => false,
};
