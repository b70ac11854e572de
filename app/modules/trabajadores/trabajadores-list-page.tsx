import { formatRut } from '#sync/domain/rut.ts';
import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { cloudUploadOutline, downloadOutline } from 'ionicons/icons';
import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { LocalTrabajador } from '#app/db/reference-rows.ts';
import { useCargos, useNiveles, useNivelNames, useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission, isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDevice } from '#app/sync/use-device.ts';
import { FilterPanel, SelectFilter } from '#app/ui/list-filters.tsx';
import { downloadCsv, toCsv } from '#app/ui/records/record-csv.ts';
import { ListPage } from '#app/ui/list-page.tsx';
import { OutsideWorksitesSearch } from './outside-worksites-search.tsx';
import { NO_FILTERS, OWN_WORKERS, useContractorRuts, useWorkerIds, useWorkerWindow, type WorkerFilters } from './trabajadores-queries.ts';
import '#app/ui/records.css';
import '#app/ui/records/record-list.css';
import './trabajadores.css';

/** One height for both layouts (three lines on narrow lists, one row of columns on wide ones). */
const ROW_HEIGHT = 72;

function fullName(worker: LocalTrabajador): string {
  return [worker.ApellidoPaterno, worker.ApellidoMaterno].filter(Boolean).join(' ') + `, ${worker.Nombres}`;
}

export function TrabajadoresListPage() {
  const session = useRequiredSession();
  const searchId = useId();
  const [filters, setFilters] = useState<WorkerFilters>(NO_FILTERS);
  const [range, setRange] = useState({ start: 0, end: 0 });
  const ids = useWorkerIds(filters);
  const visible = useWorkerWindow(ids, range.start, range.end);
  const levels2 = useNiveles(2);
  const levels3 = useNiveles(3);
  const cargos = useCargos();
  const levelNames = useNivelNames();
  const contractors = useContractorRuts();
  const queued = useQueuedRecordKeys();
  const contractorUser = isContractorUser(session);
  const canCreate = hasPermission(session, paths.trabajadores.list.href, 'crear');
  const cargoNames = new Map((cargos ?? []).map((cargo) => [cargo.IdCargo, cargo.NombreCargo]));
  const filtered = Object.values(filters).some(Boolean);
  // SPEC PL13: this device holds only the user's worksites; the others' workers are searched online.
  const scoped = (session.usuario.Faenas?.length ?? 0) > 0;

  const onRange = useCallback((start: number, end: number) => setRange({ start, end }), []);
  const device = useDevice();
  /** The matching workers, in list order, as Excel in Chile opens them (the kit's CSV). */
  const exportCsv = async () => {
    if (!device || !ids) return;
    const workers = (await device.db.trabajadores.bulkGet(ids)).filter((worker): worker is LocalTrabajador => worker !== undefined);
    const level = (id: string | null) => (id ? (levelNames?.get(id) ?? '') : '');
    const header = [
      'Rut',
      'Nombres',
      'Apellido paterno',
      'Apellido materno',
      levelName(session, 2),
      levelName(session, 3),
      'Cargos',
      'Contratista',
    ];
    const lines = workers.map((worker) => [
      formatRut(worker.RunPersona),
      worker.Nombres,
      worker.ApellidoPaterno,
      worker.ApellidoMaterno,
      level(worker.IdNivel2),
      level(worker.IdNivel3),
      worker.cargos
        .map((cargo) => cargoNames.get(cargo))
        .filter(Boolean)
        .join(', '),
      worker.RutContratista ? formatRut(worker.RutContratista) : '',
    ]);
    downloadCsv('trabajadores.csv', toCsv(header, lines));
  };
  const set = (patch: Partial<WorkerFilters>) => setFilters((current) => ({ ...current, ...patch }));

  const renderRow = (index: number) => {
    const offset = visible ? index - visible.start : -1;
    const worker = visible?.rows[offset];
    if (!worker || worker.IdPersona !== ids?.[index]) return <div className="list-row list-row--loading" aria-hidden="true" />;
    const pending = queued?.has(recordKeyOf('trabajadores', worker.IdPersona));
    const place = [worker.IdNivel2, worker.IdNivel3]
      .map((level) => (level ? levelNames?.get(level) : undefined))
      .filter(Boolean)
      .join(' · ');
    return (
      <Link className="list-row worker-row" to={paths.trabajadores.detalles.href(worker.IdPersona)}>
        <span className="worker-row__name">{fullName(worker)}</span>
        <span className="worker-row__rut">{formatRut(worker.RunPersona)}</span>
        <span className="worker-row__cargo">
          {worker.cargos
            .map((cargo) => cargoNames.get(cargo))
            .filter(Boolean)
            .join(', ') || 'Sin cargo'}
        </span>
        <span className="worker-row__place">{place}</span>
        <span className="worker-row__badges">
          {worker.RutContratista && <span className="badge">Contratista</span>}
          {pending && <span className="badge badge--pending">Pendiente</span>}
        </span>
      </Link>
    );
  };

  return (
    <ListPage
      title="Trabajadores"
      create={canCreate ? { href: paths.trabajadores.nuevo.href, label: 'Nuevo trabajador' } : undefined}
      noun={{ one: 'trabajador', many: 'trabajadores' }}
      ids={ids}
      filtered={filtered}
      noMatchMessage="Ningún trabajador coincide con la búsqueda o los filtros."
      onClearFilters={() => setFilters(NO_FILTERS)}
      rowHeight={ROW_HEIGHT}
      renderRow={renderRow}
      onRange={onRange}
    >
      <div className="list-page__search">
        <label htmlFor={searchId}>Buscar por RUT o nombre</label>
        <input
          id={searchId}
          type="search"
          value={filters.search}
          placeholder="Ej.: 12.345.678-5 o Pérez"
          onChange={(event) => set({ search: event.target.value })}
        />
      </div>
      {scoped && filters.search.trim().length >= 2 && (
        <OutsideWorksitesSearch company={session.empresa.IdEmpresa} text={filters.search.trim()} held={ids ?? []} />
      )}
      <FilterPanel id="worker-filters">
        <SelectFilter
          label={levelName(session, 2)}
          value={filters.nv2}
          emptyLabel="Todas"
          options={(levels2 ?? []).map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
          onChange={(nv2) => set({ nv2, nv3: '' })}
        />
        <SelectFilter
          label={levelName(session, 3)}
          value={filters.nv3}
          emptyLabel="Todas"
          options={(levels3 ?? [])
            .filter((level) => !filters.nv2 || level.IdNivelPadre === filters.nv2)
            .map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
          onChange={(nv3) => set({ nv3 })}
        />
        <SelectFilter
          label="Cargo"
          value={filters.cargo}
          emptyLabel="Todos"
          options={(cargos ?? []).map((cargo) => ({ value: cargo.IdCargo, label: cargo.NombreCargo }))}
          onChange={(cargo) => set({ cargo })}
        />
        {!contractorUser && (
          <SelectFilter
            label="Empresa"
            value={filters.contractor}
            emptyLabel="Todas"
            options={[
              { value: OWN_WORKERS, label: 'Propios de la empresa' },
              ...(contractors ?? []).map((rut) => ({ value: rut, label: `Contratista ${formatRut(rut)}` })),
            ]}
            onChange={(contractor) => set({ contractor })}
          />
        )}
      </FilterPanel>
      <div className="record-list__actions">
        {canCreate && (
          <IonButton fill="outline" color="dark" size="small" routerLink={paths.trabajadores.carga.href}>
            <IonIcon slot="start" icon={cloudUploadOutline} aria-hidden="true" />
            Cargar archivo
          </IonButton>
        )}
        <IonButton fill="outline" color="dark" size="small" onClick={() => void exportCsv()} disabled={!ids?.length}>
          <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
          Exportar CSV
        </IonButton>
      </div>
    </ListPage>
  );
}
