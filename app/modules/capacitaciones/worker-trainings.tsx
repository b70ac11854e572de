import { formatDisplayDate, toWireDate } from '#sync/domain/dates.ts';
import { formatGrade } from '#sync/domain/number-format.ts';
import { trainingState } from '#sync/domain/training-rules.ts';
import { Link } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { TrainingStateChip } from './training-state.tsx';
import './capacitaciones.css';
import { ScrollTable } from '#app/ui/scroll-table.tsx';

/**
 * A worker's trainings for their record (composed into the worker's detail by app/pages): every realised session
 * they attended, newest first, with its grade and its state today (vigente, por vencer, vencida, reprobada), read
 * from the sessions on this device.
 */
export function WorkerTrainings({ workerId }: { workerId: string }) {
  const session = useRequiredSession();
  const today = toWireDate(new Date());
  const rows = useDbQuery(
    async (db) => {
      const sessions = await db.capacitaciones.where('personas').equals(workerId).toArray();
      const types = new Map((await db.tipos_capacitacion.toArray()).map((type) => [type.IdTipoCapacitacion, type.Nombre]));
      return sessions
        .filter((training) => training.Realizada === 1)
        .flatMap((training) =>
          training.Participantes.filter((participant) => participant.IdPersona === workerId && participant.Estado === 1 && participant.Asistio === 1).map((participant) => ({ training, participant, type: types.get(training.IdTipoCapacitacion) ?? '' })),
        )
        .sort((a, b) => (b.training.FechaRealizacion ?? '').localeCompare(a.training.FechaRealizacion ?? ''));
    },
    [workerId],
  );
  if (!hasPermission(session, paths.capacitaciones.realizadas.list.href)) return null;
  return (
    <CardSection id="worker-trainings" title="Capacitaciones">
      {!rows ? (
        <p className="muted">Cargando capacitaciones…</p>
      ) : rows.length === 0 ? (
        <p className="muted">Sin capacitaciones realizadas en este dispositivo.</p>
      ) : (
        <ScrollTable label="Capacitaciones del trabajador">
          <thead>
            <tr>
              <th scope="col">Capacitación</th>
              <th scope="col">Tipo</th>
              <th scope="col">Realizada</th>
              <th scope="col">Nota</th>
              <th scope="col">Estado</th>
              <th scope="col">Certificado</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ training, participant, type }) => (
              <tr key={participant.Id}>
                <td>
                  <Link to={paths.capacitaciones.realizadas.detalles.href(training.IdCapacitacion)}>{training.Tema}</Link>
                </td>
                <td>{type}</td>
                <td>{formatDisplayDate(training.FechaRealizacion)}</td>
                <td>{training.Evaluada === 1 && participant.Nota !== null ? formatGrade(participant.Nota) : '—'}</td>
                <td>
                  <TrainingStateChip state={trainingState(participant, training.Evaluada, today)} expiry={participant.FechaVencimiento} />
                </td>
                <td>
                  <Link to={paths.pdf.report.href('capacitacion', session.empresa.IdEmpresa, participant.Id)}>Certificado de {training.Tema}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </CardSection>
  );
}
