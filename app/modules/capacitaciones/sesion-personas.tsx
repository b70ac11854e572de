import { personName } from '#sync/domain/person-name.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { uuidV7 } from '#sync/outbox/uuid-v7.ts';
import type { RelatorBody } from '#sync/schemas/capacitaciones-partes.schema.ts';
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { apiRequest } from '#app/data/api-client.ts';
import { useWorkersById } from '#app/data/worker-queries.ts';
import { fullName } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CheckList } from '#app/ui/form/check-list.tsx';
import { SelectFilter } from '#app/ui/list-filters.tsx';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { ChosenWorkers } from '#app/ui/workers/chosen-workers.tsx';
import { WorkerSearch } from '#app/ui/workers/worker-search.tsx';
import type { TrainingLookups } from './capacitaciones-lookups.ts';

interface ParticipantsEditorProps {
  lookups: TrainingLookups;
  cargos: string[];
  people: string[];
  onCargos: (cargos: string[]) => void;
  onPeople: (people: string[]) => void;
}

/**
 * Who takes part: by position (every active worker holding it when the session is saved) and by person, found by
 * RUT or name on the device. People already in the list can be taken out one by one.
 */
export function ParticipantsEditor({ lookups, cargos, people, onCargos, onPeople }: ParticipantsEditorProps) {
  const workers = useWorkersById(people);
  return (
    <section className="card" aria-labelledby="sesion-participantes-title">
      <h2 id="sesion-participantes-title">Participantes</h2>
      <CheckList
        legend="Por cargo (los trabajadores que lo tienen al guardar)"
        options={lookups.cargos.map((cargo) => ({ value: cargo.IdCargo, label: cargo.NombreCargo }))}
        chosen={cargos}
        onChange={onCargos}
      />
      <ChosenWorkers
        searchLabel="Agregar por persona (RUT o nombre)"
        listLabel="Participantes por persona"
        people={people.map((person) => {
          const worker = workers?.get(person);
          return { id: person, name: worker ? personName(worker) : 'Trabajador no disponible en este dispositivo', rut: worker?.RunPersona };
        })}
        empty="Sin participantes por persona."
        onPick={(worker) => onPeople([...people, worker.IdPersona])}
        onRemove={(id) => onPeople(people.filter((person) => person !== id))}
      />
    </section>
  );
}

interface PresentersEditorProps {
  lookups: TrainingLookups;
  presenters: RelatorBody[];
  onChange: (presenters: RelatorBody[]) => void;
}

const presenterName = (presenter: RelatorBody, lookups: TrainingLookups) =>
  presenter.Nombre || (presenter.IdCargo ? `Cargo: ${lookups.cargoName.get(presenter.IdCargo) ?? ''}` : 'Relator');

/** Who presents (spec: relatores by position or by user; a worker or an outsider is named and signs on site). */
export function PresentersEditor({ lookups, presenters, onChange }: PresentersEditorProps) {
  const session = useRequiredSession();
  const online = useOnlineStatus();
  const nameId = useId();
  const rutId = useId();
  const [external, setExternal] = useState({ Nombre: '', Rut: '' });
  const users = useQuery({
    queryKey: ['capacitaciones', 'relatores-usuarios', session.empresa.IdEmpresa],
    queryFn: ({ signal }) => apiRequest<{ data: { IdUsuario: number; Nombre: string; Rut: string }[] }>(`/capacitaciones/RelatorUsuario/${session.empresa.IdEmpresa}`, { signal }),
    enabled: online,
    staleTime: 10 * 60 * 1000,
  });
  const me = { IdUsuario: session.usuario.IdUsuario, Nombre: fullName(session), Rut: session.usuario.RunPersona ?? '' };
  const userOptions = [me, ...(users.data?.data ?? []).filter((user) => user.IdUsuario !== me.IdUsuario)];
  const add = (presenter: Omit<RelatorBody, 'Id'>) => onChange([...presenters, { Id: uuidV7(), Estado: 1, ...presenter }]);
  return (
    <section className="card" aria-labelledby="sesion-relatores-title">
      <h2 id="sesion-relatores-title">Relatores</h2>
      {presenters.length === 0 ? (
        <p className="muted">Sin relatores.</p>
      ) : (
        <ul className="people-list" aria-label="Relatores">
          {presenters.map((presenter) => (
            <li key={presenter.Id}>
              <span>
                {presenterName(presenter, lookups)}
                {presenter.Rut && <span className="muted"> · {formatRut(presenter.Rut)}</span>}
              </span>
              <IonButton fill="clear" color="danger" size="small" onClick={() => onChange(presenters.filter((other) => other.Id !== presenter.Id))}>
                Quitar a {presenterName(presenter, lookups)}
              </IonButton>
            </li>
          ))}
        </ul>
      )}
      <div className="record-form__grid">
        <SelectFilter
          label="Agregar un usuario como relator"
          emptyLabel="Elige un usuario"
          value=""
          options={userOptions.map((user) => ({ value: String(user.IdUsuario), label: user.Nombre }))}
          onChange={(value) => {
            const user = userOptions.find((candidate) => String(candidate.IdUsuario) === value);
            if (user) add({ IdUsuario: user.IdUsuario, Nombre: user.Nombre, Rut: user.Rut });
          }}
        />
        <SelectFilter
          label="Agregar un cargo como relator"
          emptyLabel="Elige un cargo"
          value=""
          options={lookups.cargos.map((cargo) => ({ value: cargo.IdCargo, label: cargo.NombreCargo }))}
          onChange={(value) => value && add({ IdCargo: value })}
        />
      </div>
      <WorkerSearch label="Agregar un trabajador como relator" onPick={(worker) => add({ IdPersona: worker.IdPersona, Nombre: personName(worker), Rut: worker.RunPersona })} />
      <div className="record-form__grid">
        <div className="select-field">
          <label htmlFor={nameId}>Relator externo: nombre</label>
          <input id={nameId} value={external.Nombre} onChange={(event) => setExternal({ ...external, Nombre: event.target.value })} />
        </div>
        <div className="select-field">
          <label htmlFor={rutId}>Relator externo: RUT</label>
          <input id={rutId} value={external.Rut} onChange={(event) => setExternal({ ...external, Rut: event.target.value })} />
        </div>
      </div>
      <IonButton
        fill="outline"
        color="dark"
        disabled={external.Nombre.trim() === ''}
        onClick={() => {
          add({ Nombre: external.Nombre.trim(), Rut: external.Rut.trim() });
          setExternal({ Nombre: '', Rut: '' });
        }}
      >
        Agregar relator externo
      </IonButton>
    </section>
  );
}
