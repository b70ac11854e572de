import type { Session } from '#sync/schemas/auth.schema.ts';
import { IonButton } from '@ionic/react';
import { type ReactNode, useState } from 'react';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { GateCheckPanel } from './gate-check.tsx';
import { type GatePlace, GatePlaceForm, GateTabs, useGatePlace, useGateWorksites, type Worksite } from './gate-place.tsx';
import './acceso.css';

/** The gate screens' frame: the title, the two views and, once chosen, where this device stands. */
export function GateFrame({ children }: { children: ReactNode }) {
  return (
    <PageContent>
      <div className="page-body gate-page">
        <h1 className="page-title">Control de Acceso</h1>
        <GateTabs />
        {children}
      </div>
    </PageContent>
  );
}

/** The chosen worksite and gate, or the form that chooses them; `children` gets the place once there is one. */
export function WithGatePlace({ session, children }: { session: Session; children: (place: GatePlace, worksite: Worksite) => ReactNode }) {
  const [place, setPlace] = useGatePlace(session);
  const worksites = useGateWorksites(session);
  const [changing, setChanging] = useState(false);
  if (!worksites) return <PageLoading />;
  if (worksites.length === 0)
    return <p className="notice notice--info">Este dispositivo aún no tiene faenas: sincroniza con conexión para descargarlas.</p>;
  const worksite = place && worksites.find((row) => row.IdNivel === place.IdNivel2);
  if (!place || !worksite || changing)
    return (
      <GatePlaceForm
        session={session}
        worksites={worksites}
        current={place}
        onSave={(next) => {
          setPlace(next);
          setChanging(false);
        }}
        onCancel={worksite && changing ? () => setChanging(false) : undefined}
      />
    );
  return (
    <>
      <div className="gate-place">
        <p>
          <span className="muted">Faena</span> <strong>{worksite.Nombre}</strong> · <span className="muted">Portería</span> <strong>{place.Puerta}</strong>
        </p>
        <IonButton size="small" fill="outline" color="dark" onClick={() => setChanging(true)}>
          Cambiar portería
        </IonButton>
      </div>
      {children(place, worksite)}
    </>
  );
}

/**
 * `/control-acceso`: the guard reads a RUT, a plate or a QR, and the tablet answers from what it holds, offline for
 * days: who may enter, why not, and the entry, exit, refusal or provisional pass it logs.
 */
export function ControlAccesoPage() {
  const session = useRequiredSession();
  return (
    <GateFrame>
      <WithGatePlace session={session}>{(place) => <GateCheckPanel key={`${place.IdNivel2}/${place.Puerta}`} session={session} place={place} />}</WithGatePlace>
    </GateFrame>
  );
}
