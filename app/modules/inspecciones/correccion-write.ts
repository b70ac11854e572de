import type { ContenidoFormulario } from '#sync/schemas/formularios.schema.ts';
import type { InspeccionCorreccionBody } from '#sync/schemas/inspecciones-correccion.schema.ts';
import { localWrite } from '#app/data/local-write.ts';
import { photoFiles } from '#app/data/review-writes.ts';
import type { LocalInspeccion, LocalObservacion } from '#app/db/inspection-rows.ts';
import { type DeviceSync, requireDevice } from '#app/sync/device-sync.ts';
import { correctedRow, type Corrector } from './correccion-form.ts';

const INSPECTIONS_PATH = '/api/inspecciones/observaciones-inspecciones';

/**
 * The spec's PUT of a finished inspection, through the outbox like every write: the device shows the corrected
 * header, answers and grade at once; the server checks it again, keeps the original in the history and sends back
 * its observations (withdrawn, added) with the pull.
 */
export async function correctInspection(
  inspection: LocalInspeccion,
  observations: readonly LocalObservacion[],
  content: Pick<ContenidoFormulario, 'Items' | 'CamposEncabezado' | 'Rangos'>,
  body: InspeccionCorreccionBody,
  corrector: Corrector,
  device: Pick<DeviceSync, 'db' | 'store' | 'replayer'> = requireDevice(),
): Promise<void> {
  const files = (body.Observaciones ?? []).flatMap((observation) => observation.Archivos);
  await localWrite(
    {
      table: 'inspecciones',
      id: inspection.IdEvaluacion,
      row: correctedRow(inspection, observations, content, body, corrector),
      request: { method: 'PUT', path: `${INSPECTIONS_PATH}/${encodeURIComponent(inspection.IdEvaluacion)}`, body },
      files: await photoFiles(device.db, files),
    },
    device,
  );
}
