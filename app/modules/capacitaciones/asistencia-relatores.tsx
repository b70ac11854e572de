import { personName } from '#sync/domain/person-name.ts';
import { useState } from 'react';
import type { AttendanceDraft } from '#app/db/capacitacion-rows.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { SignHere } from '#app/ui/field-record/sign-here.tsx';
import { TextField } from '#app/ui/form/text-field.tsx';
import { useDraftWrite } from '#app/ui/drafts/use-draft-write.ts';
import { type PadControls, type RosterPerson, SignatureRoster } from '#app/ui/field-record/signature-roster.tsx';
import { WorkerSearch } from '#app/ui/workers/worker-search.tsx';
import { addPresenter, signPresenter } from './asistencia-store.ts';

interface AttendancePresentersProps {
  draft: AttendanceDraft;
  cargoName: ReadonlyMap<string, string>;
}

type Presenter = RosterPerson & { Nombre: string; Rut: string };

/**
 * The presenters sign too. A presenter by position, or one on site who is not listed (a worker without an account,
 * someone from outside), is named with RUT where they sign.
 */
export function AttendancePresenters({ draft, cargoName }: AttendancePresentersProps) {
  const { write } = useDraftWrite();
  const id = draft.IdCapacitacion;
  const people: Presenter[] = draft.Relatores.filter((relator) => relator.Estado === 1).map((relator) => {
    const label = relator.Nombre || `Relator del cargo ${relator.IdCargo ? (cargoName.get(relator.IdCargo) ?? '') : ''}`;
    return {
      id: relator.Id,
      name: label,
      rut: relator.Rut || null,
      signature: relator.Firma,
      signedAt: relator.FirmadoEn,
      signLabel: relator.Firma ? `Firmar de nuevo: ${label}` : `Firmar relator: ${label}`,
      Nombre: relator.Nombre,
      Rut: relator.Rut,
    };
  });
  return (
    <section className="card attendance" aria-labelledby="asistencia-relatores-title">
      <h2 id="asistencia-relatores-title">Relatores</h2>
      <SignatureRoster
        label="Relatores"
        people={people}
        onSign={() => Promise.resolve()}
        renderPad={(person, pad) => (
          <PresenterPad
            presenter={person}
            pad={pad}
            onSign={(signer, png) => signPresenter(requireDevice().db, id, person.id, signer, png)}
          />
        )}
      />
      <WorkerSearch
        label="Agregar relator en terreno (trabajador)"
        onPick={(worker) =>
          write(addPresenter(requireDevice().db, id, { Nombre: personName(worker), Rut: worker.RunPersona, IdPersona: worker.IdPersona }))
        }
      />
    </section>
  );
}

interface PresenterPadProps {
  presenter: Presenter;
  pad: PadControls;
  onSign: (signer: { Nombre: string; Rut: string }, png: Parameters<PadControls['sign']>[0]) => Promise<void>;
}

/** The presenter signs with the name and RUT written here (a presenter by position is named as they sign). */
function PresenterPad({ presenter, pad, onSign }: PresenterPadProps) {
  const [name, setName] = useState(presenter.Nombre);
  const [rut, setRut] = useState(presenter.Rut);
  return (
    <SignHere
      label={`Firma del relator ${presenter.name}`}
      action="Guardar firma del relator"
      needsInk
      onSign={async (png) => {
        await onSign({ Nombre: name, Rut: rut }, png);
        await pad.sign(png);
      }}
      onCancel={pad.cancel}
    >
      <div className="record-form__grid">
        <TextField label="Nombre del relator" value={name} onChange={setName} />
        <TextField label="RUT del relator" value={rut} onChange={setRut} />
      </div>
    </SignHere>
  );
}
