import { complianceLabels } from '#sync/domain/compliance.ts';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { FORMULARIO_TYPE_LABELS } from '#sync/schemas/formularios.schema.ts';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { NO_FOLLOW_UP_FILTERS, warmInspectionsOf } from '#app/data/follow-up-queries.ts';
import { useNivelNames, useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import { useFollowUpList } from '#app/data/use-follow-up-list.ts';
import type { InspectionDraft, LocalInspeccion } from '#app/db/inspection-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useDevice } from '#app/sync/use-device.ts';
import { formatRecentTime } from '#app/ui/display-format.ts';
import { OpenDrafts } from '#app/ui/drafts/open-drafts.tsx';
import { FollowUpFilterBar } from '#app/ui/follow-up-filters.tsx';
import { ListPage } from '#app/ui/list-page.tsx';
import { useInspectionList, useInspectionWindow, useOpenDrafts } from './use-inspecciones-list.ts';
import '#app/ui/records.css';
import './inspecciones-list.css';

/** Narrow lists stack date and badges, the template's name (up to two lines), the place, supervisor and grade. */
const ROW_HEIGHT = { narrow: 120, wide: 76 };

function DraftsCard({ drafts }: { drafts: InspectionDraft[] }) {
  return (
    <OpenDrafts
      title="En curso en este dispositivo"
      drafts={drafts.map((draft) => ({
        id: draft.IdEvaluacion,
        title: draft.formulario.Nombre,
        detail: [draft.Lugar || 'Sin lugar', formatDisplayDate(draft.Fecha), `guardada ${formatRecentTime(new Date(draft.actualizadoEn))}`].join(' · '),
        href: paths.inspecciones.editar.href(draft.IdEvaluacion),
      }))}
    />
  );
}

interface RowProps {
  inspection: LocalInspeccion;
  openObservations: number;
  pending: boolean;
  place: string;
}

function InspectionRow({ inspection, openObservations, pending, place }: RowProps) {
  const grade = complianceLabels(inspection);
  return (
    <Link className="list-row inspection-row" to={paths.inspecciones.detalles.href(inspection.IdEvaluacion)}>
      <span className="inspection-row__date">{formatDisplayDate(inspection.Fecha)}</span>
      <span className="inspection-row__template">{inspection.NombreFormulario}</span>
      <span className="inspection-row__place">{place}</span>
      <span className="inspection-row__supervisor">{inspection.Supervisor}</span>
      <span className="inspection-row__grade">
        <span className="visually-hidden">Cumplimiento </span>
        {grade.porcentaje}
        <span className="inspection-row__sep" aria-hidden="true">
          {' · '}
        </span>
        <span className="inspection-row__label">Nota </span>
        {grade.nota}
      </span>
      <span className="inspection-row__badges">
        {openObservations > 0 && (
          <span className="badge badge--open">{openObservations === 1 ? '1 obs. abierta' : `${openObservations} obs. abiertas`}</span>
        )}
        {pending && <span className="badge badge--pending">Pendiente de envío</span>}
      </span>
    </Link>
  );
}

export function InspeccionesListPage() {
  const device = useDevice();
  const { session, filters, setFilters, filtered, ids, windowAt, onRange, filterBar } = useFollowUpList(
    useInspectionList,
    useInspectionWindow,
  );
  const drafts = useOpenDrafts();
  const levelNames = useNivelNames();
  const queued = useQueuedRecordKeys();
  const canCreate = hasPermission(session, paths.inspecciones.list.href, 'crear');

  useEffect(() => {
    // The pairs behind the light filter are read while the person looks at the list, not when they pick a light.
    const db = device?.db;
    if (!db) return;
    const idle = window.requestIdleCallback?.(() => void warmInspectionsOf(db).catch(() => undefined), { timeout: 3000 });
    return () => (idle === undefined ? undefined : window.cancelIdleCallback(idle));
  }, [device?.db]);

  const renderRow = (index: number) => {
    const visible = windowAt(index);
    const inspection = visible?.rows[index - visible.start];
    if (!inspection || inspection.IdEvaluacion !== ids?.[index]) return <div className="list-row list-row--loading" aria-hidden="true" />;
    const levels = [inspection.IdNivel2, inspection.IdNivel3].map((level) => (level ? levelNames?.get(level) : undefined)).filter(Boolean);
    return (
      <InspectionRow
        inspection={inspection}
        openObservations={visible?.openObservations.get(inspection.IdEvaluacion) ?? 0}
        pending={queued?.has(recordKeyOf('inspecciones', inspection.IdEvaluacion)) ?? false}
        place={[inspection.Lugar, ...levels].join(' · ')}
      />
    );
  };

  return (
    <ListPage
      title="Inspecciones"
      create={canCreate ? { href: paths.inspecciones.nuevo.href, label: 'Nueva inspección' } : undefined}
      noun={{ one: 'inspección', many: 'inspecciones' }}
      countDetail={filters.tipo && ` de tipo ${FORMULARIO_TYPE_LABELS[filters.tipo]}`}
      ids={ids}
      filtered={filtered}
      noMatchMessage="Ninguna inspección coincide con los filtros."
      onClearFilters={() => setFilters(NO_FOLLOW_UP_FILTERS)}
      rowHeight={ROW_HEIGHT}
      renderRow={renderRow}
      onRange={onRange}
    >
      {drafts && drafts.length > 0 && <DraftsCard drafts={drafts} />}
      <FollowUpFilterBar id="inspection-filters" {...filterBar} />
    </ListPage>
  );
}
