import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { EPP_SOLICITUDES_MESSAGES, type EppSolicitud, requestWorkers } from '#sync/schemas/epp-solicitudes.schema.ts';
import { eppSolicitudWorkflow } from '#sync/schemas/epp-solicitudes.workflow.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '#app/navigation/paths.ts';
import { deleteRecord } from '#app/records/record-writes.ts';
import { fullName, hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery, useDevice } from '#app/sync/use-device.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import type { WorkflowCardView } from '#app/ui/workflow/workflow-card.tsx';
import { WorkflowListPage } from '#app/ui/workflow/workflow-list-page.tsx';
import { useEppLookups } from './epp-queries.ts';
import { DispatchDialog } from './solicitudes-dispatch-dialog.tsx';
import { startRequestDelivery } from './solicitudes-writes.ts';
import './solicitudes.css';

const titleOf = (request: EppSolicitud) => `Solicitud del ${formatDisplayDate(request.Fecha)}`;

/** Requests on this device, newest first; and the crew deliveries this device started for them. */
function useRequests() {
  return useDbQuery(async (db) => {
    const [rows, drafts] = await Promise.all([db.epp_solicitudes.toArray(), db.borradoresEpp.toArray()]);
    const crews = new Map(drafts.filter((draft) => draft.IdSolicitud).map((draft) => [draft.IdSolicitud!, draft]));
    return { rows: rows.sort((a, b) => b.Fecha.localeCompare(a.Fecha) || b.IdSolicitud.localeCompare(a.IdSolicitud)), crews };
  }, []);
}

/** A request's workers and what each needs; and its dispatch, once dispatched. */
function RequestDetails({ request }: { request: EppSolicitud }) {
  return (
    <>
      <ul className="epp-request-card__workers">
        {requestWorkers(request).map((worker) => {
          const signed = request.Entregado.some((row) => row.IdPersona === worker.IdPersona);
          return (
            <li key={worker.IdPersona}>
              <strong>
                {worker.NombreTrabajador} ({formatRut(worker.RunPersona)})
              </strong>
              {signed && <span className="badge workflow-badge--done"> Firmó</span>}
              <span className="muted">
                {' '}
                {request.Lineas.filter((line) => line.IdPersona === worker.IdPersona)
                  .map((line) => `${line.NombreEpp}${line.Talla ? ` talla ${line.Talla}` : ''} × ${line.Cantidad}`)
                  .join(' · ')}
              </span>
            </li>
          );
        })}
      </ul>
      {request.Estado !== 1 && request.CodigoDespacho && (
        <p className="muted">
          Despacho {request.CodigoDespacho} del {formatDisplayDate(request.FechaDespacho)} por {request.NombreDespachador} (
          {formatRut(`${request.RutDespachador}-${request.DvDespachador}`)})
        </p>
      )}
    </>
  );
}

/**
 * `/epp/solicitudes`: requests by state. Pendientes: edit sizes, delete, and (the office) dispatch one or several at
 * once; the list shrinks as they leave (spec section 4). Despachadas: at the worksite, open one to have its workers
 * sign their actas (the crew delivery, prefilled). Entregadas: who signed. Everything works on the device, offline.
 */
export function EppSolicitudesListPage() {
  const session = useRequiredSession();
  const db = useDevice()?.db;
  const navigate = useNavigate();
  const confirm = useConfirm();
  const showSaved = useSavedToast();
  const data = useRequests();
  const lookups = useEppLookups();
  const [error, setError] = useState<string | null>(null);
  const route = paths.eppSolicitudes.list.href;
  const can = (action: 'crear' | 'editar' | 'eliminar') => hasPermission(session, route, action);
  const canDeliver = hasPermission(session, paths.eppEntregados.list.href, 'crear');

  const remove = async (request: EppSolicitud) => {
    const ok = await confirm({
      header: 'Eliminar solicitud',
      message: `¿Eliminar la solicitud de EPP del ${formatDisplayDate(request.Fecha)} para ${requestWorkers(request).length} trabajador(es)? Esta ` +
        `acción no se puede deshacer.`,
    });
    if (!ok) return;
    await deleteRecord('epp_solicitudes', request);
    showSaved(EPP_SOLICITUDES_MESSAGES.deleted);
  };

  const deliver = async (request: EppSolicitud) => {
    if (!db || !lookups) return;
    setError(null);
    try {
      const id = await startRequestDelivery(db, request, lookups.tipoById, {
        companyId: session.empresa.IdEmpresa,
        userId: session.usuario.IdUsuario,
        idCliente: session.usuario.IdCliente ?? null,
      });
      navigate(paths.eppEntregados.editar.href(id));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'No fue posible iniciar la entrega en este dispositivo');
    }
  };

  const deliveryAction = (request: EppSolicitud) => {
    const crew = data?.crews.get(request.IdSolicitud);
    if (crew?.estado === 'finalizada')
      return <p className="notice notice--info">Firmas registradas en este dispositivo: se enviarán al sincronizar.</p>;
    if (crew)
      return (
        <IonButton size="small" routerLink={paths.eppEntregados.editar.href(crew.IdEntrega)}>
          Continuar firmas
        </IonButton>
      );
    return (
      <IonButton size="small" onClick={() => void deliver(request)}>
        Entregar y firmar<span className="visually-hidden"> {titleOf(request)}</span>
      </IonButton>
    );
  };

  const view: WorkflowCardView<EppSolicitud> = {
    title: titleOf,
    choiceName: (request) => `${titleOf(request)}, ${requestWorkers(request).map((worker) => worker.NombreTrabajador).join(', ')}`,
    subtitle: (request) => (
      <>
        por {request.Solicitante || 'este dispositivo'}
        {request.IdEvaluacion && ' · desde una inspección'}
      </>
    ),
    body: (request) => <RequestDetails request={request} />,
    actions: (request) => (
      <>
        <IonButton fill="outline" color="dark" size="small" routerLink={paths.eppSolicitudes.detalles.href(request.IdSolicitud)}>
          Ver detalle<span className="visually-hidden"> {titleOf(request)}</span>
        </IonButton>
        {request.Estado === 1 && can('editar') && (
          <IonButton fill="outline" color="dark" size="small" routerLink={paths.eppSolicitudes.editar.href(request.IdSolicitud)}>
            Editar tallas
          </IonButton>
        )}
        {request.Estado === 1 && can('eliminar') && (
          <IonButton fill="outline" color="danger" size="small" onClick={() => void remove(request)}>
            Eliminar<span className="visually-hidden"> {titleOf(request)}</span>
          </IonButton>
        )}
        {request.Estado === 2 && canDeliver && deliveryAction(request)}
      </>
    ),
  };

  return (
    <WorkflowListPage
      workflow={eppSolicitudWorkflow}
      title="Solicitudes de EPP"
      create={can('crear') && <IonButton routerLink={paths.eppSolicitudes.nuevo.href}>Nueva solicitud</IonButton>}
      plural="solicitudes"
      rows={data?.rows}
      view={view}
      // A crew delivery started here already holds the dispatched items: the dispatch stays until it is discarded.
      offers={(request, name) => name !== 'anularDespacho' || !data?.crews.has(request.IdSolicitud)}
      doneStates={[3]}
      error={error}
      form={({ rows, submit, close }) => (
        <DispatchDialog
          count={rows.length}
          dispatcher={{ Nombre: fullName(session), Rut: formatRut(session.usuario.RunPersona) }}
          onDispatch={submit}
          onClose={close}
        />
      )}
    />
  );
}
