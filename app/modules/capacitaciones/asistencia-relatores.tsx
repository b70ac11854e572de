import { personName } from '#sync/domain/person-name.ts';
import { formatRut } from '#sync/domain/rut.ts';
import type { Relator } from '#sync/schemas/capacitaciones-partes.schema.ts';
import { IonButton } from '@ionic/react';
import { useId, useState } from 'react';
import type { AttendanceDraft } from '#app/db/capacitacion-rows.ts';
import { useDeviceFileUrls } from '#app/data/inspection-files.ts';
import type { LocalFile } from '#app/data/local-write.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { SignaturePadField } from '#app/ui/form/signature-pad-field.tsx';
import { WorkerSearch } from '#app/ui/workers/worker-search.tsx';
import { addPresenter, signPresenter } from './asistencia-store.ts';

interface AttendancePresentersProps {
  draft: AttendanceDraft;
  cargoName: ReadonlyMap<string, string>;
  onError: (message: string) => void;
}

/**
 * The presenters sign too. A presenter by position, or one on site who is not listed (a worker without an account,
 * someone from outside), is named with RUT where they sign.
 */
export function AttendancePresenters({ draft, cargoName, onError }: AttendancePresentersProps) {
  const [signing, setSigning] = useState<string | null>(null);
  const active = draft.Relatores.filter((relator) => relator.Estado === 1);
  const urls = useDeviceFileUrls(active.flatMap((relator) => (relator.Firma ? [relator.Firma] : [])));
  const run = (work: () => Promise<void>) =>
    work().catch((error: unknown) => onError(error instanceof Error ? error.message : String(error)));
  return (
    <section className="card attendance" aria-labelledby="asistencia-relatores-title">
      <h2 id="asistencia-relatores-title">Relatores</h2>
      <ul className="attendance__list" aria-label="Relatores">
        {active.map((relator) => (
          <PresenterRow
            key={relator.Id}
            relator={relator}
            label={relator.Nombre || `Relator del cargo ${relator.IdCargo ? (cargoName.get(relator.IdCargo) ?? '') : ''}`}
            signatureUrl={relator.Firma ? urls?.[relator.Firma.Sha256] : undefined}
            signing={signing === relator.Id}
            onSign={() => setSigning(relator.Id)}
            onCancel={() => setSigning(null)}
            onSave={(signer, png) =>
              run(async () => {
                await signPresenter(requireDevice().db, draft.IdCapacitacion, relator.Id, signer, png);
                setSigning(null);
              })
            }
          />
        ))}
      </ul>
      <WorkerSearch
        label="Agregar relator en terreno (trabajador)"
        onPick={(worker) =>
          void run(() =>
            addPresenter(requireDevice().db, draft.IdCapacitacion, {
              Nombre: personName(worker),
              Rut: worker.RunPersona,
              IdPersona: worker.IdPersona,
            }),
          )
        }
      />
    </section>
  );
}

interface PresenterRowProps {
  relator: Relator;
  label: string;
  signatureUrl: string | undefined;
  signing: boolean;
  onSign: () => void;
  onCancel: () => void;
  onSave: (signer: { Nombre: string; Rut: string }, png: LocalFile | null) => Promise<void>;
}

function PresenterRow({ relator, label, signatureUrl, signing, onSign, onCancel, onSave }: PresenterRowProps) {
  const ids = useId();
  const [png, setPng] = useState<LocalFile | null>(null);
  const [name, setName] = useState(relator.Nombre);
  const [rut, setRut] = useState(relator.Rut);
  return (
    <li className={`attendance__person${relator.Firma ? ' attendance__person--signed' : ''}`}>
      <div className="attendance__who">
        <span className="attendance__name">{label}</span>
        {relator.Rut && <span className="muted">{formatRut(relator.Rut)}</span>}
        <span className="attendance__state">{relator.Firma ? 'Firmó' : 'Sin firma'}</span>
      </div>
      {signatureUrl && <img className="attendance__signature" src={signatureUrl} alt={`Firma de ${label}`} />}
      {signing ? (
        <div className="attendance__pad">
          <div className="record-form__grid">
            <div className="select-field">
              <label htmlFor={`${ids}-nombre`}>Nombre del relator</label>
              <input id={`${ids}-nombre`} value={name} onChange={(event) => setName(event.target.value)} />
            </div>
            <div className="select-field">
              <label htmlFor={`${ids}-rut`}>RUT del relator</label>
              <input id={`${ids}-rut`} value={rut} onChange={(event) => setRut(event.target.value)} />
            </div>
          </div>
          <SignaturePadField label={`Firma del relator ${label}`} hasCurrent={false} currentUrl={null} onChange={setPng} />
          <div className="button-row">
            <IonButton onClick={() => void onSave({ Nombre: name, Rut: rut }, png)} disabled={!png}>
              Guardar firma del relator
            </IonButton>
            <IonButton fill="outline" color="dark" onClick={onCancel}>
              Cancelar
            </IonButton>
          </div>
        </div>
      ) : (
        <div className="button-row attendance__actions">
          <IonButton fill={relator.Firma ? 'outline' : 'solid'} color={relator.Firma ? 'dark' : 'primary'} onClick={onSign}>
            {relator.Firma ? `Firmar de nuevo: ${label}` : `Firmar relator: ${label}`}
          </IonButton>
        </div>
      )}
    </li>
  );
}
