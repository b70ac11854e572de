import type { Capacitacion } from '#sync/schemas/capacitaciones.schema.ts';
import type { RecordStore } from '#server/records/record-store.ts';
import { insertSession, updateSession } from './capacitaciones-escritura.repo.ts';
import * as repo from './capacitaciones.repo.ts';

/** Sessions keep their participants, presenters and evidence in tables of their own: a store of their own. */
export const capacitacionesStore: RecordStore<Capacitacion> = {
  companyOf: repo.companyOfSession,
  async load(db, company, id) {
    const found = await repo.loadSession(db, company, id);
    return found && { row: found.session, fieldVersions: found.fieldVersions };
  },
  insert: insertSession,
  update: updateSession,
  listActive: (db, company, viewer) => repo.listSessions(db, company, viewer),
  activeIds: repo.activeSessionIds,
  isReferenced: repo.sessionPointsAt,
};
