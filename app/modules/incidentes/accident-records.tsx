import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatNumber } from '#sync/domain/number-format.ts';
import { formatRut } from '#sync/domain/rut.ts';
import type { AccidentRecordsAnswer } from '#sync/schemas/accidentes-dashboard.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { apiRequest } from '#app/data/api-client.ts';
import { errorMessage } from '#app/data/api-error.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { dashboardQueryString } from '#app/ui/charts/dashboard-filters.ts';
import type { DrillDown } from '#app/ui/charts/dashboard-page.tsx';
import { ErrorState } from '#app/ui/feedback/error-state.tsx';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { hoursText, monthText } from './dotacion-rules.ts';
import './accident-records.css';

/** A figure of the reconciliation: up to two decimals, "sin dato" when there is none (no denominator). */
const figure = (value: number | null) => (value === null ? 'sin dato' : formatNumber(value, Number.isInteger(value) ? 0 : 2));

/**
 * The records behind one figure of the accident dashboard, so it can be reconciled by hand: the formula, the
 * numerator and denominator as the server computed them, the cases (those that count and those listed but
 * excluded, with why) and the months with their headcount and hours.
 */
export function AccidentRecords({ selection }: { selection: DrillDown }) {
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const query = new URLSearchParams(dashboardQueryString(selection.filters));
  query.set('indicador', selection.indicator.name);
  for (const [name, value] of Object.entries(selection.registros)) if (value) query.set(name, value);
  const answer = useQuery({
    queryKey: ['accidentes-registros', company, query.toString()],
    queryFn: ({ signal }) =>
      apiRequest<AccidentRecordsAnswer>(`/accidentes/dashboard/registros/${company}?${query.toString()}`, { signal }),
  });

  if (answer.isPending) return <PageLoading label="Buscando los registros…" />;
  if (answer.isError)
    return <ErrorState message={errorMessage(answer.error)} onRetry={() => void answer.refetch()} retrying={answer.isFetching} />;
  const { titulo, formula, numerador, denominador, valor, casos, meses } = answer.data;
  const counted = casos.filter((caso) => caso.Cuenta).length;
  return (
    <div className="accident-records">
      <h3>{titulo}</h3>
      {formula && <p className="accident-records__formula">Fórmula: {formula}</p>}
      {(numerador !== null || denominador !== null || valor !== null) && (
        <p className="accident-records__figures">
          Numerador: {figure(numerador)}, Denominador: {figure(denominador)}, Resultado: {figure(valor)}
        </p>
      )}
      {casos.length === 0 && meses.length === 0 ? (
        <p className="muted">Ningún caso ni mes respalda esta cifra con los filtros elegidos.</p>
      ) : null}
      {casos.length > 0 && (
        <div className="accident-records__scroll" role="region" aria-labelledby="accident-records-casos" tabIndex={0}>
          <table className="accident-records__table">
            <caption id="accident-records-casos">
              Casos: {casos.length} ({counted} {counted === 1 ? 'cuenta' : 'cuentan'} en la cifra)
            </caption>
            <thead>
              <tr>
                <th scope="col">Folio</th>
                <th scope="col">Ocurrió el</th>
                <th scope="col">Clasificación</th>
                <th scope="col">Accidentado</th>
                <th scope="col">{levelName(session, 2)}</th>
                <th scope="col">{levelName(session, 3)}</th>
                <th scope="col">Alta el</th>
                <th scope="col">Días en el período</th>
                <th scope="col">¿Cuenta?</th>
              </tr>
            </thead>
            <tbody>
              {casos.map((caso) => (
                <tr key={caso.IdEvaluacion}>
                  <th scope="row">
                    <Link to={paths.incidentes.detalles.href(caso.IdEvaluacion)}>{caso.IdAccidente}</Link>
                  </th>
                  <td>{formatDisplayDate(caso.FechaOcurrencia.slice(0, 10))}</td>
                  <td>{caso.Clasificacion}</td>
                  <td>
                    {caso.NombreAccidentado}
                    {caso.Rut ? ` (${formatRut(caso.Rut)})` : ''}
                  </td>
                  <td>{caso.Nivel2 ?? ''}</td>
                  <td>{caso.Nivel3 ?? ''}</td>
                  <td>{caso.FechaAlta ? formatDisplayDate(caso.FechaAlta.slice(0, 10)) : 'Sin alta'}</td>
                  <td>{caso.DiasEnPeriodo === null ? '—' : formatNumber(caso.DiasEnPeriodo)}</td>
                  <td>{caso.Cuenta ? 'Sí' : `No${caso.Motivo ? `: ${caso.Motivo}` : ''}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {casos.length === 0 && meses.length > 0 && <p className="muted">Ningún caso en el período.</p>}
      {meses.length > 0 && (
        <div className="accident-records__scroll" role="region" aria-labelledby="accident-records-meses" tabIndex={0}>
          <table className="accident-records__table">
            <caption id="accident-records-meses">Meses del denominador: {meses.length}</caption>
            <thead>
              <tr>
                <th scope="col">Mes</th>
                <th scope="col">Dotación</th>
                <th scope="col">Horas hombre</th>
              </tr>
            </thead>
            <tbody>
              {meses.map((mes) => (
                <tr key={mes.Mes}>
                  <th scope="row">{monthText(mes.Mes)}</th>
                  {mes.Dotacion === null && mes.HorasHombre === null ? (
                    <td colSpan={2}>Sin dotación registrada</td>
                  ) : (
                    <>
                      <td>{mes.Dotacion === null ? 'Sin dotación registrada' : formatNumber(mes.Dotacion)}</td>
                      <td>{mes.HorasHombre === null ? 'Sin horas registradas' : hoursText(mes.HorasHombre)}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
