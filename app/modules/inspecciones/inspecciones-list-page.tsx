import { complianceLabels } from '#sync/domain/compliance.ts';
import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatNumber } from '#sync/domain/number-format.ts';
import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { FORMULARIO_TYPE_LABELS } from '#sync/schemas/formularios.schema.ts';
import { IonButton, IonContent, IonIcon } from '@ionic/react';
import { addOutline } from 'ionicons/icons';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  type FollowUpFilters,
  hasFilters,
  NO_FOLLOW_UP_FILTERS,
  todayInChile,
  useContractorRutsOfInspections,
  useTemplateOptions,
  warmInspectionsOf,
} from '#app/data/follow-up-queries.ts';
import { useNiveles, useNivelNames, useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import type { InspectionDraft, LocalInspeccion } from '#app/db/inspection-rows.ts';
import { paths } from '#app/routes/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission, isContractorUser } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDevice } from '#app/sync/use-device.ts';
import { formatRecentTime } from '#app/ui/display-format.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { FollowUpFilterBar } from '#app/ui/follow-up-filters.tsx';
import { VirtualList } from '#app/ui/virtual-list.tsx';
import { alignedWindow, useInspectionList, useInspectionWindow, useOpenDrafts } from './use-inspecciones-list.ts';
import '#app/ui/records.css';
import './inspecciones-list.css';

/** One height for both layouts (three lines on narrow lists, one row of columns on wide ones). */
const ROW_HEIGHT = 76;

function DraftsCard({ drafts }: { drafts: InspectionDraft[] }) {
  return (
    <section className="inspection-drafts" aria-labelledby="inspection-drafts-title">
      <h2 id="inspection-drafts-title">En curso en este dispositivo</h2>
      <ul>
        {drafts.map((draft) => {
          const titleId = `draft-${draft.IdEvaluacion}`;
          return (
            <li key={draft.IdEvaluacion}>
              <span id={titleId} className="inspection-drafts__title">
                <strong>{draft.formulario.Nombre}</strong>
                <span className="muted">
                  {[draft.Lugar || 'Sin lugar', formatDisplayDate(draft.Fecha), `guardada ${formatRecentTime(new Date(draft.actualizadoEn))}`].filter(Boolean).join(' · ')}
                </span>
              </span>
              <IonButton size="small" routerLink={paths.inspecciones.editar.href(draft.IdEvaluacion)} aria-describedby={titleId}>
                Continuar
              </IonButton>
            </li>
          );
        })}
      </ul>
    </section>
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
    <Link className="inspection-row" to={paths.inspecciones.detalles.href(inspection.IdEvaluacion)}>
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
  const session = useRequiredSession();
  const device = useDevice();
  const today = todayInChile();
  const [filters, setFilters] = useState<FollowUpFilters>(NO_FOLLOW_UP_FILTERS);
  const [range, setRange] = useState(() => alignedWindow(0, 0));
  const list = useInspectionList(filters, today);
  const ids = list?.ids;
  const block = useInspectionWindow(ids, range.start, range.end);
  const drafts = useOpenDrafts();
  const templates = useTemplateOptions();
  const levels2 = useNiveles(2);
  const levels3 = useNiveles(3);
  const levelNames = useNivelNames();
  const contractors = useContractorRutsOfInspections();
  const queued = useQueuedRecordKeys();
  const canCreate = hasPermission(session, paths.inspecciones.list.href, 'crear');
  const filtered = hasFilters(filters);

  useEffect(() => {
    // The pairs behind the light filter are read while the person looks at the list, not when they pick a light.
    const db = device?.db;
    if (!db) return;
    const idle = window.requestIdleCallback?.(() => void warmInspectionsOf(db).catch(() => undefined), { timeout: 3000 });
    return () => (idle === undefined ? undefined : window.cancelIdleCallback(idle));
  }, [device?.db]);

  const onRange = useCallback(
    (start: number, end: number) =>
      setRange((current) => {
        const next = alignedWindow(start, end);
        return next.start === current.start && next.end === current.end ? current : next;
      }),
    [],
  );

  const rowsAt = (index: number) => {
    const head = list?.head;
    if (head && index < head.rows.length) return head;
    return block && index >= block.start && index < block.start + block.rows.length ? block : undefined;
  };

  const renderRow = (index: number) => {
    const visible = rowsAt(index);
    const inspection = visible?.rows[index - visible.start];
    if (!inspection || inspection.IdEvaluacion !== ids?.[index]) return <div className="inspection-row inspection-row--loading" aria-hidden="true" />;
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
    <IonContent scrollY={false}>
      <div className="list-page">
        <div className="list-page__head">
          <div className="list-page__title-row">
            <h1 className="page-title">Inspecciones</h1>
            {canCreate && (
              <IonButton routerLink={paths.inspecciones.nuevo.href} size="small">
                <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
                Nueva inspección
              </IonButton>
            )}
          </div>
          {drafts && drafts.length > 0 && <DraftsCard drafts={drafts} />}
          <FollowUpFilterBar
            id="inspection-filters"
            filters={filters}
            onChange={setFilters}
            options={{ templates, levels2, levels3, contractors: isContractorUser(session) ? undefined : contractors }}
            level2Label={levelName(session, 2)}
            level3Label={levelName(session, 3)}
            today={today}
          />
          <p className="muted list-page__count" role="status">
            {ids === undefined ? 'Cargando inspecciones…' : ids.length === 1 ? '1 inspección' : `${formatNumber(ids.length)} inspecciones`}
            {filters.tipo && ` de tipo ${FORMULARIO_TYPE_LABELS[filters.tipo]}`}
          </p>
        </div>
        {ids === undefined ? (
          <PageLoading label="Cargando inspecciones…" />
        ) : ids.length === 0 ? (
          <div className="list-page__empty">
            <p className="notice notice--info">
              {filtered ? 'Ninguna inspección coincide con los filtros.' : 'Aún no hay inspecciones en este dispositivo. Se descargan al sincronizar con conexión.'}
            </p>
            {filtered && (
              <IonButton fill="outline" color="dark" onClick={() => setFilters(NO_FOLLOW_UP_FILTERS)}>
                Limpiar filtros
              </IonButton>
            )}
          </div>
        ) : (
          <VirtualList count={ids.length} rowHeight={ROW_HEIGHT} label="Lista de inspecciones" renderRow={renderRow} onRange={onRange} />
        )}
      </div>
    </IonContent>
  );
}
