import { formatDisplayInstant } from '#sync/domain/dates.ts';
import { onSiteAt } from '#sync/domain/on-site.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { IonButton } from '@ionic/react';
import { useId, useState } from 'react';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useNow } from '#app/ui/use-now.ts';
import { GateFrame, WithGatePlace } from './control-acceso-page.tsx';
import { gateSettings, movementsAt } from './gate-lookup.ts';
import type { GatePlace } from './gate-place.tsx';
import { countsText, localInputInstant, onSiteCounts, type Subject } from './gate-view.ts';
import './acceso.css';

const KIND_TITLES: Record<Subject, string> = { persona: 'Personas', vehiculo: 'Vehículos', equipo: 'Equipos' };

/** Who is inside the worksite at an instant, by the device's log: now, or a past moment for a roll call. */
function OnSiteList({ place }: { place: GatePlace }) {
  const id = useId();
  const now = useNow(30_000);
  const [typed, setTyped] = useState('');
  const past = localInputInstant(typed);
  const at = past ?? new Date(now).toISOString();
  const state = useDbQuery(
    async (db) => ({ settings: await gateSettings(db), movements: await movementsAt(db, place.IdNivel2) }),
    [place.IdNivel2],
  );
  if (!state) return <PageLoading />;
  const inside = onSiteAt(state.movements, { IdNivel2: place.IdNivel2, at, shiftEnds: state.settings.FinesTurno });
  const counts = onSiteCounts(inside);
  return (
    <>
      <div className="card gate-roll">
        <div className="select-field">
          <label htmlFor={`${id}-en`}>Contar en (vacío: ahora)</label>
          <input id={`${id}-en`} type="datetime-local" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        {typed && (
          <IonButton fill="outline" color="dark" onClick={() => setTyped('')}>
            Contar ahora
          </IonButton>
        )}
      </div>
      <p role="status" className="gate-roll__count">
        <strong>En faena {past ? `el ${formatDisplayInstant(past)}` : 'ahora'}:</strong> {countsText(counts)}
        {counts.overdue > 0 && `, ${counts.overdue} fuera de turno`}
      </p>
      {inside.length === 0 ? (
        <p className="notice notice--info">No hay nadie en faena según los registros de este dispositivo.</p>
      ) : (
        (['persona', 'vehiculo', 'equipo'] as const).map((kind) => {
          const rows = inside.filter((row) => row.entry.Sujeto === kind);
          if (rows.length === 0) return null;
          return (
            <section key={kind} className="card" aria-labelledby={`${id}-${kind}`}>
              <h2 id={`${id}-${kind}`}>
                {KIND_TITLES[kind]} ({rows.length})
              </h2>
              <ul className="gate-onsite" aria-label={KIND_TITLES[kind]}>
                {rows.map((row) => (
                  <li key={row.key}>
                    <strong>{row.entry.Nombre || formatRut(row.entry.Rut)}</strong>
                    {kind === 'persona' && <span className="muted"> · RUT {formatRut(row.entry.Rut)}</span>}
                    <span className="gate-onsite__meta">
                      Entrada {formatDisplayInstant(row.entry.FechaDispositivo)} · {row.entry.Puerta}
                    </span>
                    {row.overdue && <span className="gate-badge">Fuera de turno</span>}
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </>
  );
}

/** `/control-acceso/en-faena`: the on-site count for an emergency roll call, offline, from this device's log. */
export function EnFaenaPage() {
  const session = useRequiredSession();
  return (
    <GateFrame>
      <WithGatePlace session={session}>{(place) => <OnSiteList place={place} />}</WithGatePlace>
    </GateFrame>
  );
}
