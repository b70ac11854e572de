import { formatDisplayDate } from '#sync/domain/dates.ts';
import type { RealisationProblem } from '#sync/domain/training-rules.ts';
import { CAPACITACIONES_MESSAGES } from '#sync/schemas/capacitaciones.schema.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useNotice } from '#app/ui/feedback/use-notice.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PhotoField } from '#app/ui/form/photo-field.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { finishAttendance } from './asistencia-finish.ts';
import { AttendanceParticipants } from './asistencia-participantes.tsx';
import { RealisationPanel } from './asistencia-realizar.tsx';
import { AttendancePresenters } from './asistencia-relatores.tsx';
import { setPhotos, startAttendance } from './asistencia-store.ts';
import { useTrainingLookups } from './capacitaciones-lookups.ts';
import '#app/ui/records.css';
import './capacitaciones.css';

/**
 * Taking attendance at the worksite (SPEC TR1), on a tablet or a phone, offline: participants found by name or RUT
 * sign, the presenter signs, photos of the session, then the realisation with grades. Everything is on the device
 * the moment it is given: a reload, a crash or a sign-out loses nothing.
 */
export function AsistenciaPage() {
  const { id = '' } = useParams();
  const session = useRequiredSession();
  const navigate = useNavigate();
  const notify = useNotice();
  const showSaved = useSavedToast();
  const lookups = useTrainingLookups();
  const [problems, setProblems] = useState<RealisationProblem[] | null>(null);
  // Two live queries: a change of the draft (each signature) reads the draft again, not the session too.
  const draft = useDbQuery(async (db) => (await db.asistencias.get(id)) ?? null, [id]);
  const training = useDbQuery(async (db) => (await db.capacitaciones.get(id)) ?? null, [id]);
  const back = paths.capacitaciones.creadas.detalles.href(id);
  if (draft === undefined || training === undefined || !lookups) return <PageLoading />;
  const onError = (message: string) => notify({ message, tone: 'error' });
  const allowed = hasPermission(session, paths.capacitaciones.creadas.list.href, 'editar');

  const heading = <PageHeading parentHref={back} parentLabel={training?.Tema ?? 'Capacitación'} title="Asistencia" />;
  if (!allowed || !training || training.Realizada === 1 || draft?.estado === 'finalizada') {
    const reason = !allowed
      ? 'No tienes permiso para tomar asistencia.'
      : !training
        ? 'La capacitación no está en este dispositivo.'
        : 'La capacitación ya fue marcada como realizada.';
    return (
      <PageContent>
        <div className="page-body">
          {heading}
          <p className="notice notice--info">{reason}</p>
        </div>
      </PageContent>
    );
  }
  if (!draft) {
    return (
      <PageContent>
        <div className="page-body">
          {heading}
          <p>
            {training.Tema} · {formatDisplayDate(training.Fecha)} · {training.Lugar}
          </p>
          <IonButton
            onClick={() =>
              void startAttendance(requireDevice().db, training, {
                userId: session.usuario.IdUsuario,
                companyId: session.empresa.IdEmpresa,
              }).catch((error: Error) => onError(error.message))
            }
          >
            Comenzar asistencia
          </IonButton>
        </div>
      </PageContent>
    );
  }

  const current = problems ?? [];
  const byPerson = new Map(current.filter((problem) => problem.id !== null).map((problem) => [problem.id!, problem.message]));
  const finish = async () => {
    const result = await finishAttendance(id);
    if (!result.ok) {
      setProblems(result.problems);
      return;
    }
    showSaved(CAPACITACIONES_MESSAGES.realised);
    navigate(paths.capacitaciones.realizadas.detalles.href(id), { replace: true });
  };
  return (
    <PageContent>
      <div className="page-body attendance-page">
        {heading}
        <p className="attendance-page__what">
          <strong>{training.Tema}</strong> · {formatDisplayDate(training.Fecha)} · {training.Lugar}
        </p>
        {draft.rechazo && (
          <p className="notice notice--error" role="alert">
            El servidor no aceptó la asistencia: {draft.rechazo}. Corrígela y vuelve a marcarla como realizada.
          </p>
        )}
        <AttendanceParticipants draft={draft} onError={onError} problems={byPerson} />
        <AttendancePresenters draft={draft} cargoName={lookups.cargoName} onError={onError} />
        <section className="card attendance" aria-labelledby="asistencia-fotos-title">
          <h2 id="asistencia-fotos-title">Fotos de la capacitación</h2>
          <PhotoField
            label="Fotos de la capacitación"
            value={draft.Fotos.map((photo) => photo.Archivo)}
            onChange={(next) => void setPhotos(requireDevice().db, id, next).catch((error: Error) => onError(error.message))}
            max={10}
          />
        </section>
        <RealisationPanel draft={draft} problems={current.filter((problem) => problem.id === null)} onError={onError} onFinish={finish} />
      </div>
    </PageContent>
  );
}
