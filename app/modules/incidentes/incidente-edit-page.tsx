import { useParams } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import type { RecordView } from '#app/ui/records/record-view.ts';
import { type CaseEditValues, CaseForm } from './incidente-case-form.tsx';
import { ReportDraftForm } from './incidente-draft-form.tsx';
import { resendIncidentUpdate, updateIncident } from './incidente-writes.ts';
import { useCaseMeasures, useReportDraft } from './incidentes-queries.ts';
import { useIncidentLookups } from './use-incident-lookups.ts';

/** What the kit's form page needs of the cases: their routes and titles (the form itself is the module's). */
const incidentesView: RecordView<'incidentes'> = {
  table: 'incidentes',
  routes: paths.incidentes,
  title: 'Incidentes',
  labels: {
    create: 'Reportar incidente',
    newTitle: 'Reportar incidente',
    editTitle: 'Completar investigación',
    correctTitle: 'Corregir caso',
    data: 'Datos del caso',
  },
  fields: [],
};

/**
 * `incidentes/editar/{id}`: a report still being written on this device opens its draft (SPEC IC1); a case already
 * sent opens its investigation (stages 2 and 3), also to correct an edit the server refused (`?corregir=`).
 */
export function IncidenteEditPage() {
  const { id = '' } = useParams();
  const draft = useReportDraft(id);
  const lookups = useIncidentLookups();
  const measures = useCaseMeasures(id);
  if (draft === undefined || !lookups) return <PageLoading />;
  if (draft && draft.estado === 'abierta') {
    return (
      <PageContent>
        <div className="page-body">
          <PageHeading
            parentHref={paths.incidentes.list.href}
            parentLabel="Incidentes"
            title={`Reporte de incidente N° ${draft.IdAccidente}`}
          />
          <ReportDraftForm draft={draft} lookups={lookups} />
        </div>
      </PageContent>
    );
  }
  return (
    <RecordFormPage<'incidentes', undefined, CaseEditValues>
      view={incidentesView}
      custom={{
        ready: measures !== undefined,
        create: () => Promise.reject(new Error('Un reporte nuevo se escribe en su borrador')),
        update: (row, values) => updateIncident(row, values.fields, values.additions),
        resend: (key, row, values) => resendIncidentUpdate(key, row, values.fields, values.additions),
        render: ({ row, submitLabel, submit, cancel }) =>
          row ? (
            <CaseForm row={row} measures={measures ?? []} lookups={lookups} submitLabel={submitLabel} onSubmit={submit} onCancel={cancel} />
          ) : null,
      }}
    />
  );
}
