import type { DeviceFile } from '#app/db/inspection-rows.ts';
import { fullName } from '#app/session/session-permissions.ts';
import { getStoredSession } from '#app/session/session-store.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { finishIncidentDraft } from '#app/modules/incidentes/draft-finish.ts';
import { createIncidentDraft, saveReporterSignature, setEvidencePhotos, setFields } from '#app/modules/incidentes/draft-store.ts';

/**
 * tests/bench/incident-report.bench.ts: a stage-1 report with two photos already compressed (as the photo field
 * leaves them on the device) and the reporter's signature, then "Enviar reporte" timed alone: the report's rules,
 * the ONE transaction with the outbox entry, the files, the case row and the locked draft (SPEC IC1).
 */
export async function benchIncidentReport(photos: DeviceFile[], signature: DeviceFile): Promise<number> {
  const { session } = getStoredSession()!;
  const { db } = requireDevice();
  // The event type comes from the catalogue the device pulled, as the form's select takes it.
  const types = (await db.table('tipos_evento').toArray()) as { Id: string; Info: string }[];
  const tipoEvento = (types.find((row) => row.Info === 'Caída al mismo nivel') ?? types[0])?.Id;
  if (!tipoEvento) throw new Error('El dispositivo no tiene tipos de evento: ¿terminó la primera sincronización?');
  const id = await createIncidentDraft(db, { companyId: session.empresa.IdEmpresa, userId: session.usuario.IdUsuario, userName: fullName(session) }, 'Accidente con tiempo perdido');
  await setFields(db, id, { Lugar: 'Banco de pruebas, losa 2', TipoEvento: tipoEvento, NombreAccidentado: 'Pedro Rojas Muñoz', Rut: '15234567-4', Cargo: 'Jornal' });
  await db.archivosDispositivo.bulkPut(photos);
  await setEvidencePhotos(db, id, photos.map((photo) => ({ Sha256: photo.sha256, Tipo: 'image/jpeg' as const })));
  await saveReporterSignature(db, id, signature);
  const started = performance.now();
  const result = await finishIncidentDraft(id);
  const elapsed = performance.now() - started;
  if (!result.ok) throw new Error(result.problems.map((problem) => problem.message).join('; '));
  return elapsed;
}
