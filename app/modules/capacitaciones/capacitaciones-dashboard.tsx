import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { workerRecordColumns } from '#sync/records/indicator.ts';
import { CAPACITACIONES_DASHBOARD, UNTRAINED_RECORDS, type UntrainedWorkerRow } from '#sync/schemas/capacitaciones-dashboard.schema.ts';
import { paths } from '#app/navigation/paths.ts';
import { DashboardRecords } from '#app/ui/charts/dashboard-records.tsx';
import type { DrillDown } from '#app/ui/charts/dashboard-page.tsx';
import { IndicatorDashboard } from '#app/ui/charts/indicator-dashboard.tsx';
import type { ReportColumn } from '#sync/records/report-list-columns.ts';
import { AttendanceReport } from './asistencia-informe.tsx';

/** The coverage's "Sin capacitación" slice: the workers of the scope with no training in the range, to train next. */
function UntrainedWorkers({ selection }: { selection: DrillDown }) {
  const columns: ReportColumn<UntrainedWorkerRow>[] = [
    { header: 'Trabajador', value: (row) => row.Nombre, wrap: true },
    { header: 'RUT', value: (row) => formatRut(row.RunPersona) },
    ...workerRecordColumns<UntrainedWorkerRow>(),
    { header: 'Última capacitación', value: (row) => (row.UltimaCapacitacion ? formatDisplayDate(row.UltimaCapacitacion) : 'Nunca') },
  ];
  return (
    <DashboardRecords<UntrainedWorkerRow>
      dashboard={CAPACITACIONES_DASHBOARD}
      path="registros/sin-capacitacion"
      selection={selection}
      label="Trabajadores sin capacitación en el período"
      columns={columns}
      rowKey={(row) => row.IdPersona}
      rowLink={(row) => ({ href: paths.trabajadores.detalles.href(row.IdPersona), label: `Ver a ${row.Nombre}` })}
      fileName={`capacitaciones-sin-capacitacion-${selection.filters.start}-al-${selection.filters.end}`}
      emptyMessage="Todos los trabajadores del alcance tienen una capacitación en el período."
    />
  );
}

const isUntrained = (selection: DrillDown) => selection.registros.sinCapacitacion === UNTRAINED_RECORDS.sinCapacitacion;

/** `/dashboard/capacitaciones`: the trainings dashboard from its description; each chart opens its attendance. */
export function CapacitacionesDashboardPage() {
  return (
    <IndicatorDashboard
      dashboard={CAPACITACIONES_DASHBOARD}
      records={(selection: DrillDown) =>
        isUntrained(selection) ? (
          <UntrainedWorkers selection={selection} />
        ) : (
          <AttendanceReport
            label={`Asistencias de ${selection.indicator.title.toLocaleLowerCase('es')}`}
            fileName={`capacitaciones-${selection.indicator.name}`}
            filters={{ idNv2: selection.filters.nv2, idNv3: selection.filters.nv3, ...selection.registros }}
            headed={false}
          />
        )
      }
    />
  );
}
