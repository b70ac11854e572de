import { assignmentTargetProblem, EPP_ASIGNACIONES_MESSAGES, type EppAsignacion } from '#sync/schemas/epp-asignaciones.schema.ts';
import { IonButton } from '@ionic/react';
import { useId, useMemo, useState } from 'react';
import { createRecord, resendRecord, updateRecord } from '#app/records/record-writes.ts';
import { paths } from '#app/navigation/paths.ts';
import { CardSection } from '#app/ui/card-section.tsx';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { type CustomRecordForm, RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import { recordLabels } from '#app/ui/records/record-labels.ts';
import type { RecordView } from '#app/ui/records/record-view.ts';
import { WorkerSearch } from '#app/ui/workers/worker-search.tsx';
import { CheckList } from '#app/ui/form/check-list.tsx';
import { RadioList } from '#app/ui/form/radio-list.tsx';
import { SelectFilter } from '#app/ui/list-filters.tsx';
import { type EppLookups, useAssignments, useEppLookups } from './epp-queries.ts';
import '#app/ui/records.css';

const eppNames = (ids: readonly string[], { tipoById }: EppLookups) =>
  ids.map((id) => tipoById.get(id)?.NombreEpp ?? 'EPP eliminado').join(', ');

/** Assignments on the kit: named by their position or worker, listing what each must hold. */
const asignacionView: RecordView<'epp_asignaciones', EppLookups> = {
  table: 'epp_asignaciones',
  routes: paths.eppAsignacion,
  title: 'Asignación de EPP',
  listLabel: 'Asignaciones de EPP',
  labels: { ...recordLabels('asignación de EPP', true), create: 'Nueva asignación', data: 'Datos de la asignación' },
  useLookups: useEppLookups,
  name: (row, { cargoNames, workerNames }) =>
    row.IdCargo
      ? `Cargo: ${cargoNames.get(row.IdCargo) ?? 'cargo eliminado'}`
      : `Trabajador: ${workerNames.get(row.IdPersona ?? '') ?? 'trabajador no disponible'}`,
  fields: [
    {
      name: 'IdCargo',
      label: 'Cargo',
      show: (row, { cargoNames }) => (row.IdCargo ? (cargoNames.get(row.IdCargo) ?? 'Cargo eliminado') : ''),
      inList: false,
    },
    {
      name: 'IdPersona',
      label: 'Trabajador',
      show: (row, { workerNames }) => (row.IdPersona ? (workerNames.get(row.IdPersona) ?? 'Trabajador no disponible') : ''),
      inList: false,
    },
    { name: 'Epps', label: 'EPP que debe tener', show: (row, lookups) => eppNames(row.Epps, lookups) },
  ],
  filters: [
    {
      name: 'tipo',
      label: 'Asignaciones de',
      emptyLabel: 'Cargos y trabajadores',
      options: () => [
        { value: 'cargo', label: 'Cargos' },
        { value: 'persona', label: 'Trabajadores' },
      ],
      matches: (row, value) => (value === 'cargo' ? row.IdCargo !== null : row.IdPersona !== null),
    },
  ],
};

const TARGET_KINDS = [
  { value: 'cargo', label: 'Un cargo' },
  { value: 'persona', label: 'Un trabajador' },
] as const;

type AssignmentValues = Pick<EppAsignacion, 'IdCargo' | 'IdPersona' | 'Epps'>;

type AssignmentFormProps = Parameters<CustomRecordForm<'epp_asignaciones', AssignmentValues>['render']>[0] & {
  lookups: EppLookups;
  others: EppAsignacion[];
};

/** The position or the worker, and the EPP they must hold. One assignment per position or worker. */
function AssignmentForm({ row, lookups, others, submitLabel, submit, cancel }: AssignmentFormProps) {
  const id = useId();
  const [kind, setKind] = useState<'cargo' | 'persona'>(row?.IdPersona ? 'persona' : 'cargo');
  const [IdCargo, setCargo] = useState<string | null>(row?.IdCargo ?? null);
  const [IdPersona, setPersona] = useState<string | null>(row?.IdPersona ?? null);
  const [Epps, setEpps] = useState<string[]>(row?.Epps ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const values = { IdCargo: kind === 'cargo' ? IdCargo : null, IdPersona: kind === 'persona' ? IdPersona : null, Epps };
    const taken = others.some(
      (other) =>
        other.IdAsignacionEpp !== row?.IdAsignacionEpp &&
        ((values.IdCargo && other.IdCargo === values.IdCargo) || (values.IdPersona && other.IdPersona === values.IdPersona)),
    );
    const found =
      assignmentTargetProblem(values) ??
      (Epps.length === 0 ? EPP_ASIGNACIONES_MESSAGES.eppsRequired : null) ??
      (taken ? (values.IdCargo ? EPP_ASIGNACIONES_MESSAGES.cargoTaken : EPP_ASIGNACIONES_MESSAGES.workerTaken) : null);
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      await submit(values);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="record-form">
      <CardSection id={id} title="Datos de la asignación">
        <RadioList legend="Asignación de*" options={TARGET_KINDS} chosen={kind} onChange={setKind} />
        {kind === 'cargo' ? (
          <SelectFilter
            label="Cargo*"
            value={IdCargo ?? ''}
            emptyLabel="Elige un cargo"
            options={lookups.cargos.map((cargo) => ({ value: cargo.IdCargo, label: cargo.NombreCargo }))}
            onChange={(value) => setCargo(value || null)}
          />
        ) : IdPersona ? (
          <p>
            Trabajador: <strong>{lookups.workerNames.get(IdPersona) ?? 'no disponible en este dispositivo'}</strong>{' '}
            <IonButton fill="outline" color="dark" size="small" onClick={() => setPersona(null)}>
              Cambiar trabajador
            </IonButton>
          </p>
        ) : (
          <WorkerSearch label="Trabajador*" onPick={(worker) => setPersona(worker.IdPersona)} />
        )}
        <CheckList
          legend="EPP que debe tener*"
          options={lookups.tipos.map((tipo) => ({ value: tipo.IdEpp, label: tipo.NombreEpp }))}
          chosen={Epps}
          onChange={setEpps}
        />
      </CardSection>
      <div role="alert">{problem && <p className="notice notice--error">{problem}</p>}</div>
      <div className="button-row record-form__actions">
        <IonButton onClick={() => void save()} disabled={saving}>
          {submitLabel}
        </IonButton>
        <IonButton fill="outline" color="dark" onClick={cancel}>
          Cancelar
        </IonButton>
      </div>
    </div>
  );
}

function useAssignmentForm(): CustomRecordForm<'epp_asignaciones', AssignmentValues> {
  const lookups = useEppLookups();
  const others = useAssignments();
  return useMemo(
    () => ({
      ready: lookups !== undefined && others !== undefined,
      create: (values) => createRecord('epp_asignaciones', values),
      update: (row, values) => updateRecord('epp_asignaciones', row, values),
      resend: (key, row, values) => resendRecord('epp_asignaciones', key, row, values),
      render: (props) => <AssignmentForm {...props} lookups={lookups!} others={others ?? []} />,
    }),
    [lookups, others],
  );
}

export const EppAsignacionListPage = () => <RecordListPage view={asignacionView} />;
export const EppAsignacionDetailPage = () => <RecordDetailPage view={asignacionView} />;
export function EppAsignacionFormPage() {
  const custom = useAssignmentForm();
  return <RecordFormPage view={asignacionView} custom={custom} />;
}
