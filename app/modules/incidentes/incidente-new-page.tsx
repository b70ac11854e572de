import { CLASIFICACIONES, type Clasificacion, involvesInjury } from '#sync/domain/incident-form.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { fullName, hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { requireDevice } from '#app/sync/device-sync.ts';
import { useDraftWrite } from '#app/ui/drafts/use-draft-write.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { createIncidentDraft } from './draft-store.ts';
import './form/incident-form.css';

/** Reportar incidente: what happened decides which fields the report asks; the report then opens, saved as it goes. */
export function IncidenteNewPage() {
  const session = useRequiredSession();
  const navigate = useNavigate();
  const { write } = useDraftWrite();
  const [choice, setChoice] = useState<Clasificacion | null>(null);
  const [busy, setBusy] = useState(false);
  const allowed = hasPermission(session, paths.incidentes.list.href, 'crear');

  const start = async () => {
    if (!choice) return;
    setBusy(true);
    const owner = { companyId: session.empresa.IdEmpresa, userId: session.usuario.IdUsuario, userName: fullName(session) };
    const id = (await write(createIncidentDraft(requireDevice().db, owner, choice))) as string | undefined;
    setBusy(false);
    if (id) navigate(paths.incidentes.editar.href(id), { replace: true });
  };

  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={paths.incidentes.list.href} parentLabel="Incidentes" title="Reportar incidente" />
        {!allowed ? (
          <p className="notice notice--warning">No tienes permiso para reportar incidentes.</p>
        ) : (
          <section className="card" aria-labelledby="incidente-nuevo-title">
            <h2 id="incidente-nuevo-title">¿Qué ocurrió?</h2>
            <fieldset className="incident-choice">
              <legend>Tipo de accidente*</legend>
              {CLASIFICACIONES.map((option) => (
                <label key={option} className="incident-choice__option">
                  <input type="radio" name="clasificacion" checked={choice === option} onChange={() => setChoice(option)} />
                  {option}
                </label>
              ))}
            </fieldset>
            {choice && involvesInjury(choice) && (
              <p className="notice notice--info">Con un trabajador lesionado corre el plazo de 24 horas para presentar la DIAT a la mutualidad: el reporte lo muestra desde que lo comiences.</p>
            )}
            <p className="muted">El reporte se guarda en este dispositivo a medida que lo escribes, también sin conexión.</p>
            <div className="button-row">
              <IonButton onClick={() => void start()} disabled={!choice || busy}>
                Comenzar reporte
              </IonButton>
            </div>
          </section>
        )}
      </div>
    </PageContent>
  );
}
