import { formatNumber } from '#sync/domain/number-format.ts';
import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { FORMULARIO_TYPE_LABELS, FORMULARIO_TYPES, type FormularioTipo } from '#sync/schemas/formularios.schema.ts';
import { IonButton, IonIcon } from '@ionic/react';
import { addOutline } from 'ionicons/icons';
import { useId, useState } from 'react';
import { useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { ListTitleRow } from '#app/ui/list-title-row.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { SimpleList, SimpleListItem } from '#app/ui/simple-list.tsx';
import { statementSummary } from './formulario-editor-model.ts';
import { filterTemplates, type TemplateListFilters } from './formularios-queries.ts';
import '#app/ui/records.css';
import './formularios.css';

const NEW_LABELS: Record<FormularioTipo, string> = {
  inspeccion: 'Nuevo formulario de inspección',
  observacion: 'Nuevo formulario de observación',
  varios: 'Nuevo formulario varios',
};

export function FormulariosListPage() {
  const session = useRequiredSession();
  const searchId = useId();
  const typeId = useId();
  const [filters, setFilters] = useState<TemplateListFilters>({ search: '', tipo: '', showRetired: false });
  const templates = useDbQuery((db) => db.formularios.orderBy('orden').toArray(), []);
  const queued = useQueuedRecordKeys();
  const canCreate = hasPermission(session, paths.formularios.list.href, 'crear');
  const shown = templates ? filterTemplates(templates, filters) : undefined;
  const set = (patch: Partial<TemplateListFilters>) => setFilters((current) => ({ ...current, ...patch }));

  return (
    <PageContent>
      <div className="page-body template-page">
        <ListTitleRow title="Formularios" />
        {canCreate && (
          <div className="button-row template-list__new">
            {FORMULARIO_TYPES.map((tipo) => (
              <IonButton key={tipo} size="small" fill={tipo === 'inspeccion' ? 'solid' : 'outline'} color={tipo === 'inspeccion' ? 'primary' : 'dark'} routerLink={paths.formularios.nuevo.href(tipo)}>
                <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
                {NEW_LABELS[tipo]}
              </IonButton>
            ))}
          </div>
        )}
        <div className="template-list__filters">
          <div className="list-page__search">
            <label htmlFor={searchId}>Buscar por nombre</label>
            <input id={searchId} type="search" value={filters.search} placeholder="Ej.: altura" onChange={(event) => set({ search: event.target.value })} />
          </div>
          <div className="select-field">
            <label htmlFor={typeId}>Tipo</label>
            <select id={typeId} value={filters.tipo} onChange={(event) => set({ tipo: event.target.value as TemplateListFilters['tipo'] })}>
              <option value="">Todos</option>
              {FORMULARIO_TYPES.map((tipo) => (
                <option key={tipo} value={tipo}>
                  {FORMULARIO_TYPE_LABELS[tipo]}
                </option>
              ))}
            </select>
          </div>
          <label className="check-group__option">
            <input type="checkbox" checked={filters.showRetired} onChange={(event) => set({ showRetired: event.target.checked })} />
            Mostrar retirados
          </label>
        </div>
        <p className="muted list-page__count" role="status">
          {shown === undefined ? 'Cargando formularios…' : shown.length === 1 ? '1 formulario' : `${formatNumber(shown.length)} formularios`}
        </p>
        <SimpleList
          items={shown}
          label="Lista de formularios"
          loadingLabel="Cargando formularios…"
          emptyMessage={
            templates && templates.length > 0
              ? 'Ningún formulario coincide con la búsqueda o los filtros.'
              : 'Aún no hay formularios en este dispositivo. Se descargan al sincronizar con conexión.'
          }
          renderItem={(template) => {
            const { statements } = statementSummary(template.Contenido);
            return (
              <SimpleListItem
                key={template.IdFormulario}
                to={paths.formularios.detalles.href(template.Tipo, template.IdFormulario)}
                title={template.Nombre}
                metaClassName="template-list__meta"
              >
                <span className="badge">{FORMULARIO_TYPE_LABELS[template.Tipo]}</span>
                <span>{statements === 1 ? '1 enunciado' : `${statements} enunciados`}</span>
                <span>Versión {template.VersionFormulario}</span>
                {template.Estado === 0 && <span className="badge badge--error">Retirado</span>}
                {queued?.has(recordKeyOf('formularios', template.IdFormulario)) && <span className="badge badge--pending">Pendiente de envío</span>}
              </SimpleListItem>
            );
          }}
        />
      </div>
    </PageContent>
  );
}
