import { DATE_PICKER_MIN, formatDisplayDate, isWireDate, toWireDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { ACCESS_LOG_MESSAGES } from '#sync/schemas/fiscales-accesos.schema.ts';
import type { InspectorAccessRow } from '#sync/schemas/fiscales.schema.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { canSeeCompanyProfile } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { DateField } from '#app/ui/form/date-field.tsx';
import { FilterPanel, SelectFilter } from '#app/ui/list-filters.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { type ReportColumn, ServerReportList } from '#app/ui/report-list/server-report-list.tsx';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { CARDS } from './inspector-cards.ts';
import { fetchAccessInspectors, fetchInspectorAccesses } from './fiscales-api.ts';
import './inspector.css';
import '#app/ui/records.css';

function what(row: InspectorAccessRow): string {
  if (row.Accion === 'pdf' && row.TipoRegistro) return `Abrió el PDF de ${CARDS[row.TipoRegistro].title}`;
  if (row.Accion === 'nomina') {
    const shown = `${row.Resultados} ${row.Resultados === 1 ? 'trabajador' : 'trabajadores'}`;
    return row.Busqueda ? `Buscó «${row.Busqueda}» en la nómina: vio ${shown}` : `Listó la nómina: vio ${shown}`;
  }
  return `Buscó registros del ${formatDisplayDate(row.Desde)} al ${formatDisplayDate(row.Hasta)}`;
}

const COLUMNS: ReportColumn<InspectorAccessRow>[] = [
  { header: 'Fecha y hora', cell: (row) => formatDisplayDateTime(new Date(row.En)) },
  { header: 'Fiscalizador', cell: (row) => row.Correo },
  { header: 'Trabajador', cell: (row) => row.NombreTrabajador || '—', wrap: true },
  { header: 'RUT del trabajador', cell: (row) => (row.RutTrabajador ? formatRut(row.RutTrabajador) : '—') },
  { header: 'Consulta', cell: what, wrap: true },
];

const FILTER_KEYS = ['IdFiscalizador', 'Trabajador', 'Desde', 'Hasta'] as const;
type Filters = Record<(typeof FILTER_KEYS)[number], string>;

/** A text filter that asks the server once the person pauses typing, not at every key. */
function WorkerFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => latest.current(text.trim()), 350);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <div className="select-field">
      <label htmlFor={id}>Trabajador (nombre o RUT)</label>
      <input id={id} type="search" value={text} maxLength={60} autoComplete="off" onChange={(event) => setText(event.target.value)} />
    </div>
  );
}

/**
 * /perfil/empresa/fiscalizaciones: every roster listing, search and PDF an inspector made of this company's records,
 * newest first, asked to the server a page at a time (the log grows with every search), filtered by inspector,
 * worker and days, and exported whole to CSV. The filters live in the address, so Back keeps them.
 */
export function InspectorAccessPage() {
  const session = useRequiredSession();
  const company = session.empresa.IdEmpresa;
  const allowed = canSeeCompanyProfile(session);
  const online = useOnlineStatus();
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as Filters;
  const inspectors = useQuery({
    queryKey: ['fiscales', 'accesos', 'fiscalizadores', company],
    queryFn: ({ signal }) => fetchAccessInspectors(company, signal),
    enabled: allowed && online,
  });
  const set = (patch: Partial<Filters>) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...filters, ...patch })) if (value) next.set(key, value);
    setParams(next, { replace: true });
  };
  const today = toWireDate(new Date());
  const reversed = !!filters.Desde && !!filters.Hasta && filters.Desde > filters.Hasta;
  const sent = Object.fromEntries(Object.entries(filters).filter(([, value]) => value));
  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Consultas de fiscalizadores</h1>
        <p className="muted">
          Los fiscalizadores de la Dirección del Trabajo tienen acceso permanente a los registros de los trabajadores. Aquí queda cada vez
          que vieron la nómina, cada búsqueda y cada documento que abrieron.{' '}
          <Link to={paths.perfil.empresa.href}>Volver a Perfil Empresa</Link>
        </p>
        {allowed && (
          <FilterPanel id="fiscalizaciones-filtros" active={Object.keys(sent).length}>
            <SelectFilter
              label="Fiscalizador"
              emptyLabel="Todos"
              value={filters.IdFiscalizador}
              options={(inspectors.data ?? []).map((inspector) => ({ value: String(inspector.IdFiscalizador), label: inspector.Correo }))}
              onChange={(IdFiscalizador) => set({ IdFiscalizador })}
            />
            <WorkerFilter value={filters.Trabajador} onChange={(Trabajador) => set({ Trabajador })} />
            <DateField
              label="Desde"
              value={filters.Desde}
              min={DATE_PICKER_MIN}
              max={today}
              error={reversed ? ACCESS_LOG_MESSAGES.rangeReversed : undefined}
              announceError
              onChange={(value) => (value === '' || isWireDate(value)) && set({ Desde: value })}
            />
            <DateField
              label="Hasta"
              value={filters.Hasta}
              min={DATE_PICKER_MIN}
              max={today}
              onChange={(value) => (value === '' || isWireDate(value)) && set({ Hasta: value })}
            />
          </FilterPanel>
        )}
        {!allowed ? (
          <p className="notice notice--warning" role="alert">
            No tienes permiso para ver los datos de la empresa.
          </p>
        ) : !online ? (
          <p className="notice notice--info">Las consultas de fiscalizadores se piden al servidor: vuelve a intentarlo con conexión.</p>
        ) : reversed ? null : (
          <div className="card inspector-card">
            <ServerReportList
              label="Consultas de fiscalizadores, la más reciente primero"
              queryKey={['fiscales', 'accesos', company, sent]}
              fetchPage={(page, signal) =>
                fetchInspectorAccesses(company, { ...sent, Pagina: String(page.Pagina), PorPagina: String(page.PorPagina) }, signal)
              }
              columns={COLUMNS}
              rowKey={(row) => String(row.IdAcceso)}
              fileName={`consultas-fiscalizadores-${today}`}
              emptyMessage={
                Object.keys(sent).length > 0
                  ? 'Ninguna consulta coincide con los filtros.'
                  : 'Ningún fiscalizador ha consultado los registros de la empresa.'
              }
            />
          </div>
        )}
      </div>
    </PageContent>
  );
}
