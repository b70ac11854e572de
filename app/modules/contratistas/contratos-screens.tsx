import { formatDisplayDate } from '#sync/domain/dates.ts';
import { formatRut } from '#sync/domain/rut.ts';
import { ACTIVITY_MESSAGES, activityOf, contractActivities, type ContractActivity, worksiteOfActivity } from '#sync/domain/contract-activities.ts';
import { CHAIN_MESSAGES, chainsOf } from '#sync/domain/subcontract-chains.ts';
import { contratoProblem } from '#sync/schemas/contratistas-contratos.schema.ts';
import { equipoEntity, type Equipo, vehiculoEntity, type Vehiculo } from '#sync/schemas/flota-activos.schema.ts';
import { MAINTAINER_PATHS } from '#app/navigation/served-routes.ts';
import { useDbQuery } from '#app/sync/use-device.ts';
import { RecordDetailPage } from '#app/ui/records/record-detail-page.tsx';
import { RecordFormPage } from '#app/ui/records/record-form-page.tsx';
import { RecordListPage } from '#app/ui/records/record-list-page.tsx';
import type { RecordView } from '#app/ui/records/record-view.ts';
import type { Acreditacion, AcreditacionActivo } from '#sync/schemas/contratistas-acreditaciones.schema.ts';
import type { DocumentoRequisito } from '#sync/schemas/contratistas-documentos.schema.ts';
import { type ComplianceLookups, ContratoCumplimiento } from './contrato-cumplimiento.tsx';
import { contractorOption, useContractorCompanies } from './use-contractor-companies.ts';

type Option = { value: string; label: string };

interface ContratoLookups extends ComplianceLookups {
  contractors: Option[];
  levels: Option[];
  /** Level 3 areas, each under its worksite. */
  areas: (Option & { parent: string | null })[];
  processes: Option[];
  activities: Option[];
  requirements: Option[];
  workers: (Option & { rut: string })[];
  vehicles: (Option & { rut: string })[];
  machines: (Option & { rut: string })[];
  name: ReadonlyMap<string, string>;
}

/** A contractor's vehicles or machines as the form offers them (the company's own are not a contract's). */
const contractorAssets = <Row extends { RutContratista: string }>(rows: Row[], id: (row: Row) => string, label: (row: Row) => string) =>
  rows
    .filter((row) => row.RutContratista !== '')
    .map((row) => ({ value: id(row), label: label(row), rut: row.RutContratista }))
    .sort((a, b) => a.label.localeCompare(b.label, 'es'));

/** The options of the companies of the contract being written: its contractor and subcontractors. */
const ofContractCompanies = <Row extends { rut: string }>(rows: Row[], values: Record<string, unknown>) => {
  const companies = [values.RutContratista, ...((values.Subcontratistas as string[] | undefined) ?? [])];
  return rows.filter((row) => companies.includes(row.rut));
};

/** Of the options, those the contract names in its list `field` (an activity's resources come from there). */
const named = <Row extends Option>(rows: Row[], values: Record<string, unknown>, field: string) => {
  const roster = (values[field] as string[] | undefined) ?? [];
  return rows.filter((row) => roster.includes(row.value));
};

const options = (rows: { id: string; name: string }[]) => rows.map((row) => ({ value: row.id, label: row.name }));

/** The device's catalogues and workers, and the company's contractors (read from the server when online). */
function useContratoLookups(): ContratoLookups | undefined {
  const contractors = useContractorCompanies();
  const device = useDbQuery(async (db) => {
    const all = async (table: string) => (await db.table(table).orderBy('orden').toArray()) as Record<string, string>[];
    const read = await Promise.all([
      db.niveles.orderBy('[TipoNivel+orden]').toArray(),
      all('procesos_faena'),
      all('actividades_contrato'),
      db.table('requisitos').toArray() as Promise<{ IdRequisito: string; Nombre: string }[]>,
      db.trabajadores.orderBy('orden').filter((worker) => !!worker.RutContratista).toArray(),
      db.table('documentos_requisito').toArray() as Promise<DocumentoRequisito[]>,
      db.table('acreditaciones').toArray() as Promise<Acreditacion[]>,
      db.table('acreditaciones_activo').toArray() as Promise<AcreditacionActivo[]>,
      db.table('vehiculos').toArray() as Promise<Vehiculo[]>,
      db.table('equipos').toArray() as Promise<Equipo[]>,
    ]);
    const [levels, processes, activities, requirements, workers, documents, accreditations, assetAccreditations, vehicles, machines] = read;
    return {
      documents,
      accreditations: accreditations.sort((a, b) => a.NombrePersona.localeCompare(b.NombrePersona, 'es')),
      assetAccreditations: assetAccreditations.sort((a, b) => a.NombreActivo.localeCompare(b.NombreActivo, 'es')),
      vehicles: contractorAssets(vehicles, (row) => row.IdVehiculo, (row) => vehiculoEntity.displayName(row)),
      machines: contractorAssets(machines, (row) => row.IdEquipo, (row) => equipoEntity.displayName(row)),
      levels: options(levels.filter((level) => level.TipoNivel === 2).map((level) => ({ id: level.IdNivel, name: level.Nombre }))),
      areas: levels
        .filter((level) => level.TipoNivel === 3)
        .map((level) => ({ value: level.IdNivel, label: level.Nombre, parent: level.IdNivelPadre ?? null })),
      processes: options(processes.map((row) => ({ id: row.Id!, name: row.Info! }))),
      activities: options(activities.map((row) => ({ id: row.Id!, name: row.Info! }))),
      requirements: options(requirements.map((row) => ({ id: row.IdRequisito, name: row.Nombre })).sort((a, b) => a.name.localeCompare(b.name, 'es'))),
      workers: workers.map((worker) => ({
        value: worker.IdPersona,
        label: `${[worker.Nombres, worker.ApellidoPaterno, worker.ApellidoMaterno].filter(Boolean).join(' ')} (${formatRut(worker.RunPersona)})`,
        rut: worker.RutContratista ?? '',
      })),
    };
  }, []);
  if (!device) return undefined;
  const known = (contractors ?? []).filter((row) => row.Estado === 1);
  const listed = new Set(known.map((row) => row.RutCompleto));
  const fromWorkers = [...new Set(device.workers.map((worker) => worker.rut))].filter((rut) => !listed.has(rut));
  const contractorOptions = [
    ...known.map(contractorOption),
    ...fromWorkers.map((rut) => ({ value: rut, label: formatRut(rut) })),
  ];
  const { levels, areas, processes, activities, requirements, workers, vehicles, machines } = device;

  const all = [...contractorOptions, ...levels, ...areas, ...processes, ...activities, ...requirements, ...workers, ...vehicles];
  all.push(...machines);
  return { ...device, contractors: contractorOptions, name: new Map(all.map((option) => [option.value, option.label])) };
}

const names = (ids: readonly string[], lookups: ContratoLookups) => ids.map((id) => lookups.name.get(id) ?? '').filter(Boolean).join(', ');

type ActivitiesOf = { IdNivel2: string; Actividades: readonly unknown[] };

/** «Mantención eléctrica en Faena Los Andes, Montaje Eléctrico: Juan Pérez (…)». */
function activityText(contract: ActivitiesOf, activity: ContractActivity, lookups: ContratoLookups): string {
  const place = [worksiteOfActivity(contract, activity), activity.IdNivel3].flatMap((id) => (id && lookups.name.get(id)) || []).join(', ');
  const { Trabajadores, Vehiculos, Equipos } = activity.Recursos;
  const who = names([...Trabajadores, ...Vehiculos, ...Equipos], lookups);
  return `${lookups.name.get(activity.IdActividad) ?? ''} en ${place}${who ? `: ${who}` : ''}`;
}

/** An activity's level 3 lies in the activity's worksite (the server says the same). */
function areaProblem(contract: ActivitiesOf, lookups: ContratoLookups): string | null {
  const parent = new Map(lookups.areas.map((area) => [area.value, area.parent]));
  const misplaced = contractActivities(contract).some(
    (activity) => activity.IdNivel3 && parent.get(activity.IdNivel3) !== worksiteOfActivity(contract, activity),
  );
  return misplaced ? ACTIVITY_MESSAGES.level3NotOfWorksite : null;
}

/** Contracts on the kit: the contractor, its worksite and dates, who answers on each side, its subcontractors, workers and requirements. */
const contratosView: RecordView<'contratos', ContratoLookups> = {
  table: 'contratos',
  routes: MAINTAINER_PATHS.contratos!,
  title: 'Contratos',
  labels: { create: 'Nuevo contrato', newTitle: 'Nuevo contrato', editTitle: 'Editar contrato', correctTitle: 'Corregir contrato', data: 'Datos del contrato' },
  useLookups: useContratoLookups,
  fields: [
    { name: 'Nombre', label: 'Nombre del contrato', required: true, input: { kind: 'text' }, inList: false },
    {
      name: 'RutContratista',
      label: 'Empresa contratista',
      required: true,
      show: (row, lookups) => lookups.name.get(row.RutContratista) ?? formatRut(row.RutContratista),
      input: { kind: 'select', emptyLabel: 'Elige la empresa contratista', options: (lookups) => lookups.contractors },
    },
    { name: 'IdNivel2', label: 'Faena', required: true, show: (row, lookups) => lookups.name.get(row.IdNivel2) ?? '', input: { kind: 'select', emptyLabel: 'Elige la faena', options: (lookups) => lookups.levels } },
    { name: 'FechaInicio', label: 'Fecha de inicio', required: true, show: (row) => formatDisplayDate(row.FechaInicio), input: { kind: 'date' } },
    { name: 'FechaTermino', label: 'Fecha de término', required: true, show: (row) => formatDisplayDate(row.FechaTermino), input: { kind: 'date' } },
    { name: 'IdProceso', label: 'Proceso', show: (row, lookups) => (row.IdProceso && lookups.name.get(row.IdProceso)) || '', input: { kind: 'select', emptyLabel: 'Sin proceso', options: (lookups) => lookups.processes }, inList: false },
    { name: 'NombreAdministrador', label: 'Administrador del contrato (mandante)', input: { kind: 'text' }, inList: false },
    { name: 'NombreResponsable', label: 'Responsable de la empresa contratista', input: { kind: 'text' }, inList: false },
    {
      name: 'Subcontratistas',
      label: 'Subcontratistas',
      show: (row, lookups) => names(row.Subcontratistas, lookups),
      input: { kind: 'multi', options: (lookups, values) => lookups.contractors.filter((option) => option.value !== values.RutContratista) },
      inList: false,
    },
    {
      name: 'Ascendencias',
      label: 'Para quién trabaja cada subcontratista',
      show: (row, lookups) => chainsOf(row).map((chain) => chain.map((rut) => lookups.name.get(rut) ?? formatRut(rut)).join(' → ')).join('; '),
      input: {
        kind: 'parents',
        of: 'Subcontratistas',
        emptyLabel: 'Para la empresa contratista',
        options: (lookups, values) => {
          const members = new Set(((values.Subcontratistas as string[] | undefined) ?? []).concat(String(values.RutContratista ?? '')));
          return lookups.contractors.filter((option) => members.has(option.value));
        },
      },
      inList: false,
    },
    {
      name: 'Trabajadores',
      label: 'Trabajadores del contrato',
      show: (row, lookups) => names(row.Trabajadores, lookups),
      input: { kind: 'multi', options: (lookups, values) => ofContractCompanies(lookups.workers, values) },
      inList: false,
    },
    {
      name: 'Vehiculos',
      label: 'Vehículos del contrato',
      show: (row, lookups) => names(row.Vehiculos, lookups),
      input: { kind: 'multi', options: (lookups, values) => ofContractCompanies(lookups.vehicles, values) },
      inList: false,
    },
    {
      name: 'Equipos',
      label: 'Equipos del contrato',
      show: (row, lookups) => names(row.Equipos, lookups),
      input: { kind: 'multi', options: (lookups, values) => ofContractCompanies(lookups.machines, values) },
      inList: false,
    },
    {
      name: 'Actividades',
      label: 'Actividades por nivel',
      show: (row, lookups) => contractActivities(row).map((activity) => activityText(row, activity, lookups)).join('; '),
      input: {
        kind: 'rows',
        noun: 'Actividad',
        empty: 'Sin actividades: los trabajadores del contrato se acreditan en su faena.',
        blank: () => activityOf({}) as unknown as Record<string, unknown>,
        rowOf: (item) => activityOf(item) as unknown as Record<string, unknown>,
        columns: (lookups, values, row) => {
          const site = (row.IdNivel2 as string | null) ?? values.IdNivel2;
          return [
            { path: 'IdActividad', label: 'Actividad', kind: 'select', required: true, emptyLabel: 'Elige la actividad', options: lookups.activities },
            { path: 'IdNivel2', label: 'Faena', kind: 'select', emptyLabel: 'La faena del contrato', options: lookups.levels },
            { path: 'IdNivel3', label: 'Nivel 3', kind: 'select', emptyLabel: 'Toda la faena', options: lookups.areas.filter((area) => area.parent === site) },
            { path: 'Recursos.Trabajadores', label: 'Trabajadores de la actividad', kind: 'multi', options: named(lookups.workers, values, 'Trabajadores') },
            { path: 'Recursos.Vehiculos', label: 'Vehículos de la actividad', kind: 'multi', options: named(lookups.vehicles, values, 'Vehiculos') },
            { path: 'Recursos.Equipos', label: 'Equipos de la actividad', kind: 'multi', options: named(lookups.machines, values, 'Equipos') },
          ];
        },
      },
      inList: false,
    },
    { name: 'Requisitos', label: 'Requisitos que exige', show: (row, lookups) => names(row.Requisitos, lookups), input: { kind: 'multi', options: (lookups) => lookups.requirements }, inList: false },
  ],
  defaults: { Subcontratistas: [], Ascendencias: {}, Actividades: [], Trabajadores: [], Vehiculos: [], Equipos: [], Requisitos: [] },
  sections: (row, lookups) => <ContratoCumplimiento contract={row} lookups={lookups} />,
  validate: (values, lookups) => {
    if (!values.FechaInicio || !values.FechaTermino || !values.RutContratista) return null;
    const contract = {
      FechaInicio: String(values.FechaInicio),
      FechaTermino: String(values.FechaTermino),
      RutContratista: String(values.RutContratista),
      IdNivel2: String(values.IdNivel2 ?? ''),
      Subcontratistas: (values.Subcontratistas as string[] | undefined) ?? [],
      Ascendencias: (values.Ascendencias as Record<string, string> | undefined) ?? {},
      Trabajadores: (values.Trabajadores as string[] | undefined) ?? [],
      Vehiculos: (values.Vehiculos as string[] | undefined) ?? [],
      Equipos: (values.Equipos as string[] | undefined) ?? [],
      Actividades: ((values.Actividades as unknown[] | undefined) ?? []).map(activityOf),
    };
    const problem = contratoProblem(contract) ?? areaProblem(contract, lookups);
    if (!problem) return null;
    if (problem.includes('término')) return { field: 'FechaTermino', message: problem };
    if ((Object.values(CHAIN_MESSAGES) as string[]).includes(problem)) return { field: 'Ascendencias', message: problem };
    if ((Object.values(ACTIVITY_MESSAGES) as string[]).includes(problem)) return { field: 'Actividades', message: problem };
    return { field: 'Subcontratistas', message: problem };
  },
};

export const ContratosListPage = () => <RecordListPage view={contratosView} />;
export const ContratoFormPage = () => <RecordFormPage view={contratosView} />;
export const ContratoDetailPage = () => <RecordDetailPage view={contratosView} />;
