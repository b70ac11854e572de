import { formatDisplayInstant } from '#sync/domain/dates.ts';
import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { entityOf } from '#sync/records/entities.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import type { ReadingTable } from './asset-kinds.ts';
import type { AssetState } from './asset-state.ts';
import type { AssetPlace } from './flota-writes.ts';
import { LecturaDialog } from './lectura-dialog.tsx';
import { readingText } from './meter-text.ts';
import './asset-sections.css';

/** The readings a page lists: enough to see the last weeks' use and any correction. */
const SHOWN_READINGS = 10;

interface LecturasSectionProps {
  table: ReadingTable;
  assetId: string;
  place: AssetPlace;
  state: AssetState;
}

/** The asset's current reading, its last readings with who took them and why one was corrected, and «Registrar lectura». */
export function LecturasSection({ table, assetId, place, state }: LecturasSectionProps) {
  const session = useRequiredSession();
  const queued = useQueuedRecordKeys();
  const [adding, setAdding] = useState(false);
  const canAdd = hasPermission(session, entityOf(table).permission, 'crear');
  return (
    <CardSection id="flota-lecturas" title="Lecturas">
      <p>
        Lectura actual: <strong>{state.current === null ? 'sin lecturas' : readingText(state.current, state.medidor)}</strong>
      </p>
      {state.readings.length > 0 && (
        <ul className="fleet-list">
          {state.readings.slice(0, SHOWN_READINGS).map((reading) => (
            <li key={reading.IdLectura}>
              <p className="fleet-list__meta">
                <strong>{readingText(reading.Valor, state.medidor)}</strong> · {formatDisplayInstant(reading.Fecha)}
                {reading.NombreUsuario && ` · ${reading.NombreUsuario}`}
                {queued?.has(recordKeyOf(table, reading.IdLectura)) && (
                  <>
                    {' '}
                    <span className="badge badge--pending">Pendiente de enviar</span>
                  </>
                )}
              </p>
              {reading.Motivo && <p className="fleet-list__meta">Corrección: {reading.Motivo}</p>}
            </li>
          ))}
        </ul>
      )}
      {canAdd && (
        <IonButton fill="outline" color="dark" size="small" onClick={() => setAdding(true)}>
          Registrar lectura
        </IonButton>
      )}
      {adding && <LecturaDialog table={table} assetId={assetId} place={place} state={state} onClose={() => setAdding(false)} />}
    </CardSection>
  );
}
