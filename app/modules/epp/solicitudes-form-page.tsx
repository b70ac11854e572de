import { personName } from '#sync/domain/person-name.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { deliveryItemProblem } from '#sync/schemas/epp-entregas.schema.ts';
import { EPP_SOLICITUDES_MESSAGES, type RequestWorker, requestWorkers, type SolicitudLinea } from '#sync/schemas/epp-solicitudes.schema.ts';
import { IonButton } from '@ionic/react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { LocalTrabajador } from '#app/db/reference-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { updateRecord } from '#app/records/record-writes.ts';
import { fullName, hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { useSavedToast } from '#app/ui/feedback/use-saved-toast.ts';
import { FieldRecordPage } from '#app/ui/field-record/field-record-page.tsx';
import { FormActions } from '#app/ui/form/form-actions.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { WorkerSearch } from '#app/ui/workers/worker-search.tsx';
import { type SizedLinePatch, SizedLinesEditor } from '#app/ui/form/sized-lines-editor.tsx';
import { proposedFor, useAssignments, useEppLookups } from './epp-queries.ts';
import { lineOf, raiseRequest } from './solicitudes-writes.ts';
import '#app/ui/records.css';
import './solicitudes.css';

/**
 * `/epp/solicitudes/nuevo` (and `?inspeccion={id}` from an inspection: linked to it, its observed workers chosen):
 * workers by name or RUT, each with the EPP of their assignment proposed, a size per item from the catalogue's and a
 * quantity. `/epp/solicitudes/editar/{id}`: the sizes and quantities of a pending request. All on the device.
 */
/** A worker of the request, and their contractor (a request is for one contractor's workers, or the company's). */
type Chosen = RequestWorker & { RutContratista: string | null };

export function EppSolicitudFormPage() {
  const session = useRequiredSession();
  const navigate = useNavigate();
  const showSaved = useSavedToast();
  const { id } = useParams();
  const [search] = useSearchParams();
  const inspeccion = id ? null : search.get('inspeccion');
  const lookups = useEppLookups();
  const assignments = useAssignments();
  const current = useDbQuery(async (db) => (id ? ((await db.epp_solicitudes.get(id)) ?? null) : null), [id]);
  // The inspection's observed workers on this device (none when the inspection is not here), or null without one.
  const fromInspection = useDbQuery(
    async (db) => {
      const inspection = inspeccion ? await db.inspecciones.get(inspeccion) : undefined;
      const workers = (await db.trabajadores.bulkGet(inspection?.Observados ?? [])).flatMap((worker) => (worker ? [worker] : []));
      return inspeccion ? { found: inspection !== undefined, workers } : null;
    },
    [inspeccion],
  );
  const [lines, setLines] = useState<SolicitudLinea[] | null>(null);
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ready = lookups && assignments && current !== undefined && fromInspection !== undefined;
  const allowed = hasPermission(session, paths.eppSolicitudes.list.href, id ? 'editar' : 'crear');
  const contractor = chosen[0]?.RutContratista ?? null;

  /** The worker joins with the EPP of their assignment proposed (none: the person adds what they need). */
  const proposal = (worker: LocalTrabajador): SolicitudLinea[] => {
    if (!lookups || !assignments) return [];
    return proposedFor(worker, assignments, lookups.tipoById).map((tipo) => lineOf(chosenOf(worker), tipo));
  };
  const chosenOf = (worker: LocalTrabajador): Chosen => ({
    IdPersona: worker.IdPersona,
    RunPersona: worker.RunPersona,
    NombreTrabajador: personName(worker),
    RutContratista: worker.RutContratista ?? null,
  });

  // The form starts from the request being edited, or from the inspection's observed workers.
  useEffect(() => {
    if (!ready || lines !== null) return;
    if (current) {
      setLines(current.Lineas);
      setChosen(requestWorkers(current).map((worker) => ({ ...worker, RutContratista: current.RutContratista })));
    } else {
      const workers = (fromInspection?.workers ?? []).filter(
        (worker, _index, all) => (worker.RutContratista ?? null) === (all[0]?.RutContratista ?? null),
      );
      setLines(workers.flatMap(proposal));
      setChosen(workers.map(chosenOf));
    }
  }, [ready, current, fromInspection, lines]); // eslint-disable-line react-hooks/exhaustive-deps

  const pick = (worker: LocalTrabajador) => {
    setError(null);
    if (chosen.length > 0 && (worker.RutContratista ?? null) !== contractor) return setError(EPP_SOLICITUDES_MESSAGES.contractorsMixed);
    const proposed = proposal(worker);
    setChosen((all) => [...all, chosenOf(worker)]);
    setLines((all) => [...(all ?? []), ...proposed]);
    if (proposed.length === 0) setError(`${personName(worker)} no tiene EPP asignado: agrégale los EPP que necesita.`);
  };
  const change = (lineId: string, patch: SizedLinePatch) =>
    setLines((all) => (all ?? []).map((line) => (line.IdLinea === lineId ? { ...line, ...patch } : line)));
  const removeLine = (lineId: string) => setLines((all) => (all ?? []).filter((line) => line.IdLinea !== lineId));
  const removeWorker = (personaId: string) => {
    setChosen((all) => all.filter((worker) => worker.IdPersona !== personaId));
    setLines((all) => (all ?? []).filter((line) => line.IdPersona !== personaId));
  };

  const save = async () => {
    if (!lines || !lookups) return;
    if (lines.length === 0) return setError(EPP_SOLICITUDES_MESSAGES.linesRequired);
    const empty = chosen.find((worker) => !lines.some((line) => line.IdPersona === worker.IdPersona));
    if (empty) return setError(`${empty.NombreTrabajador} no tiene EPP en la solicitud: agrégale uno o quítalo`);
    for (const line of lines) {
      const problem = deliveryItemProblem(line, lookups.tipoById.get(line.IdEpp));
      if (problem) return setError(`${line.NombreTrabajador}, ${line.NombreEpp}: ${problem}`);
    }
    setSaving(true);
    setError(null);
    try {
      if (current) {
        // New sizes and quantities of a pending request: only the lines travel, from the Version the person saw.
        await updateRecord('epp_solicitudes', current, { Lineas: lines });
        showSaved(EPP_SOLICITUDES_MESSAGES.updated);
      } else {
        await raiseRequest(
          { IdEvaluacion: inspeccion && fromInspection?.found ? inspeccion : null, Lineas: lines, RutContratista: contractor },
          { userId: session.usuario.IdUsuario, userName: fullName(session), companyId: session.empresa.IdEmpresa },
        );
        showSaved(EPP_SOLICITUDES_MESSAGES.created);
      }
      navigate(paths.eppSolicitudes.list.href, { replace: true });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'No fue posible guardar la solicitud en este dispositivo');
      setSaving(false);
    }
  };

  const title = id ? 'Editar tallas de la solicitud' : 'Nueva solicitud de EPP';
  const notice = !allowed
    ? `No tienes permiso para ${id ? 'editar' : 'crear'} solicitudes de EPP.`
    : current && current.Estado !== 1
      ? EPP_SOLICITUDES_MESSAGES.notPending
      : null;
  return (
    <FieldRecordPage
      heading={<PageHeading parentHref={paths.eppSolicitudes.list.href} parentLabel="Solicitudes de EPP" title={title} />}
      notice={notice === null ? null : { text: notice, tone: 'warning' }}
      draft={!ready || !lines ? undefined : id && !current ? null : { lines, lookups }}
      missing={<p className="notice notice--warning">La solicitud no está en este dispositivo.</p>}
    >
      {({ lines, lookups }) => (
        <>
          {inspeccion && (
            <p className="notice notice--info">
              {fromInspection?.found
                ? 'La solicitud queda vinculada a la inspección; sus trabajadores observados ya están elegidos.'
                : 'La inspección no está en este dispositivo: la solicitud se hará sin vincularla.'}
            </p>
          )}
          {!id && (
            <CardSection id="epp-request-workers" title="1. Trabajadores">
              <WorkerSearch
                label="Buscar trabajador por nombre o RUT"
                onPick={pick}
                chosen={new Set(chosen.map((worker) => worker.IdPersona))}
              />
              {chosen.length === 0 && <p className="muted">Aún no eliges trabajadores. Se propone el EPP de su asignación.</p>}
            </CardSection>
          )}
          <CardSection id="epp-request-lines" title={id ? 'Tallas y cantidades' : '2. EPP, talla y cantidad por trabajador'}>
            {chosen.length === 0 ? (
              <p className="muted">Elige trabajadores para ver su EPP.</p>
            ) : (
              chosen.map((worker) => {
                const own = lines.filter((line) => line.IdPersona === worker.IdPersona);
                return (
                  <fieldset key={worker.IdPersona} className="epp-request-worker">
                    <legend>
                      {worker.NombreTrabajador} · {formatRut(worker.RunPersona)}
                    </legend>
                    <SizedLinesEditor
                      owner={worker.NombreTrabajador}
                      noun="EPP"
                      lines={own}
                      nameOf={(line) => line.NombreEpp}
                      sizesOf={(line) => lookups.tipoById.get(line.IdEpp)?.Tallas ?? []}
                      empty="Sin EPP: agrega lo que necesita o quítalo de la solicitud."
                      onChange={change}
                      {...(!id && {
                        onRemove: removeLine,
                        add: {
                          items: lookups.tipos
                            .filter((tipo) => !own.some((line) => line.IdEpp === tipo.IdEpp))
                            .map((tipo) => ({ id: tipo.IdEpp, name: tipo.NombreEpp })),
                          onAdd: (tipoId) => setLines((all) => [...(all ?? []), lineOf(worker, lookups.tipoById.get(tipoId)!)]),
                        },
                      })}
                    />
                    {!id && (
                      <IonButton fill="clear" color="dark" size="small" onClick={() => removeWorker(worker.IdPersona)}>
                        Quitar trabajador<span className="visually-hidden"> {worker.NombreTrabajador}</span>
                      </IonButton>
                    )}
                  </fieldset>
                );
              })
            )}
          </CardSection>
          <FormActions
            error={error}
            note="La solicitud se guarda en este dispositivo y se envía cuando haya conexión."
            busy={saving}
            onSubmit={() => void save()}
            cancelHref={paths.eppSolicitudes.list.href}
          >
            {id ? 'Guardar tallas' : 'Registrar solicitud'}
          </FormActions>
        </>
      )}
    </FieldRecordPage>
  );
}
