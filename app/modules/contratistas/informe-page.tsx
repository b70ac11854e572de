import { Link } from 'react-router-dom';
import type { ReportList } from '#sync/records/report-list.ts';
import { INFORME_DOCUMENTOS_FILTERS, type InformeDocumentoRow, SITUACIONES } from '#sync/schemas/contratistas-informe.schema.ts';
import { MOTIVOS_RECHAZO, type MotivoRechazo } from '#sync/schemas/contratistas-documentos.schema.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { ReportListPage } from '#app/ui/report-list/report-list-page.tsx';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { contractorOption, useContractorCompanies } from './use-contractor-companies.ts';

const LIST: ReportList<InformeDocumentoRow> = {
  title: 'Documentos por vencer y rechazados',
  label: 'Documentos por vencer, vencidos y rechazados, el que vence antes primero',
  fileName: 'documentos-por-vencer-y-rechazados',
  empty: 'Ningún documento coincide con los filtros.',
  filters: INFORME_DOCUMENTOS_FILTERS,
  columns: [
    { header: 'Requisito', value: (row) => row.NombreRequisito, wrap: true },
    { header: 'Empresa', value: (row) => row.RutContratista, format: 'rut' },
    { header: 'Trabajador, vehículo o equipo', value: (row) => row.NombrePersona || row.NombreActivo, empty: '—', wrap: true },
    { header: 'Mes', value: (row) => row.Mes, empty: '—' },
    { header: 'Situación', value: (row) => SITUACIONES[row.Situacion] },
    { header: 'Vence', value: (row) => row.FechaVencimiento, format: 'date', empty: '—' },
    { header: 'Motivo del rechazo', value: (row) => (row.Motivo ? MOTIVOS_RECHAZO[row.Motivo as MotivoRechazo] : ''), empty: '—', wrap: true },
  ],
  rowKey: (row) => row.IdDocumento,
};

/** `/seguimiento-requisitos/informe`: what needs someone now, from the server (every document of every contract). */
export function InformeDocumentosPage() {
  const session = useRequiredSession();
  const online = useOnlineStatus();
  const contractors = useContractorCompanies(online);
  const allowed = hasPermission(session, paths.seguimientoRequisitos.href, 'index');
  return (
    <ReportListPage
      list={LIST}
      path="/gestion-contratista/gestion-requisitos/informe"
      filtersId="informe-documentos-filtros"
      options={{
        Situacion: Object.entries(SITUACIONES).map(([value, label]) => ({ value, label })),
        RutContratista: (contractors ?? []).map(contractorOption),
      }}
      offline="Este informe se pide al servidor: vuelve a intentarlo con conexión."
      denied={allowed ? null : 'No tienes permiso para ver el seguimiento de requisitos.'}
      intro={
        <p className="muted">
          Documentos aprobados que vencen en 30 días o menos, los ya vencidos y los rechazados.{' '}
          <Link to={paths.seguimientoRequisitos.href}>Volver al seguimiento</Link>
        </p>
      }
      emptyUnfiltered="No hay documentos por vencer, vencidos ni rechazados."
    />
  );
}
