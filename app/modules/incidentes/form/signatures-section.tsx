import type { Investigador } from '#sync/schemas/incidentes.schema.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import type { LocalFile } from '#app/data/local-write.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { SignaturePadField } from '#app/ui/form/signature-pad-field.tsx';
import { TextInput } from './fields.tsx';
import { fieldAnchor, type IncidentFormBinding } from './incident-form-model.ts';

export interface SignaturesBinding {
  investigators: readonly Investigador[];
  removable: (id: string) => boolean;
  onInvestigator: (person: { Nombre: string; Rut: string; Cargo: string }, png: LocalFile | null) => Promise<void>;
  onRemoveInvestigator: (id: string) => Promise<void>;
  /** Null when the report already carries the reporter's signature and it may not change (a case on the server). */
  onReporterSignature: ((png: LocalFile | null) => Promise<void>) | null;
  /** Where the reporter's signature on record shows, if any. */
  reporterSignatureUrl: string | null;
}

/** The investigators' signatures and the reporter's (spec: Investigadores with Firma; FirmaInformador). */
export function SignaturesSection({ form, binding }: { form: IncidentFormBinding; binding: SignaturesBinding }) {
  const { fields, set, problems, textDelay } = form;
  return (
    <CardSection id="incidente-firmas" title="Investigadores y firmas">
      <Investigators binding={binding} />
      <h3>Quien reporta</h3>
      <TextInput id={fieldAnchor('NombreInformador')} label="Nombre de quien reporta*" value={fields.NombreInformador} onChange={(value) => set({ NombreInformador: value })} delay={textDelay} required problem={problems.get('NombreInformador')} />
      {binding.onReporterSignature ? (
        <div id={fieldAnchor('FirmaInformador')}>
          <SignaturePadField
            label="Firma de quien reporta"
            hasCurrent={Boolean(fields.FirmaInformador)}
            currentUrl={binding.reporterSignatureUrl}
            onChange={(png) => void binding.onReporterSignature?.(png)}
          />
          {problems.get('FirmaInformador') && <p className="field-error">{problems.get('FirmaInformador')}</p>}
        </div>
      ) : (
        <p className="muted">El reporte ya lleva la firma de quien lo hizo.</p>
      )}
    </CardSection>
  );
}

function Investigators({ binding }: { binding: SignaturesBinding }) {
  const [person, setPerson] = useState({ round: 0, Nombre: '', Rut: '', Cargo: '' });
  const [png, setPng] = useState<LocalFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    try {
      setError(null);
      await binding.onInvestigator({ Nombre: person.Nombre, Rut: person.Rut, Cargo: person.Cargo }, png);
      setPerson((current) => ({ round: current.round + 1, Nombre: '', Rut: '', Cargo: '' }));
      setPng(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'No fue posible guardar la firma');
    }
  };
  return (
    <div className="incident-investigators">
      <h3>Investigadores</h3>
      {binding.investigators.length === 0 ? (
        <p className="muted">Sin investigadores.</p>
      ) : (
        <ul className="incident-list" aria-label="Investigadores">
          {binding.investigators.map((investigator) => (
            <li key={investigator.IdInvestigador}>
              <span>
                <strong>{investigator.Nombre}</strong>
                {investigator.Cargo ? ` · ${investigator.Cargo}` : ''} · firmado
              </span>
              {binding.removable(investigator.IdInvestigador) && (
                <IonButton fill="clear" color="danger" size="small" onClick={() => void binding.onRemoveInvestigator(investigator.IdInvestigador)} aria-label={`Quitar a ${investigator.Nombre}`}>
                  Quitar
                </IonButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="incident-grid" key={person.round}>
        <TextInput label="Nombre del investigador" value={person.Nombre} onChange={(Nombre) => setPerson((current) => ({ ...current, Nombre }))} delay={0} />
        <TextInput label="Rut del investigador" value={person.Rut} onChange={(Rut) => setPerson((current) => ({ ...current, Rut }))} delay={0} />
        <TextInput label="Cargo del investigador" value={person.Cargo} onChange={(Cargo) => setPerson((current) => ({ ...current, Cargo }))} delay={0} />
      </div>
      <SignaturePadField key={`pad-${person.round}`} label="Firma del investigador" hasCurrent={false} currentUrl={null} onChange={setPng} />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <IonButton fill="outline" color="dark" onClick={() => void save()}>
        Guardar firma del investigador
      </IonButton>
    </div>
  );
}
