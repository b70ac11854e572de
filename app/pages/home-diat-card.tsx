import { formatDisplayInstant } from '#sync/domain/dates.ts';
import { clockText } from '#sync/domain/legal-clock.ts';
import { Link } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { useNow } from '#app/ui/use-now.ts';
import type { PendingDiat } from './home-diat-clocks.ts';

/**
 * "DIAT por presentar": every case on this device whose 24 hours run, counting down offline (SPEC IC3), each a
 * link to its case. Not shown when none runs.
 */
export function HomeDiatCard({ pending }: { pending: PendingDiat[] }) {
  const now = useNow(1000);
  if (pending.length === 0) return null;
  return (
    <section className="card home-diat" aria-labelledby="home-diat-title">
      <h2 id="home-diat-title">DIAT por presentar</h2>
      <p className="muted">La DIAT se presenta a la mutualidad dentro de 24 horas desde que la empresa supo del accidente.</p>
      <ul className="home-diat__list">
        {pending.map(({ incident, deadline }) => {
          const remaining = deadline - now;
          const factsId = `home-diat-${incident.IdEvaluacion}`;
          return (
            <li key={incident.IdEvaluacion} className={remaining < 0 ? 'home-diat__item home-diat__item--overdue' : 'home-diat__item'}>
              <Link to={paths.incidentes.detalles.href(incident.IdEvaluacion)} aria-describedby={factsId}>
                Accidente N° {incident.IdAccidente} · {incident.NombreAccidentado}
              </Link>
              <p id={factsId} className="home-diat__facts">
                <span className="home-diat__clock" role="timer" aria-live="off">
                  {remaining < 0 ? clockText(remaining) : `Quedan ${clockText(remaining)}`}
                </span>
                <span className="muted"> · vence el {formatDisplayInstant(new Date(deadline).toISOString())}</span>
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
