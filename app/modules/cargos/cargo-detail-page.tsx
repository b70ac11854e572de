import { CARGOS_MESSAGES } from '#sync/schemas/cargos.schema.ts';
import { useIonToast } from '@ionic/react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useNivelNames } from '#app/data/reference-queries.ts';
import { paths } from '#app/routes/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { RecordActions } from '#app/ui/records/record-actions.tsx';
import { correctionHref } from '#app/ui/records/record-correction.tsx';
import { RecordSyncNotice, useRecordOutbox } from '#app/ui/records/record-sync-notice.tsx';
import { deleteCargo } from './cargo-writes.ts';
import '#app/ui/records.css';

export function CargoDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useRequiredSession();
  const confirm = useConfirm();
  const showSaved = useSavedToast();
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
    if (!(await confirm({ header: 'Eliminar cargo', message: `¿Eliminar el cargo ${cargo.NombreCargo}?` }))) return;
    await deleteCargo(cargo);
    showSaved(CARGOS_MESSAGES.deleted);
    navigate(paths.cargos.list.href, { replace: true });
  };

  return (
    <PageContent>
      <div className="page-body">
        <p className="breadcrumb">
          <Link to={paths.cargos.list.href}>Cargos</Link>
        </p>
        <h1 className="page-title">{cargo?.NombreCargo ?? 'Cargo'}</h1>
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
            <section className="card" aria-labelledby="cargo-data-title">
              <h2 id="cargo-data-title">Datos</h2>
              <dl className="record-fields">
                <dt>{levelName(session, 2)}</dt>
                <dd>{(cargo.IdNivel2 && levelNames?.get(cargo.IdNivel2)) || 'Toda la empresa'}</dd>
                <dt>{levelName(session, 3)}</dt>
                <dd>{(cargo.IdNivel3 && levelNames?.get(cargo.IdNivel3)) || 'Todas'}</dd>
                <dt>Trabajadores en este dispositivo</dt>
                <dd>{workers ?? '…'}</dd>
              </dl>
            </section>
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
