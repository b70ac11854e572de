import { FORMULARIO_TYPE_LABELS, FORMULARIOS_MESSAGES } from '#sync/schemas/formularios.schema.ts';
import { useNavigate, useParams } from 'react-router-dom';
import { isFormularioTipo } from '#app/data/follow-up-queries.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { RecordMissing, ServerCopyNote } from '#app/ui/records/record-missing.tsx';
import { useRecord } from '#app/ui/records/use-record.ts';
import { editorValuesOf, type TemplateFields } from './formulario-editor-model.ts';
import { FormularioEditor } from './formulario-editor.tsx';
import { createFormulario, updateFormulario } from './formulario-writes.ts';
import '#app/ui/records.css';
import './formularios.css';

/** `formularios/{tipo}/nuevo` and `formularios/{tipo}/editar/{id}`. */
export function FormularioFormPage() {
  const { tipo: routeTipo, id } = useParams();
  const navigate = useNavigate();
  const session = useRequiredSession();
  const showSaved = useSavedToast();
  const record = useRecord('formularios', id ?? '');
  const editing = id !== undefined;
  const template = editing && record.status === 'encontrado' ? record.row : null;
  const allowed = hasPermission(session, paths.formularios.list.href, editing ? 'editar' : 'crear');
  const tipo = isFormularioTipo(routeTipo) ? routeTipo : null;

  const submit = async (fields: TemplateFields) => {
    if (template) {
      const changed = await updateFormulario(template, fields);
      showSaved(changed ? FORMULARIOS_MESSAGES.updated : 'No hay cambios que guardar');
      navigate(paths.formularios.detalles.href(fields.Tipo, template.IdFormulario), { replace: true });
    } else {
      const newId = await createFormulario(fields);
      showSaved(FORMULARIOS_MESSAGES.created);
      navigate(paths.formularios.detalles.href(fields.Tipo, newId), { replace: true });
    }
  };

  const title = editing ? 'Editar formulario' : `Nuevo formulario${tipo ? ` de ${FORMULARIO_TYPE_LABELS[tipo].toLowerCase()}` : ''}`;

  return (
    <PageContent>
      <div className="page-body template-page">
        <PageHeading parentHref={paths.formularios.list.href} parentLabel="Formularios" title={title} />
        {!tipo ? (
          <p className="notice notice--warning">{FORMULARIOS_MESSAGES.typeInvalid}.</p>
        ) : !allowed ? (
          <p className="notice notice--warning">No tienes permiso para {editing ? 'editar' : 'crear'} formularios.</p>
        ) : editing && record.status === 'cargando' ? (
          <PageLoading />
        ) : editing && !template ? (
          <RecordMissing table="formularios" lookup={record} />
        ) : template?.Estado === 0 ? (
          <p className="notice notice--warning">Este formulario está retirado y no se puede editar.</p>
        ) : (
          <>
            {record.status === 'encontrado' && record.source === 'servidor' && <ServerCopyNote table="formularios" />}
            {template && (
              <p className="notice notice--info">
                Estás editando la versión {template.VersionFormulario}. Si cambias el encabezado, los ítems, los enunciados o la escala, se
                guardará como versión {template.VersionFormulario + 1}; las inspecciones ya iniciadas terminan con la versión con que
                empezaron.
              </p>
            )}
            <FormularioEditor
              initial={editorValuesOf(template, tipo)}
              onSubmit={submit}
              onCancel={() =>
                navigate(template ? paths.formularios.detalles.href(template.Tipo, template.IdFormulario) : paths.formularios.list.href)
              }
            />
          </>
        )}
      </div>
    </PageContent>
  );
}
