import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { recordKeyOf } from '#sync/outbox/outbox-entry.ts';
import {
  type Despacho,
  EPP_SOLICITUDES_MESSAGES,
  type EppSolicitud,
  type EstadoSolicitud,
  requestWorkers,
  SOLICITUD_ESTADOS,
} from '#sync/schemas/epp-solicitudes.schema.ts';
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueuedRecordKeys } from '#app/data/reference-queries.ts';
import { paths } from '#app/navigation/paths.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery, useDevice } from '#app/sync/use-device.ts';
import { useConfirm } from '#app/ui/feedback/use-confirm.ts';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { PageContent } from '#app/ui/page-content.tsx';
import { useEppLookups } from './epp-queries.ts';
import { DispatchDialog } from './solicitudes-dispatch-dialog.tsx';
import { dispatch, removeRequest, startRequestDelivery, undoDispatch } from './solicitudes-writes.ts';
import '#app/ui/records.css';
import './solicitudes.css';

const TABS: { estado: EstadoSolicitud; label: string; empty: string }[] = [
  { estado: 1, label: 'Pendientes', empty: 'No hay solicitudes pendientes de despacho.' },
  { estado: 2, label: 'Despachadas', empty: 'No hay solicitudes despachadas esperando firma.' },
  { estado: 3, label: 'Entregadas', empty: 'Aún no hay solicitudes entregadas.' },
];

/** Requests on this device by state, newest first; and the crew deliveries this device started for them. */
function useRequests() {
  return useDbQuery(async (db) => {
    const [rows, drafts] = await Promise.all([db.epp_solicitudes.toArray(), db.borradoresEpp.toArray()]);
    const crews = new Map(drafts.filter((draft) => draft.IdSolicitud).map((draft) => [draft.IdSolicitud!, draft]));
    return { rows: rows.sort((a, b) => b.Fecha.localeCompare(a.Fecha) || b.IdSolicitud.localeCompare(a.IdSolicitud)), crews };
  }, []);
}

/** A request's workers and what each needs. */
function RequestLines({ request }: { request: EppSolicitud }) {
  return (
    <ul className="epp-request-card__workers">
      {requestWorkers(request).map((worker) => {
        const signed = request.Entregado.some((row) => row.IdPersona === worker.IdPersona);
        return (
          <li key={worker.IdPersona}>
            <strong>
              {worker.NombreTrabajador} ({formatRut(worker.RunPersona)})
            </strong>
            {signed && <span className="badge epp-badge--ok"> Firmó</span>}
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
  const queued = useQueuedRecordKeys();
  const [tab, setTab] = useState<EstadoSolicitud>(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dispatching, setDispatching] = useState<EppSolicitud[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const route = paths.eppSolicitudes.list.href;
  const can = (action: 'crear' | 'editar' | 'eliminar' | 'despachar') => hasPermission(session, route, action);
  const canDeliver = hasPermission(session, paths.eppEntregados.list.href, 'crear');
  const shown = data?.rows.filter((row) => row.Estado === tab) ?? [];
  const chosen = shown.filter((row) => selected.has(row.IdSolicitud));
  const userName = [session.usuario.Nombres, session.usuario.ApellidoPaterno, session.usuario.ApellidoMaterno].filter(Boolean).join(' ');

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const remove = async (request: EppSolicitud) => {
    const ok = await confirm({
      header: 'Eliminar solicitud',
      message: `¿Eliminar la solicitud de EPP del ${formatDisplayDate(request.Fecha)} para ${requestWorkers(request).length} trabajador(es)? Esta ` +
        `acción no se puede deshacer.`,
    });
    if (!ok) return;
    await removeRequest(request);
    showSaved(EPP_SOLICITUDES_MESSAGES.deleted);
  };

  const doDispatch = async (despacho: Despacho) => {
    if (!dispatching) return;
    await dispatch(dispatching, despacho);
    showSaved(dispatching.length === 1 ? EPP_SOLICITUDES_MESSAGES.dispatched : EPP_SOLICITUDES_MESSAGES.dispatchedMany);
    setSelected(new Set());
    setDispatching(null);
  };

  const undo = async (request: EppSolicitud) => {
    const ok = await confirm({
      header: 'Anular despacho',
      message: `¿Anular el despacho ${request.CodigoDespacho ?? ''}? La solicitud vuelve a estar pendiente.`,
      confirmText: 'Anular despacho',
    });
    if (!ok) return;
    await undoDispatch(request);
    showSaved(EPP_SOLICITUDES_MESSAGES.dispatchUndone);
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

  return (
    <PageContent>
      <div className="page-body">
        <div className="epp-request-heading">
          <h1 className="page-title">Solicitudes de EPP</h1>
          {can('crear') && <IonButton routerLink={paths.eppSolicitudes.nuevo.href}>Nueva solicitud</IonButton>}
        </div>
        <div className="epp-request-tabs" role="group" aria-label="Estado de las solicitudes">
          {TABS.map((option) => {
            const count = data?.rows.filter((row) => row.Estado === option.estado).length;
            return (
              <IonButton
                key={option.estado}
                fill={tab === option.estado ? 'solid' : 'outline'}
                color="dark"
                aria-pressed={tab === option.estado}
                onClick={() => {
                  setTab(option.estado);
                  setSelected(new Set());
                }}
              >
                {option.label}
                {count !== undefined && ` (${count})`}
              </IonButton>
            );
          })}
        </div>
        <div role="alert">{error && <p className="notice notice--error">{error}</p>}</div>
        {tab === 1 && can('despachar') && shown.length > 0 && (
          <div className="button-row">
            <IonButton disabled={chosen.length === 0} onClick={() => setDispatching(chosen)}>
              {chosen.length > 1 ? `Despachar ${chosen.length} seleccionadas` : 'Despachar seleccionadas'}
            </IonButton>
          </div>
        )}
        {!data ? (
          <PageLoading />
        ) : shown.length === 0 ? (
          <p className="muted">{TABS.find((option) => option.estado === tab)!.empty}</p>
        ) : (
          <ul
            className="epp-request-list"
            aria-label={`Solicitudes ${TABS.find((option) => option.estado === tab)!.label.toLocaleLowerCase('es')}`}
          >
            {shown.map((request) => {
              const title = `Solicitud del ${formatDisplayDate(request.Fecha)}`;
              const pending = queued?.has(recordKeyOf('epp_solicitudes', request.IdSolicitud));
              const crew = data.crews.get(request.IdSolicitud);
              return (
                <li key={request.IdSolicitud} className="card epp-request-card">
                  <div className="epp-request-card__head">
                    {tab === 1 && can('despachar') && (
                      <input
                        type="checkbox"
                        aria-label={`Elegir para despachar: ${title}, ${requestWorkers(request)
                          .map((worker) => worker.NombreTrabajador)
                          .join(', ')}`}
                        checked={selected.has(request.IdSolicitud)}
                        onChange={() => toggle(request.IdSolicitud)}
                      />
                    )}
                    <h2>{title}</h2>
                    <span className="muted">
                      por {request.Solicitante || 'este dispositivo'}
                      {request.IdEvaluacion && ' · desde una inspección'}
                    </span>
                    <span className={`badge ${request.Estado === 3 ? 'epp-badge--ok' : ''}`}>
                      {SOLICITUD_ESTADOS[request.Estado as EstadoSolicitud]}
                    </span>
                    {pending && <span className="badge badge--pending">Pendiente de sincronizar</span>}
                  </div>
                  <RequestLines request={request} />
                  {request.Estado !== 1 && request.CodigoDespacho && (
                    <p className="muted">
                      Despacho {request.CodigoDespacho} del {formatDisplayDate(request.FechaDespacho)} por {request.NombreDespachador} (
                      {formatRut(`${request.RutDespachador}-${request.DvDespachador}`)})
                    </p>
                  )}
                  <div className="button-row">
                    {request.Estado === 1 && can('editar') && (
                      <IonButton
                        fill="outline"
                        color="dark"
                        size="small"
                        routerLink={paths.eppSolicitudes.editar.href(request.IdSolicitud)}
                      >
                        Editar tallas
                      </IonButton>
                    )}
                    {request.Estado === 1 && can('eliminar') && (
                      <IonButton fill="outline" color="danger" size="small" onClick={() => void remove(request)}>
                        Eliminar<span className="visually-hidden"> {title}</span>
                      </IonButton>
                    )}
                    {request.Estado === 2 &&
                      canDeliver &&
                      (crew?.estado === 'finalizada' ? (
                        <p className="notice notice--info">Firmas registradas en este dispositivo: se enviarán al sincronizar.</p>
                      ) : crew ? (
                        <IonButton size="small" routerLink={paths.eppEntregados.editar.href(crew.IdEntrega)}>
                          Continuar firmas
                        </IonButton>
                      ) : (
                        <IonButton size="small" onClick={() => void deliver(request)}>
                          Entregar y firmar<span className="visually-hidden"> {title}</span>
                        </IonButton>
                      ))}
                    {request.Estado === 2 && request.Entregado.length === 0 && !crew && can('despachar') && (
                      <IonButton fill="outline" color="dark" size="small" onClick={() => void undo(request)}>
                        Anular despacho<span className="visually-hidden"> {title}</span>
                      </IonButton>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {dispatching && (
        <DispatchDialog
          count={dispatching.length}
          dispatcher={{ Nombre: userName, Rut: formatRut(session.usuario.RunPersona) }}
          onDispatch={doDispatch}
          onClose={() => setDispatching(null)}
        />
      )}
    </PageContent>
  );
}
