import { formatDisplayDate } from '#sync/domain/dates.ts';
import { reviewState } from '#sync/domain/review-state.ts';
import { Link } from 'react-router-dom';
import { observationLight } from '#app/data/follow-up-queries.ts';
import type { TemplateVersion } from '#app/data/template-version.ts';
import type { LocalInspeccion, LocalObservacion } from '#app/db/inspection-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PhotoThumbnails } from '#app/ui/photo-thumbnails.tsx';
import { AnswerChip, SeverityChip, TrafficLight } from '#app/ui/traffic-light.tsx';
import { ReviewStateChip } from '#app/ui/review/review-state-chip.tsx';

/** The inspection's answers under their items, as the version it was filled on asks them. */
export function AnswersByItem({ inspection, version }: { inspection: LocalInspeccion; version: TemplateVersion }) {
  if (version.status === 'loading') return <PageLoading label="Cargando el formulario…" />;
  if (version.status === 'unavailable') {
    return (
      <p className="notice notice--warning" role="status">
        {version.message} Las respuestas por ítem se mostrarán cuando haya conexión; la nota y las observaciones están completas.
      </p>
    );
  }
  const answers = new Map(inspection.Respuestas.map((answer) => [answer.IdEnunciado, answer]));
  let number = 0;
  return (
    <>
      {version.source === 'servidor' && <p className="muted">Versión {inspection.VersionFormulario} del formulario, leída del servidor.</p>}
      {version.template.Contenido.Items.map((item) => (
        <section key={item.IdItem} className="answer-item" aria-label={item.Nombre}>
          <h3>{item.Nombre}</h3>
          <ol className="answer-list">
            {item.Enunciados.map((statement) => {
              number += 1;
              const answer = answers.get(statement.IdEnunciado);
              return (
                <li key={statement.IdEnunciado} value={number}>
                  <div className="answer-list__row">
                    <span className="answer-list__text">
                      {number}. {statement.Texto}
                    </span>
                    <AnswerChip answer={answer?.Respuesta} />
                  </div>
                  {statement.Subpreguntas.length > 0 && (
                    <dl className="answer-list__subquestions">
                      {statement.Subpreguntas.map((sub) => (
                        <div key={sub.IdSubpregunta}>
                          <dt>{sub.Texto}</dt>
                          <dd>{answer?.Subrespuestas?.[sub.IdSubpregunta] || 'Sin respuesta'}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                </li>
              );
            })}
          </ol>
        </section>
      ))}
    </>
  );
}

/** One observation of the inspection: its light and state, text, responsible, deadline, photos and follow-up link. */
export function ObservationCard({
  observation,
  today,
  urls,
}: {
  observation: LocalObservacion;
  today: string;
  urls: Record<string, string>;
}) {
  return (
    <li className="inspection-observation">
      <div className="inspection-observation__head">
        <TrafficLight semaforo={observationLight(observation, today)} />
        <ReviewStateChip state={reviewState(observation, today)} />
        {observation.Severidad && <SeverityChip severity={observation.Severidad} />}
      </div>
      {observation.Enunciado && <p className="inspection-observation__statement">{observation.Enunciado}</p>}
      <p className="inspection-observation__text">{observation.Observacion}</p>
      <dl className="record-fields">
        <dt>Responsable</dt>
        <dd>{observation.Responsable || 'Sin responsable'}</dd>
        <dt>Plazo</dt>
        <dd>{observation.Plazo ? formatDisplayDate(observation.Plazo) : 'Sin plazo'}</dd>
      </dl>
      <PhotoThumbnails refs={observation.Archivos} urls={urls} label="Fotos de la observación" />
      <p>
        <Link to={paths.observaciones.detalles.href(observation.IdObservacion)}>Ver seguimiento de la observación</Link>
      </p>
    </li>
  );
}
