import { formatDisplayDate } from '#sync/domain/dates.ts';
import type { RealisationProblem } from '#sync/domain/training-rules.ts';
import { CAPACITACIONES_MESSAGES } from '#sync/schemas/capacitaciones.schema.ts';
import { IonButton } from '@ionic/react';
import { useNavigate, useParams } from 'react-router-dom';
import type { AttendanceDraft } from '#app/db/capacitacion-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { FieldRecordPage } from '#app/ui/field-record/field-record-page.tsx';
import { useDraftWrite } from '#app/ui/drafts/use-draft-write.ts';
import { useFieldRecordFinish } from '#app/ui/field-record/use-field-record-finish.ts';
import { PhotoField } from '#app/ui/form/photo-field.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { finishAttendance } from './asistencia-finish.ts';
import { AttendanceParticipants } from './asistencia-participantes.tsx';
import { RealisationPanel } from './asistencia-realizar.tsx';
import { AttendancePresenters } from './asistencia-relatores.tsx';
import { setPhotos, startAttendance } from './asistencia-store.ts';
import { useTrainingLookups } from './capacitaciones-lookups.ts';
import '#app/ui/records.css';
import './capacitaciones.css';

const FAILURE: RealisationProblem = { id: null, message: 'No fue posible guardar el cambio en este dispositivo' };

/**
 * Taking attendance at the worksite (SPEC TR1), on a tablet or a phone, offline: participants found by name or RUT
 * sign, the presenter signs, photos of the session, then the realisation with grades. Everything is on the device
 * the moment it is given: a reload, a crash or a sign-out loses nothing.
 */
export function AsistenciaPage() {
  const { id = '' } = useParams();
  const session = useRequiredSession();
  const navigate = useNavigate();
  const showSaved = useSavedToast();
  const { write } = useDraftWrite();
  const lookups = useTrainingLookups();
  // Two live queries: a change of the draft (each signature) reads the draft again, not the session too.
  const draft = useDbQuery(async (db) => (await db.asistencias.get(id)) ?? null, [id]);
  const training = useDbQuery(async (db) => (await db.capacitaciones.get(id)) ?? null, [id]);
  const { finish, problems } = useFieldRecordFinish(
    () => finishAttendance(id),
    () => {
      showSaved(CAPACITACIONES_MESSAGES.realised);
      navigate(paths.capacitaciones.realizadas.detalles.href(id), { replace: true });
    },
    FAILURE,
  );
  const loading = draft === undefined || training === undefined || !lookups;
  const allowed = hasPermission(session, paths.capacitaciones.creadas.list.href, 'editar');
  const reason = !allowed
    ? 'No tienes permiso para tomar asistencia.'
    : !training
      ? 'La capacitación no está en este dispositivo.'
      : training.Realizada === 1 || draft?.estado === 'finalizada'
        ? 'La capacitación ya fue marcada como realizada.'
        : null;
  const owner = { userId: session.usuario.IdUsuario, companyId: session.empresa.IdEmpresa };
  const start = () => training && write(startAttendance(requireDevice().db, training, owner));
  const byPerson = new Map((problems ?? []).flatMap((problem) => (problem.id === null ? [] : [[problem.id, problem.message] as const])));
  const shown = (current: AttendanceDraft) => (
    <>
      <p className="attendance-page__what">
        <strong>{training!.Tema}</strong> · {formatDisplayDate(training!.Fecha)} · {training!.Lugar}
      </p>
      {current.rechazo && (
        <p className="notice notice--error" role="alert">
          El servidor no aceptó la asistencia: {current.rechazo}. Corrígela y vuelve a marcarla como realizada.
        </p>
      )}
      <AttendanceParticipants draft={current} problems={byPerson} />
      <AttendancePresenters draft={current} cargoName={lookups!.cargoName} />
      <section className="card attendance" aria-labelledby="asistencia-fotos-title">
        <h2 id="asistencia-fotos-title">Fotos de la capacitación</h2>
        <PhotoField
          label="Fotos de la capacitación"
          value={current.Fotos.map((photo) => photo.Archivo)}
          onChange={(next) => write(setPhotos(requireDevice().db, id, next))}
          max={10}
        />
      </section>
      <RealisationPanel draft={current} problems={(problems ?? []).filter((problem) => problem.id === null)} onFinish={finish} />
    </>
  );
  return (
    <FieldRecordPage
      heading={
        <PageHeading parentHref={paths.capacitaciones.creadas.detalles.href(id)} parentLabel={training?.Tema ?? 'Capacitación'} title="Asistencia" />
      }
      notice={loading || !reason ? null : { text: reason, tone: 'info' }}
      draft={loading ? undefined : draft}
      className="attendance-page"
      missing={
        <>
          <p>
            {training?.Tema} · {training && formatDisplayDate(training.Fecha)} · {training?.Lugar}
          </p>
          <IonButton onClick={start}>Comenzar asistencia</IonButton>
        </>
      }
    >
      {shown}
    </FieldRecordPage>
  );
}
