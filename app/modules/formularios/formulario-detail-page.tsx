import { formatNumber } from '#sync/domain/number-format.ts';
import { FORMULARIO_TYPE_LABELS, FORMULARIOS_MESSAGES } from '#sync/schemas/formularios.schema.ts';
import { IonButton } from '@ionic/react';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { formatDisplayDateTime } from '#app/ui/display-format.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { RecordMissing, ServerCopyNote } from '#app/ui/records/record-missing.tsx';
import { RecordSyncNotice, useRecordOutbox } from '#app/ui/records/record-sync-notice.tsx';
import { useRecord } from '#app/ui/records/use-record.ts';
import { useRemoveRecord } from '#app/ui/records/use-remove-record.ts';
import { statementSummary } from './formulario-editor-model.ts';
import { HeaderPreview, ItemsPreview, ScalePreview } from './formulario-preview.tsx';
import { duplicateFormulario, retireFormulario } from './formulario-writes.ts';
import '#app/ui/records.css';
import './formularios.css';

/** `formularios/{tipo}/detalles/{id}`: a read-only preview of the newest version, with Editar, Duplicar and Retirar. */
export function FormularioDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useRequiredSession();
  const removeRecord = useRemoveRecord();
  const showSaved = useSavedToast();
  const record = useRecord('formularios', id);
  const { entries, refused } = useRecordOutbox('formularios', id);
  const route = paths.formularios.list.href;

  if (record.status === 'cargando') return <PageLoading />;
  if (record.status !== 'encontrado') {
    return (
      <PageContent>
        <div className="page-body template-page">
          <PageHeading parentHref={paths.formularios.list.href} parentLabel="Formularios" title="Formulario" />
          <RecordMissing table="formularios" lookup={record} />
        </div>
      </PageContent>
    );
  }
  const template = record.row;

  const duplicate = async () => {
    const copy = await duplicateFormulario(template);
    showSaved(FORMULARIOS_MESSAGES.created);
    navigate(paths.formularios.detalles.href(template.Tipo, copy));
  };

  const retire = async () => {
    await removeRecord({
      confirmation: {
        header: 'Retirar formulario',
        message: '¿Retirar el formulario? Las inspecciones ya iniciadas podrán finalizarse.',
        confirmText: 'Retirar',
      },
      write: () => retireFormulario(template),
      saved: FORMULARIOS_MESSAGES.retired,
      listHref: paths.formularios.list.href,
    });
  };

  const summary = statementSummary(template.Contenido);
  const active = template.Estado === 1;

  return (
    <PageContent>
      <div className="page-body template-page">
        <PageHeading parentHref={paths.formularios.list.href} parentLabel="Formularios" title={template.Nombre} />
        {record.source === 'servidor' && <ServerCopyNote table="formularios" />}
        <RecordSyncNotice entries={entries} refused={refused} ofWhat="de este formulario" />
        {!active && (
          <p className="notice notice--warning">Formulario retirado: no admite inspecciones nuevas; las ya iniciadas podrán finalizarse.</p>
        )}
        <CardSection id="template-data" title="Datos">
          <dl className="record-fields">
            <dt>Tipo</dt>
            <dd>{FORMULARIO_TYPE_LABELS[template.Tipo]}</dd>
            <dt>Estado</dt>
            <dd>{active ? 'En uso' : 'Retirado'}</dd>
            <dt>Versión</dt>
            <dd>{template.VersionFormulario}</dd>
            <dt>Descripción</dt>
            <dd>{template.Descripcion || 'Sin descripción'}</dd>
            <dt>Enunciados</dt>
            <dd>
              {summary.statements} en {template.Contenido.Items.length === 1 ? '1 ítem' : `${template.Contenido.Items.length} ítems`} · suma
              de ponderaciones {formatNumber(summary.weight)}
            </dd>
            <dt>Actualizado</dt>
            <dd>
              {Number.isNaN(Date.parse(template.ActualizadoEn))
                ? template.ActualizadoEn
                : formatDisplayDateTime(new Date(template.ActualizadoEn))}
            </dd>
          </dl>
        </CardSection>
        <CardSection id="template-header" title="Encabezado">
          <HeaderPreview content={template.Contenido} />
        </CardSection>
        <CardSection id="template-items" title="Ítems y enunciados">
          <ItemsPreview content={template.Contenido} />
        </CardSection>
        <CardSection id="template-scale" title="Escala de notas">
          <ScalePreview content={template.Contenido} />
        </CardSection>
        {active && (
          <div className="button-row">
            {hasPermission(session, route, 'editar') && (
              <IonButton routerLink={paths.formularios.editar.href(template.Tipo, template.IdFormulario)}>Editar</IonButton>
            )}
            {hasPermission(session, route, 'crear') && (
              <IonButton fill="outline" color="dark" onClick={() => void duplicate()}>
                Duplicar
              </IonButton>
            )}
            {hasPermission(session, route, 'eliminar') && (
              <IonButton fill="outline" color="danger" onClick={() => void retire()}>
                Retirar
              </IonButton>
            )}
          </div>
        )}
      </div>
    </PageContent>
  );
}
