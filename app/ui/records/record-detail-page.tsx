import { entityOf, type EntityTable } from '#sync/records/entities.ts';
import { FactList } from '#app/ui/fact-list.tsx';
import { useNavigate, useParams } from 'react-router-dom';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { RecordActions } from './record-actions.tsx';
import { correctionHref } from './record-correction.tsx';
import { RecordMissing, ServerCopyNote } from './record-missing.tsx';
import { RecordSyncNotice, useRecordOutbox } from './record-sync-notice.tsx';
import type { RecordView } from './record-view.ts';
import { useDeleteRecords } from './use-delete-records.ts';
import { useRecord } from './use-record.ts';
import { fieldText, rowName } from './use-record-rows.ts';
import '#app/ui/records.css';

/** The kit's detail of a described record: its fields, what the device still owes the server, Editar and Eliminar. */
export function RecordDetailPage<T extends EntityTable, Lookups>({ view }: { view: RecordView<T, Lookups> }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useRequiredSession();
  const entity = entityOf(view.table);
  const record = useRecord(view.table, id, view.where);
  const lookups = view.useLookups?.();
  const { entries, refused } = useRecordOutbox(view.table, id);
  const deleteRecords = useDeleteRecords(view, lookups);

  if (record.status === 'cargando') return <PageLoading />;
  if (view.useLookups !== undefined && lookups === undefined) return <PageLoading />;
  const found = record.status === 'encontrado' ? record.row : null;
  const remove = async () => {
    if (found && (await deleteRecords([found])) > 0) navigate(view.routes.list.href, { replace: true });
  };

  return (
    <PageContent>
      <div className="page-body">
        <PageHeading
          parentHref={view.routes.list.href}
          parentLabel={view.title}
          title={found ? rowName(view, found, lookups as Lookups) : view.title}
        />
        {record.status !== 'encontrado' ? (
          <RecordMissing table={view.table} lookup={record} />
        ) : (
          <>
            {record.source === 'servidor' && <ServerCopyNote table={view.table} />}
            <RecordSyncNotice
              entries={entries}
              refused={refused}
              ofWhat={`de ${entity.noun.feminine ? 'esta' : 'este'} ${entity.noun.one}`}
              correctHref={refused && correctionHref(session, refused, record.row)}
            />
            <CardSection id="record-data" title="Datos">
              <FactList facts={view.fields.map((field) => [field.label, fieldText(field, record.row, lookups as Lookups) || '—'])} />
            </CardSection>
            {view.sections?.(record.row, lookups as Lookups)}
            <RecordActions
              editHref={view.routes.editar.href(id)}
              canEdit={hasPermission(session, entity.permission, 'editar')}
              canDelete={hasPermission(session, entity.permission, 'eliminar')}
              onDelete={() => void remove()}
            />
          </>
        )}
      </div>
    </PageContent>
  );
}
