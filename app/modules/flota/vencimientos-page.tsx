import { formatRut } from '#sync/domain/rut.ts';
import type { ReportList } from '#sync/records/report-list.ts';
import {
  VENCIMIENTOS_FLOTA_COLUMNS,
  VENCIMIENTOS_FLOTA_FILTERS,
  type VencimientoFlotaRow,
} from '#sync/schemas/flota-vencimientos.schema.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { ReportListPage } from '#app/ui/report-list/report-list-page.tsx';

const LIST: ReportList<VencimientoFlotaRow> = {
  title: 'Vencimientos de flota',
  label: 'Certificaciones, licencias y certificaciones de operadores por vencer, vencidas o sin registrar, la que vence antes primero',
  fileName: 'vencimientos-de-flota',
  empty: 'Ningún vencimiento coincide con los filtros.',
  filters: VENCIMIENTOS_FLOTA_FILTERS,
  columns: VENCIMIENTOS_FLOTA_COLUMNS,
  rowKey: (row) => row.Clave,
};


/** The contractors of the assets this device holds (a company user may narrow the list to one), in order. */
function useFleetContractors(): string[] {
  const ruts = useDbQuery(
    async (db) => (await Promise.all(['vehiculos', 'equipos', 'instalaciones'].map((table) => db.table(table).orderBy('RutContratista').uniqueKeys()))).flat(),
    [],
  );
  return [...new Set(ruts ?? [])].filter((rut): rut is string => typeof rut === 'string' && rut !== '').sort();
}

/** `/vehiculos/vencimientos`: what stops the fleet soon or now, from the server (every asset and operator of the company). */
export function VencimientosFlotaPage() {
  const session = useRequiredSession();
  const contractors = useFleetContractors();
  const allowed = hasPermission(session, paths.flota.vencimientos.href, 'index');
  return (
    <ReportListPage
      list={LIST}
      path="/vehiculos/vencimientos"
      filtersId="vencimientos-flota-filtros"
      options={{
        RutContratista: contractors.map((rut) => ({ value: rut, label: `RUT ${formatRut(rut)}` })),
      }}
      offline="Este informe se pide al servidor: vuelve a intentarlo con conexión."
      denied={allowed ? null : 'No tienes permiso para ver los vencimientos de flota.'}
      intro={
        <p className="muted">
          Certificaciones de vehículos, equipos e instalaciones que vencen en 30 días o menos (o cerca de su lectura de
          mantención), las vencidas, las obligatorias sin registrar, y las licencias y certificaciones de sus operadores.
        </p>
      }
      emptyUnfiltered="No hay certificaciones ni licencias por vencer, vencidas ni sin registrar."
    />
  );
}
