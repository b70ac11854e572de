import { CARGOS_MESSAGES } from '#sync/schemas/cargos.schema.ts';
import { useIonToast } from '@ionic/react';
import { useParams } from 'react-router-dom';
import { useNivelNames } from '#app/data/reference-queries.ts';
import { paths } from '#app/routes/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { RecordActions } from '#app/ui/records/record-actions.tsx';
import { correctionHref } from '#app/ui/records/record-correction.tsx';
import { RecordSyncNotice, useRecordOutbox } from '#app/ui/records/record-sync-notice.tsx';
import { useRemoveRecord } from '#app/ui/records/use-remove-record.ts';
import { deleteCargo } from './cargo-writes.ts';
import '#app/ui/records.css';

export function CargoDetailPage() {
  const { id = '' } = useParams();
  const removeRecord = useRemoveRecord();
  const session = useRequiredSession();
  const [presentToast] = useIonToast();
  const cargo = useDbQuery(async (db) => (await db.cargos.get(id)) ?? null, [id]);
  const workers = useDbQuery((db) => db.trabajadores.where('cargos').equals(id).count(), [id]);
  const { entries, refused } = useRecordOutbox('cargos', id);
  const levelNames = useNivelNames();
  const route = paths.cargos.list.href;

  if (cargo === undefined) return <PageLoading />;

  const remove = async () => {
    if (!cargo) return;
    // The server refuses it too (CARGO_EN_USO); saying so now spares a write that can only be rejected.
    if (workers) return void presentToast({ message: CARGOS_MESSAGES.inUse, color: 'danger', duration: 3500, position: 'top' });
    await removeRecord({
      confirmation: { header: 'Eliminar cargo', message: `¿Eliminar el cargo ${cargo.NombreCargo}?` },
      write: () => deleteCargo(cargo),
      saved: CARGOS_MESSAGES.deleted,
      listHref: paths.cargos.list.href,
    });
  };

  return (
    <PageContent>
      <div className="page-body">
        <PageHeading parentHref={paths.cargos.list.href} parentLabel="Cargos" title={cargo?.NombreCargo ?? 'Cargo'} />
        {!cargo ? (
          <p className="notice notice--warning">{CARGOS_MESSAGES.notFound} en este dispositivo.</p>
        ) : (
          <>
            <RecordSyncNotice
              entries={entries}
              refused={refused}
              ofWhat="de este cargo"
              correctHref={refused && correctionHref(session, refused, cargo)}
            />
            <CardSection id="cargo-data" title="Datos">
              <dl className="record-fields">
                <dt>{levelName(session, 2)}</dt>
                <dd>{(cargo.IdNivel2 && levelNames?.get(cargo.IdNivel2)) || 'Toda la empresa'}</dd>
                <dt>{levelName(session, 3)}</dt>
                <dd>{(cargo.IdNivel3 && levelNames?.get(cargo.IdNivel3)) || 'Todas'}</dd>
                <dt>Trabajadores en este dispositivo</dt>
                <dd>{workers ?? '…'}</dd>
              </dl>
            </CardSection>
            <RecordActions
              editHref={paths.cargos.editar.href(cargo.IdCargo)}
              canEdit={hasPermission(session, route, 'editar')}
              canDelete={hasPermission(session, route, 'eliminar')}
              onDelete={() => void remove()}
            />
          </>
        )}
      </div>
    </PageContent>
  );
}
