/**
 * A contract's activities by level (issue 37, spec Contract.Actividades): each activity is done at a worksite (level
 * 2; none, the contract's own) and optionally one of its level 3 areas, by some of the contract's workers. A worker's
 * accreditation is kept for each worksite where they work. The same rules on the form, the server and the device.
 */

export interface ContractActivity {
  IdActividad: string;
  /** The worksite; null: the contract's. */
  IdNivel2: string | null;
  IdNivel3: string | null;
  /** Who and what does it: some of the contract's workers, vehicles and equipment. */
  Recursos: ActivityResources;
}

export interface ActivityResources {
  Trabajadores: string[];
  Vehiculos: string[];
  Equipos: string[];
}

/** The resources an activity names, each of them a list the contract keeps under the same name. */
export const RESOURCES = ['Trabajadores', 'Vehiculos', 'Equipos'] as const;
export type Resource = (typeof RESOURCES)[number];

interface ActivitiesContract {
  IdNivel2: string;
  Trabajadores: readonly string[];
  Vehiculos: readonly string[];
  Equipos: readonly string[];
  Actividades: readonly unknown[];
}

export const ACTIVITY_MESSAGES = {
  workerNotOfContract: 'Un trabajador de una actividad debe estar entre los trabajadores del contrato',
  vehicleNotOfContract: 'Un vehículo de una actividad debe estar entre los vehículos del contrato',
  equipmentNotOfContract: 'Un equipo de una actividad debe estar entre los equipos del contrato',
  level3Invalid: 'El nivel 3 indicado no existe',
  level3NotOfWorksite: 'El nivel 3 de una actividad debe pertenecer a la faena de la actividad',
} as const;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * One stored activity. Contracts written before activities had levels hold only the activity's id: it reads as done
 * at the contract's worksite by none of its workers in particular.
 */
export function activityOf(item: unknown): ContractActivity {
  const row = (typeof item === 'string' ? { IdActividad: item } : (item ?? {})) as Record<string, unknown>;
  const named = (row.Recursos ?? {}) as Partial<Record<Resource, unknown>>;
  const ids = (value: unknown) => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);
  return {
    IdActividad: text(row.IdActividad) ?? '',
    IdNivel2: text(row.IdNivel2),
    IdNivel3: text(row.IdNivel3),
    Recursos: { Trabajadores: ids(named.Trabajadores), Vehiculos: ids(named.Vehiculos), Equipos: ids(named.Equipos) },
  };
}

export const contractActivities = (contract: Pick<ActivitiesContract, 'Actividades'>): ContractActivity[] => contract.Actividades.map(activityOf);

/** Where an activity is done: its worksite, or the contract's. */
export const worksiteOfActivity = (contract: Pick<ActivitiesContract, 'IdNivel2'>, activity: ContractActivity) =>
  activity.IdNivel2 ?? contract.IdNivel2;

type Placed = Pick<ActivitiesContract, 'IdNivel2' | 'Actividades'>;

/** The worksites where a worker, vehicle or machine of the contract works: those of its activities; in none, the contract's. */
export function worksitesOf(contract: Placed, resource: Resource, id: string): string[] {
  const sites = contractActivities(contract)
    .filter((activity) => activity.Recursos[resource].includes(id))
    .map((activity) => worksiteOfActivity(contract, activity));
  return sites.length === 0 ? [contract.IdNivel2] : [...new Set(sites)];
}

export const worksitesOfWorker = (contract: Placed, IdPersona: string) => worksitesOf(contract, 'Trabajadores', IdPersona);

/** Every worksite the contract works at: its own and its activities'. */
export function contractWorksites(contract: Placed): string[] {
  return [...new Set([contract.IdNivel2, ...contractActivities(contract).map((activity) => worksiteOfActivity(contract, activity))])];
}

const NOT_OF_CONTRACT: Record<Resource, string> = {
  Trabajadores: ACTIVITY_MESSAGES.workerNotOfContract,
  Vehiculos: ACTIVITY_MESSAGES.vehicleNotOfContract,
  Equipos: ACTIVITY_MESSAGES.equipmentNotOfContract,
};

/** What is wrong with the activities, or null: each one's workers, vehicles and equipment are the contract's. */
export function activitiesProblem(contract: Omit<ActivitiesContract, 'IdNivel2'>): string | null {
  const activities = contractActivities(contract);
  for (const resource of RESOURCES) {
    const roster = new Set(contract[resource]);
    if (activities.some((activity) => activity.Recursos[resource].some((id) => !roster.has(id)))) return NOT_OF_CONTRACT[resource];
  }
  return null;
}
