import type { Fitness } from '#sync/domain/fleet-fitness.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { LightChip } from '#app/ui/traffic-light.tsx';
import { type AssetLookups, workerLabel } from './asset-lookups.ts';
import { type AssetState, fitnessLabel, withOperator } from './asset-state.ts';
import './asset-sections.css';

/** «Apto» or «No apto» in words (a status a screen reader reads), the colour only beside them. */
export function FitnessStatus({ fitness, prefix }: { fitness: Fitness; prefix: string }) {
  return (
    <span role="status" className="fleet-status">
      <LightChip colour={fitness.Apto === 1 ? 'verde' : 'rojo'} label={fitnessLabel(fitness)} prefix={prefix} />
    </span>
  );
}

function Reasons({ fitness }: { fitness: Fitness }) {
  if (fitness.Motivos.length === 0) return null;
  return (
    <ul className="fleet-reasons">
      {fitness.Motivos.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  );
}

/** Whether the asset may work today, and each reason it may not (a mandatory certificate missing or expired). */
export function AptitudSection({ state }: { state: AssetState }) {
  return (
    <CardSection id="flota-aptitud" title="Aptitud para operar">
      <p>
        <FitnessStatus fitness={state.fitness} prefix="Aptitud para operar" />
      </p>
      {state.fitness.Apto === 1 ? (
        <p className="muted">
          {state.requirements.some((row) => row.Obligatoria === 1) ? 'Todas sus certificaciones obligatorias están vigentes.' : 'No exige certificaciones obligatorias.'}
        </p>
      ) : (
        <Reasons fitness={state.fitness} />
      )}
    </CardSection>
  );
}

/** What the type asks whoever operates it: «Licencia clase A4, Psicosensotécnico». */
function operatorAsks(state: AssetState, lookups: AssetLookups): string {
  const asks = [
    ...(state.operator?.ClaseLicencia ? [`Licencia clase ${state.operator.ClaseLicencia}`] : []),
    ...(state.operator?.CertificacionesOperador ?? []).map(lookups.certificationName),
  ];
  return asks.length > 0 ? `Exige al operador: ${asks.join(', ')}.` : 'Su tipo no exige licencia ni certificaciones al operador.';
}

/** Each operator with whether the asset may work in their hands today: both fit, each reason said as whose. */
interface OperadoresSectionProps {
  state: AssetState;
  /** The workers who may operate it (the asset's `Operadores`). */
  operators: readonly string[];
  lookups: AssetLookups;
}

export function OperadoresSection({ state, operators, lookups }: OperadoresSectionProps) {
  return (
    <CardSection id="flota-operadores" title="Operadores">
      <p className="muted">{operatorAsks(state, lookups)}</p>
      {operators.length === 0 ? (
        <p className="muted">Sin operadores asignados.</p>
      ) : (
        <ul className="fleet-list">
          {operators.map((id) => {
            const worker = lookups.workers.get(id);
            if (!worker)
              return (
                <li key={id} className="muted">
                  Trabajador no disponible en este dispositivo
                </li>
              );
            const fitness = withOperator(state, worker, lookups.today, lookups.certificationName);
            const name = workerLabel(worker);
            return (
              <li key={id}>
                <strong>{name}</strong> <FitnessStatus fitness={fitness} prefix={`Con ${name}`} />
                <Reasons fitness={fitness} />
              </li>
            );
          })}
        </ul>
      )}
    </CardSection>
  );
}
