import { resendRecord } from '#app/records/record-writes.ts';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { type TrainingLookups, useTrainingLookups } from './capacitaciones-lookups.ts';
import { SessionForm } from './sesion-form.tsx';
import { createSession, type SessionFormOutput, updateSession } from './sesion-writes.ts';
import { sessionsView } from './sesiones-view.ts';

/** `creadas/nuevo` and `creadas/editar/{id}`: the kit's page around the session's own office form. */
export function SesionFormPage() {
  const lookups = useTrainingLookups();
  return (
    <RecordFormPage<'capacitaciones', TrainingLookups, SessionFormOutput>
      view={sessionsView(false)}
      custom={{
        ready: lookups !== undefined,
        create: createSession,
        update: updateSession,
        // A refused write is corrected in its fields; its lists go as they were sent.
        resend: (key, row, values) => {
          const { Personas: _people, Relatores: _presenters, CargosParticipantes: _cargos, ...fields } = values;
          return resendRecord('capacitaciones', key, row, fields);
        },
        render: ({ row, submitLabel, submit, cancel }) => (
          <SessionForm lookups={lookups!} row={row} submitLabel={submitLabel} submit={submit} cancel={cancel} />
        ),
      }}
    />
  );
}
