import { DATE_PICKER_MIN, isWireDate, toWireDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import {
  CONSULTAS_MESSAGES,
  type ConsultaFilaByKind,
  type ConsultaFilters,
  DATED_CONSULTAS,
  type EppConsulta,
} from '#sync/schemas/epp-consultas.schema.ts';
import type { ReportListAnswer } from '#sync/schemas/report-list.schema.ts';
import { useSearchParams } from 'react-router-dom';
import { apiRequest } from '#app/data/api-client.ts';
import { useCargos, useLevelLookups } from '#app/data/reference-queries.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { DateField } from '#app/ui/form/date-field.tsx';
import { FilterPanel, SelectFilter } from '#app/ui/list-filters.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { ServerReportList } from '#app/ui/report-list/server-report-list.tsx';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { CONSULTA_VIEWS, type ConsultaView } from './epp-consultas-view.ts';
import '#app/ui/records.css';

const FILTER_KEYS = ['nv2', 'nv3', 'IdCargo', 'FechaInicio', 'FechaTermino', 'RutContratista'] as const;

/** The contractors the device's workers belong to (a company user may narrow a consulta to one). */
function useContractorRuts(): string[] {
  return (
    useDbQuery(
      async (db) =>
        [...new Set((await db.trabajadores.toArray()).map((worker) => worker.RutContratista).filter((rut): rut is string => !!rut))].sort(),
      [],
    ) ?? []
  );
}

/**
 * An EPP consulta (spec 2.3 epp/consultas/{nombre}): asked to the server a page at a time with the worker's levels,
 * position, the delivery dates (where they apply) and, for a company user, a contractor; exported to CSV. The
 * filters live in the address, so a dashboard can open a consulta already filtered and Back keeps them.
 */
export function EppConsultaPage<K extends EppConsulta>({ kind }: { kind: K }) {
  const view = CONSULTA_VIEWS[kind] as ConsultaView<ConsultaFilaByKind[K]>;
  const session = useRequiredSession();
  const online = useOnlineStatus();
  const levels = useLevelLookups();
  const cargos = useCargos();
  const contractors = useContractorRuts();
  const [params, setParams] = useSearchParams();
  const filters: ConsultaFilters = Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? '']));
  const set = (patch: ConsultaFilters) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...filters, ...patch })) if (value) next.set(key, value);
    setParams(next, { replace: true });
  };
  const dated = DATED_CONSULTAS.has(kind);
  const reversed = dated && !!filters.FechaInicio && !!filters.FechaTermino && filters.FechaInicio > filters.FechaTermino;
  const today = toWireDate(new Date());
  const company = session.empresa.IdEmpresa;
  const level3 = (levels?.byType[3] ?? []).filter((level) => !filters.nv2 || level.IdNivelPadre === filters.nv2);
  const sent = Object.fromEntries(Object.entries(filters).filter(([key, value]) => value && (dated || !key.startsWith('Fecha'))));
  const active = Object.keys(sent).length;
  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">{view.title}</h1>
        <FilterPanel id={`consulta-${kind}-filtros`} active={active}>
          <SelectFilter
            label={levelName(session, 2)}
            emptyLabel="Todos"
            value={filters.nv2 ?? ''}
            options={(levels?.byType[2] ?? []).map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
            onChange={(value) => set({ nv2: value, nv3: '' })}
          />
          <SelectFilter
            label={levelName(session, 3)}
            emptyLabel="Todos"
            value={filters.nv3 ?? ''}
            options={level3.map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
            onChange={(value) => set({ nv3: value })}
          />
          <SelectFilter
            label="Cargo"
            emptyLabel="Todos"
            value={filters.IdCargo ?? ''}
            options={(cargos ?? []).map((cargo) => ({ value: cargo.IdCargo, label: cargo.NombreCargo }))}
            onChange={(value) => set({ IdCargo: value })}
          />
          {dated && (
            <>
              <DateField
                label="Entregado desde"
                value={filters.FechaInicio ?? ''}
                min={DATE_PICKER_MIN}
                max={today}
                error={reversed ? CONSULTAS_MESSAGES.rangeReversed : undefined}
                announceError
                onChange={(value) => (value === '' || isWireDate(value)) && set({ FechaInicio: value })}
              />
              <DateField
                label="Entregado hasta"
                value={filters.FechaTermino ?? ''}
                min={DATE_PICKER_MIN}
                max={today}
                onChange={(value) => (value === '' || isWireDate(value)) && set({ FechaTermino: value })}
              />
            </>
          )}
          {session.usuario.Tipo === 'empresa' && contractors.length > 0 && (
            <SelectFilter
              label="Contratista"
              emptyLabel="Todas"
              value={filters.RutContratista ?? ''}
              options={contractors.map((rut) => ({ value: rut, label: `RUT ${formatRut(rut)}` }))}
              onChange={(value) => set({ RutContratista: value })}
            />
          )}
        </FilterPanel>
        {!online ? (
          <p className="notice notice--info">La consulta se hace al servidor: vuelve a intentarlo con conexión.</p>
        ) : reversed ? null : (
          <ServerReportList
            label={view.label}
            queryKey={['epp-consultas', kind, company, sent]}
            fetchPage={(page, signal) =>
              apiRequest<ReportListAnswer<ConsultaFilaByKind[K]>>(
                `/epp/consultas/${kind}/${company}?` +
                  new URLSearchParams({ ...sent, Pagina: String(page.Pagina), PorPagina: String(page.PorPagina) }).toString(),
                { signal },
              )
            }
            columns={view.columns(session)}
            rowKey={view.rowKey}
            rowLink={view.rowLink}
            fileName={`${view.fileName}-${today}`}
            emptyMessage={view.empty}
          />
        )}
      </div>
    </PageContent>
  );
}
