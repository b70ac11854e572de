import { MOTIVO_CODES, MOTIVOS_ENTREGA, type MotivoEntrega } from '#sync/domain/epp-delivery.ts';
import { personName } from '#sync/domain/person-name.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { IonButton } from '@ionic/react';
import { Dexie } from 'dexie';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { DraftError } from '#app/data/drafts.ts';
import { useCargos, useNiveles } from '#app/data/reference-queries.ts';
import type { LocalTrabajador } from '#app/db/reference-rows.ts';
import { paths } from '#app/navigation/paths.ts';
import { levelName } from '#app/session/level-names.ts';
import { hasPermission } from '#app/session/session-permissions.ts';
import { useRequiredSession } from '#app/session/use-session.ts';
import { useDbQuery, useDevice } from '#app/sync/use-device.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { SelectFilter } from '#app/ui/list-filters.tsx';
import { FormActions } from '#app/ui/form/form-actions.tsx';
import { PageLoading } from '#app/ui/feedback/page-loading.tsx';
import { PageContent } from '#app/ui/page-content.tsx';
import { PageHeading } from '#app/ui/page-heading.tsx';
import { ChosenWorkers } from '#app/ui/workers/chosen-workers.tsx';
import { createCrewDraft, lineAgain, lineFor } from './epp-crew-store.ts';
import { proposedFor, useAssignments, useEppLookups } from './epp-queries.ts';
import '#app/ui/records.css';
import './epp-entrega-new.css';

type Group = 'cargo' | 'nv2' | 'nv3';

/** "Agregar todos": a position's, a level 2's or a level 3's workers on this device. */
function GroupPicker({
  label,
  options,
  onAdd,
}: {
  label: string;
  options: { value: string; label: string }[];
  onAdd: (value: string) => void;
}) {
  const [value, setValue] = useState('');
  return (
    <div className="epp-group-picker">
      <SelectFilter label={label} emptyLabel="Elige…" value={value} options={options} onChange={setValue} />
      <IonButton fill="outline" color="dark" disabled={!value} onClick={() => onAdd(value)}>
        Agregar todos
      </IonButton>
    </div>
  );
}

/**
 * `/epp/entregados/nuevo`: who receives (by name or RUT, or every worker of a position, a level 2 or a level 3) and
 * why; the EPP each must hold is proposed from their assignment on the next screen. `?corrige={acta}` starts the
 * correction of one worker's acta with its lines. Everything is on the device: it works with no signal.
 */
export function EppEntregaNewPage() {
  const session = useRequiredSession();
  const db = useDevice()?.db;
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const corrige = search.get('corrige');
  const lookups = useEppLookups();
  const assignments = useAssignments();
  const cargos = useCargos();
  const levels2 = useNiveles(2);
  const levels3 = useNiveles(3);
  const corrected = useDbQuery(async (database) => (corrige ? ((await database.epp_entregas.get(corrige)) ?? null) : null), [corrige]);
  const correctedWorker = useDbQuery(
    async (database) => (corrected ? ((await database.trabajadores.get(corrected.IdPersona)) ?? null) : null),
    [corrected],
  );
  const [chosen, setChosen] = useState<LocalTrabajador[]>([]);
  const [motivo, setMotivo] = useState<MotivoEntrega | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const allowed = hasPermission(session, paths.eppEntregados.list.href, 'crear');
  const ready = db && lookups && assignments && cargos && levels2 && levels3 && corrected !== undefined && correctedWorker !== undefined;
  const workers = corrected && correctedWorker ? [correctedWorker] : chosen;
  const reason = motivo ?? corrected?.Motivo ?? null;

  const add = (more: LocalTrabajador[]) =>
    setChosen((current) => [...current, ...more.filter((worker) => !current.some((other) => other.IdPersona === worker.IdPersona))]);
  // Read by index: a company may keep tens of thousands of workers on the device.
  const addGroup = async (group: Group, value: string) => {
    if (!db) return;
    const workers = db.trabajadores;
    const inLevel = (index: '[IdNivel2+orden]' | '[IdNivel3+orden]') =>
      workers.where(index).between([value, Dexie.minKey], [value, Dexie.maxKey]).toArray();
    add(
      group === 'cargo'
        ? await workers.where('cargos').equals(value).sortBy('orden')
        : await inLevel(group === 'nv2' ? '[IdNivel2+orden]' : '[IdNivel3+orden]'),
    );
  };

  const start = async () => {
    if (!ready) return;
    if (workers.length === 0) return setError('Elige al menos un trabajador');
    if (reason === null) return setError('Elige el motivo de la entrega');
    setStarting(true);
    setError(null);
    try {
      const id = await createCrewDraft(
        db,
        {
          workers,
          motivo: reason,
          idCliente: session.usuario.IdCliente ?? null,
          corrige: corrected?.IdEntregadosEpp ?? null,
          // A correction starts from the corrected acta's lines; a delivery from each worker's assignment.
          lines: (worker) => (corrected ? corrected.Items.map(lineAgain) : proposedFor(worker, assignments, lookups.tipoById).map(lineFor)),
        },
        { companyId: session.empresa.IdEmpresa, userId: session.usuario.IdUsuario },
      );
      navigate(paths.eppEntregados.editar.href(id), { replace: true });
    } catch (failure) {
      setError(failure instanceof DraftError ? failure.message : 'No fue posible iniciar la entrega en este dispositivo');
      setStarting(false);
    }
  };

  return (
    <PageContent>
      <div className="page-body">
        <PageHeading
          parentHref={paths.eppEntregados.list.href}
          parentLabel="Entregas de EPP"
          title={corrige ? 'Corregir un acta' : 'Nueva entrega de EPP'}
        />
        {!allowed ? (
          <p className="notice notice--warning">No tienes permiso para registrar entregas de EPP.</p>
        ) : !ready ? (
          <PageLoading />
        ) : corrige && (!corrected || !correctedWorker) ? (
          <p className="notice notice--warning">
            {corrected
              ? 'El trabajador del acta no está en este dispositivo.'
              : 'El acta que quieres corregir no está en este dispositivo.'}
          </p>
        ) : (
          <>
            {corrected && (
              <p className="notice notice--info">
                La corrección es una nueva acta que indica el acta que corrige; el acta original se conserva (anúlala si no vale).
              </p>
            )}
            <CardSection id="epp-new-workers" title="1. Trabajadores que reciben">
              {corrected ? (
                <p>
                  {corrected.NombreTrabajador} ({formatRut(corrected.RunPersona)})
                </p>
              ) : (
                <ChosenWorkers
                  searchLabel="Buscar trabajador por nombre o RUT"
                  listLabel="Trabajadores elegidos"
                  people={chosen.map((worker) => ({ id: worker.IdPersona, name: personName(worker), rut: worker.RunPersona }))}
                  empty="Aún no eliges trabajadores."
                  onPick={(worker) => add([worker])}
                  onRemove={(id) => setChosen((current) => current.filter((other) => other.IdPersona !== id))}
                >
                  <div className="epp-group-pickers">
                    <GroupPicker
                      label="Todos los de un cargo"
                      options={cargos.map((cargo) => ({ value: cargo.IdCargo, label: cargo.NombreCargo }))}
                      onAdd={(value) => void addGroup('cargo', value)}
                    />
                    <GroupPicker
                      label={`Todos los de un ${levelName(session, 2)}`}
                      options={levels2.map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
                      onAdd={(value) => void addGroup('nv2', value)}
                    />
                    <GroupPicker
                      label={`Todos los de un ${levelName(session, 3)}`}
                      options={levels3.map((level) => ({ value: level.IdNivel, label: level.Nombre }))}
                      onAdd={(value) => void addGroup('nv3', value)}
                    />
                  </div>
                </ChosenWorkers>
              )}
            </CardSection>
            <CardSection id="epp-new-reason" title="2. Motivo de la entrega">
              <fieldset className="check-group">
                <legend>Motivo*</legend>
                {MOTIVO_CODES.map((code) => (
                  <label key={code} className="check-group__option">
                    <input type="radio" name="epp-motivo" checked={reason === code} onChange={() => setMotivo(code)} />
                    {MOTIVOS_ENTREGA[code]}
                  </label>
                ))}
              </fieldset>
            </CardSection>
            <FormActions
              error={error}
              note="La entrega se guarda en este dispositivo a cada paso; puedes continuar aunque no haya conexión."
              busy={starting}
              onSubmit={() => void start()}
              cancelHref={paths.eppEntregados.list.href}
            >
              {workers.length > 1 ? `Comenzar entrega a ${workers.length} trabajadores` : 'Comenzar entrega'}
            </FormActions>
          </>
        )}
      </div>
    </PageContent>
  );
}
