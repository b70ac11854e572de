import { formatDisplayInstant } from '#sync/domain/dates.ts';
import { isClasificacion, REPORT_RULE_MESSAGES } from '#sync/domain/incident-rules.ts';
import { clockText, diatClock, needsProof, requiresImmediateNotice } from '#sync/domain/legal-clock.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import type { IncidentFields, LocalIncidente } from '#app/db/incident-rows.ts';
import { fullName } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { useNow } from '#app/ui/use-now.ts';
import { InstantInput, TextInput } from './form/fields.tsx';
import { updateIncident } from './incidente-writes.ts';
import { noticeText } from './legal-notice.ts';
import '#app/ui/drafts/draft-field.css';
import './legal-card.css';

const MUTUALIDADES = ['ACHS', 'Mutual de Seguridad CChC', 'IST', 'ISL'];

interface LegalProps {
  incident: LocalIncidente;
  /** The person may record these acts (company users with Editar on the case). */
  canAct: boolean;
  names: ReadonlyMap<string, string>;
}

const record = (incident: LocalIncidente, patch: Partial<IncidentFields>) => updateIncident(incident, patch);

/** SPEC IC3: the DIAT's 24 hours, counting down offline, until it is marked filed (who, when, the mutualidad's folio). */
export function DiatCard({ incident, canAct }: Omit<LegalProps, 'names'>) {
  const session = useRequiredSession();
  const showSaved = useSavedToast();
  const now = useNow(1000);
  const [open, setOpen] = useState(false);
  const [filing, setFiling] = useState({
    por: fullName(session),
    en: new Date().toISOString(),
    folio: '',
    mutualidad: MUTUALIDADES[0]!,
    prueba: incident.MedioPrueba,
  });
  const [error, setError] = useState<string | null>(null);
  const clasificacion = isClasificacion(incident.Clasificacion) ? incident.Clasificacion : null;
  const clock = diatClock({ ...incident, Clasificacion: clasificacion }, now);
  if (!clock.applies) return null;

  const file = async () => {
    if (!filing.por.trim()) return setError(REPORT_RULE_MESSAGES.diatFiledBy);
    if (!filing.folio.trim()) return setError(REPORT_RULE_MESSAGES.diatFolio);
    if (needsProof(clasificacion) && !filing.prueba.trim()) return setError(REPORT_RULE_MESSAGES.proofRequired);
    setError(null);
    await record(incident, {
      DiatPresentadaEn: filing.en,
      DiatPresentadaPor: filing.por.trim(),
      DiatFolio: filing.folio.trim(),
      Mutualidad: filing.mutualidad,
      MedioPrueba: filing.prueba.trim(),
    });
    setOpen(false);
    showSaved('DIAT registrada como presentada');
  };

  return (
    <CardSection
      id="incidente-diat"
      title="DIAT a la mutualidad"
      className={clock.filed ? 'diat-card diat-card--filed' : clock.overdue ? 'diat-card diat-card--overdue' : 'diat-card'}
    >
      {clock.filed ? (
        <p>
          Presentada el {formatDisplayInstant(clock.filedAt)}
          {incident.DiatPresentadaPor && ` por ${incident.DiatPresentadaPor}`}
          {incident.DiatFolio && `, folio ${incident.DiatFolio}`}
          {incident.Mutualidad && ` (${incident.Mutualidad})`}.
        </p>
      ) : (
        <>
          <p className="diat-card__clock" role="timer" aria-live="off">
            {clock.overdue ? clockText(clock.remainingMs) : `Quedan ${clockText(clock.remainingMs)}`}
          </p>
          <p className="muted">
            Plazo legal: 24 horas desde que la empresa supo del accidente ({formatDisplayInstant(incident.FechaConocimiento)}); vence el{' '}
            {formatDisplayInstant(new Date(clock.deadline).toISOString())}.
          </p>
          {needsProof(clasificacion) && !incident.MedioPrueba && (
            <p className="notice notice--warning">{REPORT_RULE_MESSAGES.proofRequired}.</p>
          )}
          {canAct && !open && (
            <IonButton onClick={() => setOpen(true)} fill="outline" color="dark">
              Marcar DIAT presentada
            </IonButton>
          )}
          {open && (
            <div className="diat-card__form">
              <div className="incident-grid">
                <TextInput
                  label="Presentada por*"
                  value={filing.por}
                  onChange={(por) => setFiling((current) => ({ ...current, por }))}
                  delay={0}
                />
                <InstantInput
                  id="diat-presentada-en"
                  label="Fecha y hora de presentación*"
                  value={filing.en}
                  onChange={(en) => setFiling((current) => ({ ...current, en }))}
                />
                <TextInput
                  label="Folio de la mutualidad*"
                  value={filing.folio}
                  onChange={(folio) => setFiling((current) => ({ ...current, folio }))}
                  delay={0}
                />
                <div className="draft-field">
                  <label htmlFor="diat-mutualidad">Mutualidad</label>
                  <select
                    id="diat-mutualidad"
                    value={filing.mutualidad}
                    onChange={(event) => setFiling((current) => ({ ...current, mutualidad: event.target.value }))}
                  >
                    {MUTUALIDADES.map((name) => (
                      <option key={name}>{name}</option>
                    ))}
                  </select>
                </div>
              </div>
              {needsProof(clasificacion) && (
                <TextInput
                  label="Medio de prueba*"
                  value={filing.prueba}
                  onChange={(prueba) => setFiling((current) => ({ ...current, prueba }))}
                  delay={0}
                  multiline
                />
              )}
              {error && (
                <p className="field-error" role="alert">
                  {error}
                </p>
              )}
              <div className="button-row">
                <IonButton onClick={() => void file()}>Guardar DIAT presentada</IonButton>
                <IonButton fill="outline" color="dark" onClick={() => setOpen(false)}>
                  Cancelar
                </IonButton>
              </div>
            </div>
          )}
        </>
      )}
    </CardSection>
  );
}

/**
 * A grave or fatal accident (SPEC IC3): one tap records when the work was suspended, and the notice to the
 * Inspección del Trabajo and the SEREMI de Salud is drafted with what is known: printable, copyable, shared from the
 * device when online; giving it is recorded.
 */
export function GraveCard({ incident, canAct, names }: LegalProps) {
  const session = useRequiredSession();
  const showSaved = useSavedToast();
  const online = useOnlineStatus();
  const now = useNow(60_000);
  const [to, setTo] = useState<'inspeccion' | 'seremi'>('inspeccion');
  const clasificacion = isClasificacion(incident.Clasificacion) ? incident.Clasificacion : null;
  if (!requiresImmediateNotice({ Clasificacion: clasificacion, CriteriosGravedad: incident.CriteriosGravedad })) return null;
  const text = noticeText(incident, to, {
    company: { Nombre: session.empresa.NombreEmpresa, Rut: session.empresa.RutEmpresa },
    author: fullName(session),
    now,
    names,
  });
  const given = to === 'inspeccion' ? incident.AvisoInspeccionEn : incident.AvisoSeremiEn;

  const suspend = async () => {
    await record(incident, { SuspensionFaenaEn: new Date().toISOString() });
    showSaved('Suspensión de la faena registrada');
  };
  const registerNotice = async () => {
    await record(
      incident,
      to === 'inspeccion' ? { AvisoInspeccionEn: new Date().toISOString() } : { AvisoSeremiEn: new Date().toISOString() },
    );
    showSaved(to === 'inspeccion' ? 'Aviso a la Inspección del Trabajo registrado' : 'Aviso a la SEREMI de Salud registrado');
  };
  const print = () => {
    const view = window.open('', '_blank');
    if (!view) return;
    view.document.title = 'Aviso de accidente';
    const pre = view.document.createElement('pre');
    pre.style.cssText = 'font: 14px/1.5 sans-serif; white-space: pre-wrap;';
    pre.textContent = text;
    view.document.body.append(pre);
    view.print();
  };

  return (
    <CardSection id="incidente-grave" title="Accidente grave: suspensión y avisos" className="grave-card">
      {incident.SuspensionFaenaEn ? (
        <p>Faena suspendida el {formatDisplayInstant(incident.SuspensionFaenaEn)}.</p>
      ) : (
        <>
          <p className="notice notice--error">La faena afectada debe suspenderse de inmediato.</p>
          {canAct && <IonButton onClick={() => void suspend()}>Registrar suspensión de la faena ahora</IonButton>}
        </>
      )}
      <div className="grave-card__tabs" role="group" aria-label="Destinatario del aviso">
        <IonButton
          fill={to === 'inspeccion' ? 'solid' : 'outline'}
          color="dark"
          size="small"
          aria-pressed={to === 'inspeccion'}
          onClick={() => setTo('inspeccion')}
        >
          Inspección del Trabajo
        </IonButton>
        <IonButton
          fill={to === 'seremi' ? 'solid' : 'outline'}
          color="dark"
          size="small"
          aria-pressed={to === 'seremi'}
          onClick={() => setTo('seremi')}
        >
          SEREMI de Salud
        </IonButton>
      </div>
      <label className="grave-card__label" htmlFor="aviso-texto">
        Borrador del aviso
      </label>
      <textarea id="aviso-texto" className="grave-card__text" readOnly value={text} rows={14} />
      <div className="button-row">
        <IonButton
          fill="outline"
          color="dark"
          onClick={() => void navigator.clipboard?.writeText(text).then(() => showSaved('Aviso copiado'))}
        >
          Copiar aviso
        </IonButton>
        <IonButton fill="outline" color="dark" onClick={print}>
          Imprimir aviso
        </IonButton>
        {online && typeof navigator.share === 'function' && (
          <IonButton
            fill="outline"
            color="dark"
            onClick={() => void navigator.share({ title: 'Aviso de accidente', text }).catch(() => undefined)}
          >
            Compartir aviso
          </IonButton>
        )}
      </div>
      {given ? (
        <p>Aviso dado el {formatDisplayInstant(given)}.</p>
      ) : (
        canAct && (
          <IonButton onClick={() => void registerNotice()}>
            {to === 'inspeccion' ? 'Registrar aviso a la Inspección del Trabajo' : 'Registrar aviso a la SEREMI de Salud'}
          </IonButton>
        )
      )}
    </CardSection>
  );
}
