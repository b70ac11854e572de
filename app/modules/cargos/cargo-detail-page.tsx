import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import { CARGOS_MESSAGES } from '#sync/schemas/cargos.schema.ts';
import { IonButton, useIonToast } from '@ionic/react';
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
  const entries = useDbQuery((db) => db.outbox.where('recordKey').equals(recordKeyOf('cargos', id)).toArray(), [id]);
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
  const refused = entries?.find((entry) => entry.state === 'dead');

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
            {refused ? (
              <p className="notice notice--error" role="alert">
                El servidor rechazó un cambio de este cargo: {refused.lastError?.message} <Link to={paths.sincronizacion.href}>Ver sincronización</Link>
              </p>
            ) : (
              entries &&
              entries.length > 0 && (
                <p className="notice notice--info" role="status">
                  Guardado en este dispositivo; hay cambios pendientes de sincronizar.
                </p>
              )
            )}
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
            <div className="button-row">
              {hasPermission(session, route, 'editar') && <IonButton routerLink={paths.cargos.editar.href(cargo.IdCargo)}>Editar</IonButton>}
              {hasPermission(session, route, 'eliminar') && (
                <IonButton fill="outline" color="danger" onClick={() => void remove()}>
                  Eliminar
                </IonButton>
              )}
            </div>
          </>
        )}
      </div>
    </PageContent>
  );
}
