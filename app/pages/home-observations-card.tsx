import { formatDisplayDate } from '#sync/domain/dates.ts';
import { reviewState } from '#sync/domain/review-state.ts';
import { Link } from 'react-router-dom';
import { observationLight, todayInChile } from '#app/data/follow-up-queries.ts';
import { ReviewStateChip } from '#app/ui/review/review-state-chip.tsx';
import { paths } from '#app/navigation/paths.ts';
import { TrafficLight } from '#app/ui/traffic-light.tsx';
import type { LocalObservacion } from '#app/db/inspection-rows.ts';

/** The rest are one link away, in the list with its filters. */
const SHOWN = 10;

/** "Mis observaciones abiertas": what the person must answer or follow up, with its deadline, each a link to it. */
export function HomeObservationsCard({ observations }: { observations: LocalObservacion[] }) {
  const today = todayInChile();

  return (
    <section className="card home-observations" aria-labelledby="home-observations-title">
      <h2 id="home-observations-title">Mis observaciones abiertas</h2>
      {observations.length === 0 ? (
        <p className="muted">No tienes observaciones abiertas en este dispositivo.</p>
      ) : (
        <>
          <ul className="home-observations__list" aria-labelledby="home-observations-title">
            {observations.slice(0, SHOWN).map((observation) => {
              const factsId = `home-observation-${observation.IdObservacion}`;
              return (
                <li key={observation.IdObservacion} className="home-observations__item">
                  <Link className="home-observations__text" to={paths.observaciones.detalles.href(observation.IdObservacion)} aria-describedby={factsId}>
                    {observation.Observacion}
                  </Link>
                  <p id={factsId} className="home-observations__facts">
                    <span className="home-observations__deadline">{observation.Plazo ? `Plazo ${formatDisplayDate(observation.Plazo)}` : 'Sin plazo'}</span>
                    <TrafficLight semaforo={observationLight(observation, today)} />
                    <ReviewStateChip state={reviewState(observation, today)} />
                  </p>
                </li>
              );
            })}
          </ul>
          {observations.length > SHOWN && (
            <p className="muted">
              Se muestran las {SHOWN} de plazo más cercano, de {observations.length} en total.
            </p>
          )}
        </>
      )}
      <p>
        <Link to={paths.observaciones.list.href}>Ver todas las observaciones</Link>
      </p>
    </section>
  );
}
