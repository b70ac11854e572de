import { personName } from '#sync/domain/person-name.ts';
import { isWireMonth, toWireDate } from '#sync/domain/dates.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '#app/data/api-client.ts';
import { levelName } from '#app/session/level-names.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { MonthField } from '#app/ui/form/month-field.tsx';
import { FilterPanel, SelectFilter } from '#app/ui/list-filters.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { useOnlineStatus } from '#app/ui/use-online-status.ts';
import { ChosenWorkers } from '#app/ui/workers/chosen-workers.tsx';
import { AttendanceReport, type InformeFilters } from './asistencia-informe.tsx';
import { useTrainingLookups } from './capacitaciones-lookups.ts';
import '#app/ui/records.css';
import './capacitaciones.css';

const RANGE = 'Fecha inicial no puede ser mayor que Fecha final';

/**
 * The trainings report (spec "informes"): attendance by type, months (start and end, YYYY-MM), levels, training and
 * worker, asked to the server (too big for a device) and exported to CSV.
 */
export function InformesPage() {
  const session = useRequiredSession();
  const online = useOnlineStatus();
  const lookups = useTrainingLookups();
  const year = toWireDate(new Date()).slice(0, 4);
  const [filters, setFilters] = useState<InformeFilters>({
    start: `${year}-01`,
    end: toWireDate(new Date()).slice(0, 7),
    type: '',
    idNv2: '',
    idNv3: '',
    capacitaciones: [],
    trabajadores: [],
  });
  const [workers, setWorkers] = useState<{ rut: string; name: string }[]>([]);
  const titles = useQuery({
    queryKey: ['capacitaciones', 'titulos', session.empresa.IdEmpresa, filters.idNv2, filters.idNv3],
    queryFn: ({ signal }) =>
      apiRequest<{ data: { Tema: string }[] }>(
        `/capacitaciones/informes/listas/capacitaciones/${session.empresa.IdEmpresa}?nv2=${filters.idNv2 ?? ''}&nv3=${filters.idNv3 ?? ''}`,
        { signal },
      ),
    enabled: online,
  });
  if (!lookups) return <PageLoading />;
  const set = (patch: InformeFilters) => setFilters((current) => ({ ...current, ...patch }));
  const reversed = !!filters.start && !!filters.end && filters.start > filters.end;
  const chooseWorkers = (next: { rut: string; name: string }[]) => {
    setWorkers(next);
    set({ trabajadores: next.map((worker) => worker.rut) });
  };
  return (
    <PageContent>
      <div className="page-body">
        <h1 className="page-title">Informe de capacitaciones</h1>
        <FilterPanel
          id="informe-filtros"
          active={[filters.type, filters.idNv2, filters.idNv3, filters.capacitaciones?.length, workers.length].filter(Boolean).length}
        >
          <SelectFilter
            label="Tipo de capacitación"
            emptyLabel="Todos"
            value={filters.type ?? ''}
            options={lookups.types.map((type) => ({ value: type.IdTipoCapacitacion, label: type.Nombre }))}
            onChange={(value) => set({ type: value })}
          />
          <MonthField
            label="Desde (mes)"
            value={filters.start ?? ''}
            error={reversed ? RANGE : undefined}
            announceError
            onChange={(value) => (value === '' || isWireMonth(value)) && set({ start: value })}
          />
          <MonthField
            label="Hasta (mes)"
            value={filters.end ?? ''}
            onChange={(value) => (value === '' || isWireMonth(value)) && set({ end: value })}
          />
          <SelectFilter
            label={levelName(session, 2)}
            emptyLabel="Todos"
            value={filters.idNv2 ?? ''}
            options={lookups.levels[2].map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
            onChange={(value) => set({ idNv2: value, idNv3: '' })}
          />
          <SelectFilter
            label={levelName(session, 3)}
            emptyLabel="Todos"
            value={filters.idNv3 ?? ''}
            options={lookups.levels[3]
              .filter((level) => !filters.idNv2 || level.IdNivelPadre === filters.idNv2)
              .map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
            onChange={(value) => set({ idNv3: value })}
          />
          <SelectFilter
            label="Capacitación"
            emptyLabel="Todas"
            value={filters.capacitaciones?.[0] ?? ''}
            options={(titles.data?.data ?? []).map((title) => ({ value: title.Tema, label: title.Tema }))}
            onChange={(value) => set({ capacitaciones: value ? [value] : [] })}
          />
        </FilterPanel>
        <ChosenWorkers
          searchLabel="Trabajador (RUT o nombre)"
          listLabel="Trabajadores del informe"
          people={workers.map((worker) => ({ id: worker.rut, name: worker.name, rut: worker.rut }))}
          hideChosen={false}
          onPick={(worker) =>
            chooseWorkers([
              ...workers.filter((chosen) => chosen.rut !== worker.RunPersona),
              { rut: worker.RunPersona, name: personName(worker) },
            ])
          }
          onRemove={(rut) => chooseWorkers(workers.filter((chosen) => chosen.rut !== rut))}
        />
        {!online ? (
          <p className="notice notice--info">El informe se consulta al servidor: vuelve a intentarlo con conexión.</p>
        ) : reversed ? null : (
          <AttendanceReport
            label="Asistencia a capacitaciones"
            filters={filters}
            fileName={`informe-capacitaciones-${filters.start}-${filters.end}`}
          />
        )}
      </div>
    </PageContent>
  );
}
