import { WorkerTrainings } from '#app/modules/capacitaciones/worker-trainings.tsx';
import { TrabajadorDetailPage } from '#app/modules/trabajadores/trabajador-detail-page.tsx';

/**
 * A worker's record: the workers module's detail with what other modules know of the worker (their trainings and
 * validity). Business modules do not import each other; this composition joins them.
 */
export function TrabajadorRecordPage() {
  return <TrabajadorDetailPage sections={(workerId) => <WorkerTrainings workerId={workerId} />} />;
}
